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
    /// A list of values: an array of them, or a view model's own array read in place (`objects(_:)`, `texts(_:)`).
    case list(any TemplateList)

    /// A list of objects.
    ///
    /// Each item is shown to templates where the array holds it: nothing is copied or boxed as the list is made, and
    /// each item's value (an array and a position) fits in an existential's inline buffer as a section renders it.
    public static func objects<Item: ViewModel>(_ items: [Item]) -> TemplateValue {
        .list(ObjectList(items))
    }

    /// A list of texts, each shown by `{{.}}` inside the section.
    public static func texts(_ items: [String]) -> TemplateValue {
        .list(TextList(items: items))
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

/// The items of a list value, read by position as a section renders them.
public protocol TemplateList: Sendable {
    /// How many items the list has.
    var count: Int { get }
    /// The item at `position` (from 0 to `count - 1`).
    func value(at position: Int) -> TemplateValue
}

extension Array: TemplateList where Element == TemplateValue {
    public func value(at position: Int) -> TemplateValue { self[position] }
}

/// A view model's array of objects as a list (`TemplateValue.objects(_:)`).
///
/// The array is reached through a closure made where its type is known, so each item's fields are read by the
/// item's own `switch`, in place: a generic list type reads them through unspecialized code, which copies each item
/// it reads. A list and each of its items (the closure and a position) fit in an existential's inline buffer.
private struct ObjectList: TemplateList {
    let count: Int
    /// The field of the item at a position.
    let field: @Sendable (Int, FieldName) -> TemplateValue?

    init<Item: ViewModel>(_ items: [Item]) {
        count = items.count
        field = { position, name in items[position].field(name) }
    }

    func value(at position: Int) -> TemplateValue {
        .object(ListedObject(field: field, position: position))
    }
}

/// One item of an `ObjectList`.
private struct ListedObject: ViewModel {
    let field: @Sendable (Int, FieldName) -> TemplateValue?
    let position: Int

    func field(_ name: FieldName) -> TemplateValue? {
        field(position, name)
    }
}

/// A view model's array of texts as a list (`TemplateValue.texts(_:)`).
private struct TextList: TemplateList {
    let items: [String]

    var count: Int { items.count }

    func value(at position: Int) -> TemplateValue { .text(items[position]) }
}
