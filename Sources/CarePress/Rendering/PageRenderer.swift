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
        /// Whether the stylesheet is inlined, so the page displays correctly as a single file (reports).
        public var isStandalone: Bool

        /// Describes a page.
        public init(
            path: String, title: String, breadcrumbs: [Crumb], kind: String, hasSearch: Bool = false,
            isStandalone: Bool = false
        ) {
            self.path = path
            self.title = title
            self.breadcrumbs = breadcrumbs
            self.kind = kind
            self.hasSearch = hasSearch
            self.isStandalone = isStandalone
        }
    }

    /// The rendered forms of one page.
    public struct Output: Sendable {
        /// The Markdown the page is made from (with the appendix, if any, at the end).
        public var markdown: String
        /// The Markdown of the appendix alone, if the page has one.
        public var appendixMarkdown: String? = nil
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

    /// Renders a Markdown template with a context, then the HTML page around it.
    ///
    /// With an `appendix` template (rendered with the same context), a non-blank result is added to the end of the
    /// Markdown and set apart in the HTML as `<section class="appendix">`, so print styles can start it on a new page.
    public func render(
        _ template: String, _ context: [String: Any], page: Page, appendix: String? = nil,
        extraHTML: [String: Any] = [:]
    ) throws(TemplateErrors) -> Output {
        var context = context
        context["site"] = siteContext
        context["root"] = RelativeLink.root(from: page.path)
        let markdown = try templates.render(template, context)
        var appendixMarkdown: String?
        if let appendix {
            let text = try templates.render(appendix, context)
            if text.contains(where: { !$0.isWhitespace }) { appendixMarkdown = text }
        }
        let html = try html(fromMarkdown: markdown, page: page, appendix: appendixMarkdown, extra: extraHTML)
        guard let appendixMarkdown else { return Output(markdown: markdown, html: html) }
        let separator = markdown.hasSuffix("\n") ? "\n" : "\n\n"
        return Output(markdown: markdown + separator + appendixMarkdown, appendixMarkdown: appendixMarkdown, html: html)
    }

    /// Renders a Markdown template to an HTML fragment (libcmark, safe mode), for a page composed of several parts.
    public func fragment(_ template: String, _ context: [String: Any], page: Page) throws(TemplateErrors) -> String {
        var context = context
        context["site"] = siteContext
        context["root"] = RelativeLink.root(from: page.path)
        return CommonMark.html(from: try templates.render(template, context))
    }

    /// Wraps Markdown, rendered by libcmark in safe mode, in the layout (an appendix in its own section); blocks the
    /// template marked as callouts become the theme's callouts (see `CalloutMarkdown`).
    public func html(
        fromMarkdown markdown: String, page: Page, appendix: String? = nil, extra: [String: Any] = [:]
    ) throws(TemplateErrors) -> String {
        try html(
            content: CalloutMarkdown.html(fromMarkdown: markdown, templates: templates), page: page,
            appendix: appendix.map { CommonMark.html(from: $0) }, extra: extra)
    }

    /// Wraps an HTML fragment the theme composed (from rendered Markdown parts) in the layout, with an optional
    /// appendix fragment that print layouts start on a new page.
    public func html(content: String, page: Page, appendix: String? = nil, extra: [String: Any] = [:])
        throws(TemplateErrors) -> String
    {
        let root = RelativeLink.root(from: page.path)
        var context: [String: Any] = [
            "site": siteContext,
            "root": root,
            "title": page.title,
            "kind": page.kind,
            "hasSearch": page.hasSearch,
            "content": content,
            "breadcrumbs": page.breadcrumbs.enumerated().map { index, crumb -> [String: Any] in
                var item: [String: Any] = ["title": crumb.title, "last": index == page.breadcrumbs.count - 1]
                if let path = crumb.path { item["href"] = RelativeLink.to(path, from: page.path) }
                return item
            },
        ]
        if let appendix {
            context["appendix"] = appendix
        }
        if page.isStandalone {
            context["inlineStylesheet"] = templates.stylesheet
        }
        context.merge(extra) { _, new in new }
        return try templates.render(Self.layout, context)
    }

    private var siteContext: [String: Any] {
        var context: [String: Any] = ["title": site.title, "language": site.language, "disclaimer": site.disclaimer]
        if let description = site.description { context["description"] = description }
        return context
    }
}
