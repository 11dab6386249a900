/// Whether a build prints every report to PDF as well (`carepress build --pdf`).
public enum PDFRequest: Sendable, Equatable {
    /// Markdown and HTML only.
    case none
    /// A PDF beside every report's HTML, each page given at most `pageTimeout` seconds.
    case print(pageTimeout: Double)
}
