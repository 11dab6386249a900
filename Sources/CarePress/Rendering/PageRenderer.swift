/// Renders one page the way every page is made: a Markdown template, then libcmark in safe mode, then the layout.
public struct PageRenderer: Sendable {
    /// One step of a page's breadcrumb trail.
    public struct Crumb: Sendable {
        /// What the step is called.
        public var title: String
        /// The output path it links to; nil for the current page.
        public var path: String?

        /// Creates a step.
        public init(_ title: String, _ path: String? = nil) {
            self.title = title
            self.path = path
        }
    }

    /// What the layout needs to know about a page besides its content.
    public struct Page: Sendable {
        /// The page's path in the output folder, e.g. `guide/conditions/acl-tear.html`.
        public var path: String
        /// The page title.
        public var title: String
        /// The trail from the home page to this one.
        public var breadcrumbs: [Crumb]
        /// A class for `<body>` that stylesheets can key on, e.g. `report consult`.
        public var kind: String
        /// Whether the page loads the guide's search script.
        public var hasSearch: Bool
        /// Whether the stylesheet is inlined, so the page displays correctly as a single file (an exported report),
        /// and the breadcrumb trail left out; otherwise the page links the site's stylesheet.
        public var isStandalone: Bool
        /// Whether the layout's footer shows the site's disclaimer; off for a page whose content already shows it
        /// (a report: `ReportGuardrail` holds it to that), so the page does not say it twice.
        public var footerDisclaimer: Bool

        /// Describes a page.
        public init(
            path: String, title: String, breadcrumbs: [Crumb], kind: String, hasSearch: Bool = false,
            isStandalone: Bool = false, footerDisclaimer: Bool = true
        ) {
            self.path = path
            self.title = title
            self.breadcrumbs = breadcrumbs
            self.kind = kind
            self.hasSearch = hasSearch
            self.isStandalone = isStandalone
            self.footerDisclaimer = footerDisclaimer
        }
    }

    /// The rendered forms of one page.
    public struct Output: Sendable {
        /// The Markdown the page is made from (with the appendix, if any, at the end).
        public var markdown: String
        /// The Markdown of the appendix alone, if the page has one.
        public var appendixMarkdown: String? = nil
        /// The HTML that libcmark made of the Markdown without the appendix: what the page shows as its content.
        public var contentHTML: String
        /// The HTML document.
        public var html: String
    }

    /// The theme.
    public let templates: TemplateSet
    /// The site settings.
    public let site: Site
    /// The layout template that wraps every page.
    public static let layout = "layouts/page.html"

    /// Creates a renderer.
    public init(templates: TemplateSet, site: Site) {
        self.templates = templates
        self.site = site
    }

    /// The rendered forms of one page as UTF-8, as the batch writes them (`Output` holds the same as text).
    struct UTF8Output {
        /// The Markdown the page is made from (with the appendix, if any, at the end).
        var markdown: [UInt8]
        /// The HTML that libcmark made of the Markdown without the appendix: what the page shows as its content.
        var contentHTML: [UInt8]
        /// The HTML document.
        var html: [UInt8]
    }

    /// Renders a Markdown template with a typed view model, then the HTML page around it.
    ///
    /// With an `appendix` template (rendered with the same view model), a non-blank result is added to the end of the
    /// Markdown and set apart in the HTML as `<section class="appendix">`, so print styles can start it on a new page.
    public func render(_ template: String, _ model: any ViewModel, page: Page, appendix: String? = nil)
        throws(TemplateErrors) -> Output
    {
        let (markdown, appendixMarkdown) = try markdownUTF8(template, model, page: page, appendix: appendix)
        return try textOutput(markdown: markdown, appendix: appendixMarkdown, page: page)
    }

    /// `render(_:_:page:appendix:)` as UTF-8, with no `String` made of the Markdown or the HTML on the way: the
    /// batch's path, where a report's text goes through the template, libcmark and the layout.
    func renderUTF8(_ template: String, _ model: any ViewModel, page: Page, appendix: String? = nil)
        throws(TemplateErrors) -> UTF8Output
    {
        let (markdown, appendixMarkdown) = try markdownUTF8(template, model, page: page, appendix: appendix)
        return try output(markdown: markdown, appendix: appendixMarkdown, page: page)
    }

    /// The Markdown of a typed page and of its appendix, as UTF-8.
    private func markdownUTF8(_ template: String, _ model: any ViewModel, page: Page, appendix: String?)
        throws(TemplateErrors) -> (markdown: [UInt8], appendix: [UInt8]?)
    {
        let framed = framed(model, page: page)
        let markdown = try templates.renderUTF8(template, framed)
        let appendixMarkdown = try appendix.map { name throws(TemplateErrors) in
            try templates.renderUTF8(name, framed)
        }
        return (markdown, appendixMarkdown)
    }

    /// Renders a Markdown template with a dictionary context, then the HTML page around it (see the typed form).
    public func render(_ template: String, _ context: [String: Any], page: Page, appendix: String? = nil)
        throws(TemplateErrors) -> Output
    {
        let context = framed(context, page: page)
        let markdown = try templates.render(template, context)
        let appendixMarkdown = try appendix.map { name throws(TemplateErrors) in try templates.render(name, context) }
        return try textOutput(
            markdown: Array(markdown.utf8), appendix: appendixMarkdown.map { Array($0.utf8) }, page: page)
    }

