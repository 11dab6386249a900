/// What the templates of a reports index page see (`ReportsIndex`): the introduction (`reports/index.md`, with
/// `site` and `root` as every Markdown part has them) and the page (`reports/index.html`) read this; the page links
/// (`reports/index-pages.html`, a partial of the page) read `Links`.
///
/// The parts libcmark made (`entriesHTML`, `introHTML`) are held as bytes and reach the page as
/// they are: a page of a thousand entries is half a megabyte, which a `String` would validate and copy at each step.
struct ReportsIndexPage: ViewModel {
    /// One kind of report, for the filter's menu.
    struct Kind: ViewModel {
        var value: String
        var title: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .value: .text(value)
            case .title: .text(title)
            default: nil
            }
        }
    }

    /// One section: an attention level, or the reports that need none.
    struct Section: ViewModel {
        var id: String
        var title: String
        /// Its CSS class: the attention level.
        var level: String
        var urgent: Bool
        var needsAttention: Bool
        /// How many reports the whole index has at this level, in words.
        var count: String
        /// Whether the section started on an earlier page.
        var continued: Bool
        var entriesHTML: [UInt8]

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .id: .text(id)
            case .title: .text(title)
            case .class: .text(level)
            case .urgent: .flag(urgent)
            case .needsAttention: .flag(needsAttention)
            case .count: .text(count)
            case .continued: .flag(continued)
            case .entriesHTML: .utf8(entriesHTML)
            default: nil
            }
        }
    }

    /// The links between the pages of an index of more than one page: `pagination` of `reports/index.html`, shown
    /// above and below the list by `reports/index-pages.html`.
    ///
    /// The first and last pages and those near this one are linked, with a gap between for pages left out: the links
    /// stay a handful whatever the number of pages (at 100,000 reports there are hundreds), so a page's weight does
    /// not grow with the index.
    struct Links: ViewModel {
        /// One page's link, or a gap (no number, no link) for the pages left out between two links.
        struct Page: ViewModel {
            var number: String?
            var href: String?
            var current = false

            func field(_ name: FieldName) -> TemplateValue? {
                switch name.key {
                case .number: .text(number)
                case .href: .text(href)
                case .current: .flag(current)
                default: nil
                }
            }
        }

        /// Pages linked on each side of this one.
        static let neighbours = 2

        var page: String
        var pageCount: String
        var pages: [Page]
        var previous: String?
        var next: String?

        /// The links of page `number` (from 1) of `pageCount`, relative to that page's path `here`.
        init(page number: Int, of pageCount: Int, from here: String) {
            func link(_ page: Int) -> String { RelativeLink.to(ReportsIndex.path(page: page), from: here) }
            page = String(number)
            self.pageCount = String(pageCount)
            let near = max(1, number - Self.neighbours)...max(1, min(pageCount, number + Self.neighbours))
            // A gap of a single page shows that page instead: "1 2 3 4", never "1 … 3 4".
            var shown = Set(near).union([1, pageCount])
            if near.lowerBound == 3 { shown.insert(2) }
            if near.upperBound == pageCount - 2 { shown.insert(pageCount - 1) }
            pages = []
            for page in shown.sorted() {
                if let last = pages.last?.number.flatMap(Int.init), page > last + 1 { pages.append(Page()) }
                pages.append(Page(number: String(page), href: link(page), current: page == number))
            }
            previous = number > 1 ? link(number - 1) : nil
            next = number < pageCount ? link(number + 1) : nil
        }

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .page: .text(page)
            case .pageCount: .text(pageCount)
            case .pages: .objects(pages)
            case .previous: .text(previous)
            case .next: .text(next)
            default: nil
            }
        }
    }

    var title: String
    var countLine: String
    var total: String
    var dataSource: String
    var scriptSource: String
    var kinds: [Kind]
    var sections: [Section] = []
    /// The page links; nil for an index of one page.
    var pagination: Links?
    /// The records that failed (the first page only), and how many, in words; nil when none did.
    var failuresHTML: [UInt8]?
    var failureCount: String?
    /// The heading and count line; nil while they are rendered (their template does not see them).
    var introHTML: [UInt8]?

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .title: .text(title)
        case .countLine: .text(countLine)
        case .total: .text(total)
        case .dataSource: .text(dataSource)
        case .scriptSource: .text(scriptSource)
        case .kinds: .objects(kinds)
        case .sections: .objects(sections)
        case .empty: .flag(sections.isEmpty)
        case .pagination: pagination.map { .object($0) }
        case .failuresHTML: failuresHTML.map { .utf8($0) }
        case .failureCount: failureCount.map { .text($0) }
        case .introHTML: introHTML.map { .utf8($0) }
        default: nil
        }
    }
}
