/// A value as a template sees it: text, a flag, an object with named fields, or a list.
///
/// Mustache semantics, as swift-mustache has them: `{{name}}` prints text (escaped for the template's content type)
/// and a flag as `true` or `false`; a section renders once for a true flag, once with text or an object on top of the
/// context stack, once per item of a list, and not at all for a false flag, an empty list or a missing value; an
/// inverted section renders exactly when a section would not.
public enum TemplateValue: Sendable {
    /// Text. Even empty text makes a section render.
    case text(String)
    /// Text held as its UTF-8 bytes: HTML that libcmark or a template made, passed to the layout without a `String`
    /// made of it (and validated) on the way. Templates see it exactly as `.text` of the same bytes.
    case utf8([UInt8])
    /// A flag.
    case flag(Bool)
    /// An object whose fields templates name.
    case object(any ViewModel)
    /// A list of values.
    case list([TemplateValue])

    /// A list of objects.
    public static func objects<Item: ViewModel>(_ items: [Item]) -> TemplateValue {
        .list(items.map { .object($0) })
    }

    /// A list of texts, each shown by `{{.}}` inside the section.
    public static func texts(_ items: [String]) -> TemplateValue {
        .list(items.map { .text($0) })
    }

    /// The field named `name` of an object; nil for anything else, or an object without it.
    func field(_ name: FieldName) -> TemplateValue? {
        guard case .object(let model) = self else { return nil }
        return model.field(name)
    }

    /// Optional text: nil (no value, so the name is looked up further out) when there is none.
    public static func text(_ text: String?) -> TemplateValue? {
        text.map { .text($0) }
    }
}
