import Mustache

/// The `HTML` content type, escaping by Unicode scalars (see `HTMLEscaping`).
///
/// swift-mustache starts every template and every partial with its own HTML escaping, which walks `Character`s.
/// `TemplateSet` therefore parses each HTML template with `pragma` in front, which switches to this type.
struct HTMLContentType: MustacheContentType {
    /// The name this type is registered under, replacing swift-mustache's own `HTML`.
    static let name = "HTML"

    /// The tag put in front of every template that is not Markdown, so its values are escaped by scalars.
    static let pragma = "{{% CONTENT_TYPE: HTML }}"

    /// Registers the content type with swift-mustache, once; it must happen before any template is parsed.
    static let registered: Bool = {
        MustacheContentTypes.register(HTMLContentType(), named: name)
        return true
    }()

    func escapeText(_ text: String) -> String {
        HTMLEscaping.escaped(text)
    }
}
