/// The paper a report's PDF is printed on, from `paper:` in `site.yml`: the one source of the page size and
/// margins (the stylesheet sets no `@page` size or margin, so Chromium takes them from the print request).
public enum Paper: String, Sendable, Hashable, CaseIterable {
    /// ISO A4, 210 × 297 mm: the default.
    case a4
    /// US Letter, 8.5 × 11 in.
    case letter

    /// The page width in inches, as `Page.printToPDF` takes it.
    public var widthInches: Double {
        switch self {
        case .a4: 210 / 25.4
        case .letter: 8.5
        }
    }

    /// The page height in inches.
    public var heightInches: Double {
        switch self {
        case .a4: 297 / 25.4
        case .letter: 11
        }
    }

    /// The top and bottom margins in inches: room for the header (site title) and the footer (title, reference,
    /// page number), which Chromium draws inside the margins.
    public var verticalMarginInches: Double { 22 / 25.4 }

    /// The left and right margins in inches.
    public var horizontalMarginInches: Double { 18 / 25.4 }
}