    /// The page's forms from its Markdown and its appendix's, as text.
    private func textOutput(markdown: [UInt8], appendix: [UInt8]?, page: Page) throws(TemplateErrors) -> Output {
        let output = try output(markdown: markdown, appendix: appendix, page: page)
        let shown = appendix.flatMap { Self.isBlank($0) ? nil : String(decoding: $0, as: UTF8.self) }
        return Output(
            markdown: String(decoding: output.markdown, as: UTF8.self), appendixMarkdown: shown,
            contentHTML: String(decoding: output.contentHTML, as: UTF8.self),
            html: String(decoding: output.html, as: UTF8.self))
    }

    /// The page's forms from its Markdown and its appendix's (which counts only when it is not blank); blocks the
    /// template marked as callouts become the theme's callouts (see `CalloutMarkdown`).
    private func output(markdown: [UInt8], appendix: [UInt8]?, page: Page) throws(TemplateErrors) -> UTF8Output {
        let contentHTML = try CalloutMarkdown.html(fromMarkdown: markdown, templates: templates)
        guard let appendix, !Self.isBlank(appendix) else {
            return UTF8Output(
                markdown: markdown, contentHTML: contentHTML, html: try html(content: contentHTML, page: page))
        }
        let html = try html(content: contentHTML, page: page, appendix: CommonMark.html(fromBytes: appendix))
        var whole = markdown
        whole.reserveCapacity(markdown.count + 2 + appendix.count)
        whole += markdown.last == UInt8(ascii: "\n") ? [0x0A] : [0x0A, 0x0A]
        whole += appendix
        return UTF8Output(markdown: whole, contentHTML: contentHTML, html: html)
    }

    /// Whether UTF-8 text is blank: every `Character` of it white space (as `Character.isWhitespace`, which looks
    /// at a `Character`'s first scalar).
    ///
    /// An ASCII byte that is not white space makes a `Character` that is not (it starts one, or follows a prepended
    /// mark, which is not white space either); text of ASCII white space alone is blank; the rest is asked of the
    /// `Character`s.
    static func isBlank(_ utf8: some Collection<UInt8>) -> Bool {
        var ascii = true
        for byte in utf8 {
            if byte >= 0x80 {
                ascii = false
            } else if byte != 0x20 && !(0x09...0x0D).contains(byte) {
                return false
            }
        }
        return ascii || String(decoding: utf8, as: UTF8.self).allSatisfy(\.isWhitespace)
    }

    /// Renders a Markdown template to an HTML fragment (libcmark, safe mode), for a page composed of several parts.
    public func fragment(_ template: String, _ context: [String: Any], page: Page) throws(TemplateErrors) -> String {
        CommonMark.html(from: try templates.render(template, framed(context, page: page)))
    }

    /// Renders a Markdown template with a typed view model to an HTML fragment (see the dictionary form).
    public func fragment(_ template: String, _ model: any ViewModel, page: Page) throws(TemplateErrors) -> String {
        String(decoding: try fragmentUTF8(template, model, page: page), as: UTF8.self)
    }

    /// `fragment(_:_:page:)` from UTF-8 to UTF-8, for a page composed of large parts (a reports index page).
    func fragmentUTF8(_ template: String, _ model: any ViewModel, page: Page) throws(TemplateErrors) -> [UInt8] {
        CommonMark.html(fromBytes: try templates.renderUTF8(template, framed(model, page: page)))
    }

    /// Wraps Markdown, rendered by libcmark in safe mode, in the layout (an appendix in its own section); blocks the
    /// template marked as callouts become the theme's callouts (see `CalloutMarkdown`).
    public func html(fromMarkdown markdown: String, page: Page, appendix: String? = nil) throws(TemplateErrors)
        -> String
    {
        let content = try CalloutMarkdown.html(fromMarkdown: Array(markdown.utf8), templates: templates)
        let html = try html(
            content: content, page: page, appendix: appendix.map { CommonMark.html(fromBytes: Array($0.utf8)) })
        return String(decoding: html, as: UTF8.self)
    }

    /// Wraps an HTML fragment the theme composed (from rendered Markdown parts) in the layout, with an optional
    /// appendix fragment that print layouts start on a new page.
    public func html(content: String, page: Page, appendix: String? = nil) throws(TemplateErrors) -> String {
        String(
            decoding: try html(content: Array(content.utf8), page: page, appendix: appendix.map { Array($0.utf8) }),
            as: UTF8.self)
    }

    /// `html(content:page:appendix:)` from UTF-8 to UTF-8.
    func html(content: [UInt8], page: Page, appendix: [UInt8]? = nil) throws(TemplateErrors) -> [UInt8] {
        let crumbs = page.breadcrumbs.enumerated().map { index, crumb in
            LayoutViewModel.Crumb(
                title: crumb.title, href: crumb.path.map { RelativeLink.to($0, from: page.path) },
                last: index == page.breadcrumbs.count - 1)
        }
        let layout = LayoutViewModel(
            site: SiteViewModel(site: site), root: RelativeLink.root(from: page.path), title: page.title,
            kind: page.kind, hasSearch: page.hasSearch, content: content, breadcrumbs: crumbs, appendix: appendix,
            inlineStylesheet: page.isStandalone ? templates.stylesheet : nil, footerDisclaimer: page.footerDisclaimer,
            isStandalone: page.isStandalone)
        return try templates.renderUTF8(Self.layout, layout)
    }

    /// A typed view model with `site` and `root` around it.
    private func framed(_ model: any ViewModel, page: Page) -> PageViewModel {
        PageViewModel(site: SiteViewModel(site: site), root: RelativeLink.root(from: page.path), page: model)
    }

    /// A dictionary context with `site` and `root` added.
    private func framed(_ context: [String: Any], page: Page) -> [String: Any] {
        var context = context
        context["site"] = SiteViewModel(site: site).dictionary
        context["root"] = RelativeLink.root(from: page.path)
        return context
    }
}
