import Mustache

/// A view model as swift-mustache sees it: the same fields, through `MustacheParent`.
///
/// swift-mustache renders typed view models through this when it is the reference (in the differential tests) or the
/// fallback: text as `String`, flags as `Bool`, lists as arrays, objects as `MustacheViewModel`s; so both renderers
/// read exactly the same values.
struct MustacheViewModel: MustacheParent {
    /// The object read: a view model's value (`TemplateValue.object(_:)`, or an item of `objects(_:)`).
    let object: TemplateValue

    /// Shows a view model to swift-mustache.
    init(model: some ViewModel) {
        object = .object(model)
    }

    private init(object: TemplateValue) {
        self.object = object
    }

    func child(named name: String) -> Any? {
        object.field(FieldName(name)).map(Self.value)
    }

    /// A template value as swift-mustache takes it.
    static func value(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        case .flag(let flag): flag
        case .model, .item: MustacheViewModel(object: value)
        case .list(let items): (0..<items.count).map { Self.value(items.value(at: $0)) }
        }
    }
}
