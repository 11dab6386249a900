/// An image of a report that its HTML page shows inline: an SVG in place of the `<img>` that libcmark made of the
/// Markdown's image (`![alt](source)`), so that the page carries it (an exported page stands alone) and the theme's
/// stylesheet styles it (light, dark and print colours).
///
/// The Markdown keeps the image, which the build writes as a file beside it (see `Report.extraFiles`).
struct InlineFigure {
    /// The image's source as the page's `<img>` has it, relative to the page.
    var source: String
    /// The SVG markup (UTF-8), carrying its own text alternative (`role="img"`, `aria-label`, `<title>`).
    var svg: [UInt8]

    /// The page with each figure's `<img src="source" …/>` replaced by its SVG, and the paragraph that held the image
    /// alone dropped; an image the page does not show (a theme left it out) is left alone.
    static func inlined(_ figures: [InlineFigure], in html: [UInt8]) -> [UInt8] {
        var html = html
        for figure in figures {
            let opening = Array("<img src=\"\(HTMLEscaping.escaped(figure.source))\" alt=\"".utf8)
            guard let start = ByteSearch.firstIndex(of: opening, in: html) else { continue }
            // The alt text is escaped (`>` is `&gt;`), so the tag ends at the first `>`.
            guard let close = html[start...].firstIndex(of: UInt8(ascii: ">")) else { continue }
            var range = start..<(close + 1)
            let paragraph = (Array("<p>".utf8), Array("</p>".utf8))
            if start >= 3, Array(html[(start - 3)..<start]) == paragraph.0,
                html[range.upperBound...].starts(with: paragraph.1)
            {
                range = (start - 3)..<(range.upperBound + 4)
            }
            var svg = figure.svg
            while svg.last == UInt8(ascii: "\n") { svg.removeLast() }
            html.replaceSubrange(range, with: svg)
        }
        return html
    }
}
