/// The view model of the layout (`layouts/page.html`): the page around its content.
struct LayoutViewModel: ViewModel {
    /// One step of the breadcrumb trail.
    struct Crumb: ViewModel {
        var title: String
        /// The link from the page, or nil for the page itself.
        var href: String?
        /// Whether this is the last step (the page itself).
        var last: Bool

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .title: .text(title)
            case .href: .text(href)
            case .last: .flag(last)
            default: nil
            }
        }
    }

    var site: SiteViewModel
    /// The prefix that leads from the page to the output folder.
    var root: String
    var title: String
    /// The class of `<body>`.
    var kind: String
    var hasSearch: Bool
    /// The page's HTML (UTF-8).
    var content: [UInt8]
    var breadcrumbs: [Crumb]
    /// The appendix's HTML (UTF-8), if any.
    var appendix: [UInt8]?
    /// The stylesheet's text, for a standalone page.
    var inlineStylesheet: String?
    /// Whether the footer shows the site's disclaimer.
    var footerDisclaimer: Bool
    /// Whether the page stands alone (an exported report): no breadcrumb trail into a site it is not part of.
    var isStandalone = false

    /// The document's `<title>`: the page's title, then the site's; the site's alone on a page named after the site
    /// (the home page), rather than the site's name twice.
    var documentTitle: String {
        title == site.site.title ? title : "\(title) · \(site.site.title)"
    }

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .content: .utf8(content)
        case .documentTitle: .text(documentTitle)
        case .root: .text(root)
        case .site: .object(site)
        case .title: .text(title)
        case .kind: .text(kind)
        case .hasSearch: .flag(hasSearch)
        case .breadcrumbs: .objects(breadcrumbs)
        case .appendix: appendix.map { .utf8($0) }
        case .inlineStylesheet: .text(inlineStylesheet)
        case .footerDisclaimer: .flag(footerDisclaimer)
        case .isStandalone: .flag(isStandalone)
        default: nil
        }
    }
}
