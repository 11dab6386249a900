/// What the templates of a reports index page see (`ReportsIndex`): the introduction (`reports/index.md`, with
/// `site` and `root` as every Markdown part has them) and the page (`reports/index.html`) read this; the page links
/// (`reports/index-pages.md`) read `Links`.
///
/// The parts libcmark made (`entriesHTML`, `paginationHTML`, `introHTML`) are held as bytes and reach the page as
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

    /// The links between the pages of an index of more than one page: `pagination` of `reports/index-pages.md`.
    struct Links: ViewModel {
        /// One page's link.
        struct Page: ViewModel {
            var number: String
            var href: String
            var current: Bool

            func field(_ name: FieldName) -> TemplateValue? {
                switch name.key {
                case .number: .text(number)
                case .href: .text(href)
                case .current: .flag(current)
                default: nil
                }
            }
        }

        var page: String
        var pageCount: String
        var pages: [Page]
        var previous: String?
        var next: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .pagination: .object(Pagination(links: self))
            default: nil
            }
        }

        /// The links as the template's `pagination` section sees them.
        private struct Pagination: ViewModel {
            let links: Links

            func field(_ name: FieldName) -> TemplateValue? {
                switch name.key {
                case .page: .text(links.page)
                case .pageCount: .text(links.pageCount)
                case .pages: .objects(links.pages)
                case .previous: .text(links.previous)
                case .next: .text(links.next)
                default: nil
                }
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
    var paginationHTML: [UInt8]?
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
        case .paginationHTML: paginationHTML.map { .utf8($0) }
        case .failuresHTML: failuresHTML.map { .utf8($0) }
        case .failureCount: failureCount.map { .text($0) }
        case .introHTML: introHTML.map { .utf8($0) }
        default: nil
        }
    }
}
