/// The header and footer Chromium draws in every page's margins: the clinic and the report's kind at the top; the
/// report's title,
/// its reference and "Page N of M" at the bottom.
///
/// Chromium renders these templates apart from the page, with none of its stylesheet and a default font size too
/// small to read, so every style is inline and sized; the paper's margins leave room for them. Text is HTML-escaped
/// by Unicode scalars (`HTMLEscaping`); `pageNumber` and `totalPages` are Chromium's own fields.
enum PrintDecorations {
    /// The style both templates share: the page's side margins, a small readable type, no colour but grey.
    static func boxStyle(_ paper: Paper) -> String {
        let side = millimetres(paper.horizontalMarginInches)
        return "box-sizing:border-box;width:100%;margin:0;padding:0 \(side)mm;"
            + "font-family:system-ui,'DejaVu Sans',Arial,sans-serif;font-size:8pt;line-height:1.3;color:#444;"
            + "display:flex;justify-content:space-between;align-items:baseline;gap:6mm;"
    }

    /// The header: the print job's heading (the clinic and the report's kind).
    static func header(_ heading: String, paper: Paper) -> String {
        "<div style=\"\(boxStyle(paper))\"><span style=\"font-weight:600;\">\(HTMLEscaping.escaped(heading))</span></div>"
    }

    /// The footer: the report's title and reference on the left, "Page N of M" on the right.
    static func footer(title: String, reference: String, paper: Paper) -> String {
        let label =
            "<span style=\"flex:1 1 auto;min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;\">"
            + "\(HTMLEscaping.escaped(title)) · Reference \(HTMLEscaping.escaped(reference))</span>"
        let page =
            "<span style=\"flex:none;white-space:nowrap;\">Page <span class=\"pageNumber\"></span> of "
            + "<span class=\"totalPages\"></span></span>"
        return "<div style=\"\(boxStyle(paper))\">\(label)\(page)</div>"
    }

    private static func millimetres(_ inches: Double) -> String {
        let tenths = Int((inches * 254).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
