import Mustache

/// The `MARKDOWN` content type: `{{value}}` in a Markdown template comes out escaped so it reads literally.
struct MarkdownContentType: MustacheContentType {
    /// The name templates declare with `{{% CONTENT_TYPE: MARKDOWN }}`.
    static let name = "MARKDOWN"

    /// Registers the content type with swift-mustache, once; it must happen before any template is parsed.
    static let registered: Bool = {
        MustacheContentTypes.register(MarkdownContentType(), named: name)
        return true
    }()

    func escapeText(_ text: String) -> String {
        MarkdownEscaping.escaped(text)
    }
}
