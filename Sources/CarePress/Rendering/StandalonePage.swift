/// A page made to stand alone, as `export --format html` writes it: one file, with no link to another file of the
/// site, which it does not carry.
///
/// Every `<a href>` whose target is a file (a relative link, such as a report's link into the guide or the site's
/// title linking the home page) or cannot work from a single file (an absolute path, a `file:` URL) is replaced by its
/// text; links to the web, `mailto:`, `tel:` and same-page `#fragment` links stay. The layout leaves the breadcrumb
/// trail out of such a page. What `LinkCheck` reads as a link is what is looked at (`HTMLScanner`), so the stylesheet
/// inlined in the page is never read as markup.
enum StandalonePage {
    /// The page's HTML with its links to other files turned into their text. `path` is the page's path in the
    /// output folder it was made for, against which its relative links are read.
    static func unlinked(_ html: [UInt8], path: String) -> [UInt8] {
        var scanner = HTMLScanner(html)
        var cuts: [Range<Int>] = []
        let closing = Array("</a>".utf8)
        while let tag = scanner.nextStartTag() {
            guard tag.name == "a", let href = tag.attributes.first(where: { $0.name == "href" }),
                tag.range.lowerBound >= (cuts.last?.upperBound ?? 0)
            else { continue }
            let link = LinkCheck.Link(element: "a", attribute: "href", url: scanner.value(of: href), position: .start)
            switch LinkCheck.target(of: link, from: path) {
            case .skipped, .remote: continue
            case .file, .invalid: break
            }
            // Links do not nest, in libcmark's output or the theme's: the next end tag closes this one.
            guard let end = ByteSearch.firstIndex(of: closing, in: html, from: tag.range.upperBound) else { continue }
            cuts += [tag.range, end..<(end + closing.count)]
        }
        guard !cuts.isEmpty else { return html }
        var result: [UInt8] = []
        result.reserveCapacity(html.count)
        var position = 0
        for cut in cuts {
            result += html[position..<cut.lowerBound]
            position = cut.upperBound
        }
        result += html[position...]
        return result
    }
}
