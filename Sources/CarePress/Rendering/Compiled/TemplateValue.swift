/// A value as a template sees it: text, a flag, an object with named fields, or a list.
///
/// Mustache semantics, as swift-mustache has them: `{{name}}` prints text (escaped for the template's content type)
/// and a flag as `true` or `false`; a section renders once for a true flag, once with text or an object on top of the
/// context stack, once per item of a list, and not at all for a false flag, an empty list or a missing value; an
/// inverted section renders exactly when a section would not.
///
/// Objects and lists are held by reference. Every payload is then a plain value or a reference, so the renderer reads
/// a field of the value on top of its stack in place: a view model held as an existential made the enum one Swift
/// copies (through the model's value witnesses) each time a case is matched, and the renderer matches one per name it
/// looks up, per frame of its stack.
public enum TemplateValue: Sendable {
    /// Text. Even empty text makes a section render.
    case text(String)
    /// Text held as its UTF-8 bytes: HTML that libcmark or a template made, passed to the layout without a `String`
    /// made of it (and validated) on the way. Templates see it exactly as `.text` of the same bytes.
    case utf8([UInt8])
    /// A flag.
    case flag(Bool)
    /// An object whose fields templates name (`object(_:)`).
    case model(ModelReference)
    /// An object that is an item of a view model's list (`objects(_:)`): the list and the item's position.
    case item(ObjectList, Int)
    /// A list of values.
    case list(any TemplateList)

    /// An object: a view model, whose fields templates name.
    public static func object<Model: ViewModel>(_ model: Model) -> TemplateValue {
        .model(HeldModel(model))
    }

    /// A list of objects.
    ///
    /// Each item is read where the view model's array holds it: nothing is copied or boxed as the list is made or as
    /// a section renders its items.
    public static func objects<Item: ViewModel>(_ items: [Item]) -> TemplateValue {
        .list(ObjectList(items))
    }

    /// A list of texts, each shown by `{{.}}` inside the section.
    public static func texts(_ items: [String]) -> TemplateValue {
        .list(TextList(items))
    }

    /// A list of values.
    public static func values(_ items: [TemplateValue]) -> TemplateValue {
        .list(ValueList(items))
    }

    /// The field named `name` of an object; nil for anything else, or an object without it.
    func field(_ name: FieldName) -> TemplateValue? {
        switch self {
        case .model(let model): model.field(name)
        case .item(let list, let position): list.field(position, name)
        case .text, .utf8, .flag, .list: nil
        }
    }

    /// Optional text: nil (no value, so the name is looked up further out) when there is none.
    public static func text(_ text: String?) -> TemplateValue? {
        text.map { .text($0) }
    }
}

/// A view model held by reference (`TemplateValue.object(_:)`).
public class ModelReference: @unchecked Sendable {
    fileprivate init() {}

    /// The field named `name` (see `ViewModel.field(_:)`).
    func field(_ name: FieldName) -> TemplateValue? { nil }
}

/// A view model of a known type, held by reference; the only kind of `ModelReference`.
private final class HeldModel<Model: ViewModel>: ModelReference, @unchecked Sendable {
    let model: Model

    init(_ model: Model) {
        self.model = model
    }

    override func field(_ name: FieldName) -> TemplateValue? { model.field(name) }
}

/// The items of a list value, read by position as a section renders them.
public protocol TemplateList: AnyObject, Sendable {
    /// How many items the list has.
    var count: Int { get }
    /// The item at `position` (from 0 to `count - 1`).
    func value(at position: Int) -> TemplateValue
}

/// A view model's array of objects as a list (`TemplateValue.objects(_:)`).
///
/// The array is reached through a closure made where its type is known, so each item's fields are read by the
/// item's own `switch`, in place: a generic list type reads them through unspecialized code, which copies each item
/// it reads.
public final class ObjectList: TemplateList {
    public let count: Int
    /// The field of the item at a position.
    let field: @Sendable (Int, FieldName) -> TemplateValue?

    init<Item: ViewModel>(_ items: [Item]) {
        count = items.count
        field = { position, name in items[position].field(name) }
    }

    public func value(at position: Int) -> TemplateValue { .item(self, position) }
}

/// A view model's array of texts as a list (`TemplateValue.texts(_:)`).
private final class TextList: TemplateList {
    let items: [String]

    init(_ items: [String]) {
        self.items = items
    }

    var count: Int { items.count }

    func value(at position: Int) -> TemplateValue { .text(items[position]) }
}

/// An array of values as a list (`TemplateValue.values(_:)`).
private final class ValueList: TemplateList {
    let items: [TemplateValue]

    init(_ items: [TemplateValue]) {
        self.items = items
    }

    var count: Int { items.count }

    func value(at position: Int) -> TemplateValue { items[position] }
}
