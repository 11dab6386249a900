/// A view model made from a dictionary context (`[String: Any]`), for pages whose contexts are not typed yet.
///
/// The conversion keeps swift-mustache's meaning of each value: strings and booleans as they are, integers and
/// floating-point numbers as the text `String(describing:)` gives (which is what swift-mustache prints), dictionaries
/// as objects and arrays as lists. Any other value cannot be converted, and the page is rendered by swift-mustache
/// from the original dictionary instead.
struct DictionaryViewModel: ViewModel {
    /// The converted fields.
    let fields: [String: TemplateValue]

    /// A value that has no `TemplateValue` with the same meaning.
    struct Unconvertible: Error {}

    /// Converts a dictionary context.
    init(_ context: [String: Any]) throws(Unconvertible) {
        var fields: [String: TemplateValue] = [:]
        fields.reserveCapacity(context.count)
        for (key, value) in context { fields[key] = try Self.convert(value) }
        self.fields = fields
    }

    func field(_ name: FieldName) -> TemplateValue? { fields[name.text] }

    /// One value of a dictionary context.
    static func convert(_ value: Any) throws(Unconvertible) -> TemplateValue {
        switch value {
        case let text as String: return .text(text)
        case let flag as Bool: return .flag(flag)
        case let object as [String: Any]: return .object(try DictionaryViewModel(object))
        case let texts as [String]: return .texts(texts)
        case let objects as [[String: Any]]:
            var items: [TemplateValue] = []
            items.reserveCapacity(objects.count)
            for object in objects { items.append(.object(try DictionaryViewModel(object))) }
            return .values(items)
        case let values as [Any]:
            var items: [TemplateValue] = []
            items.reserveCapacity(values.count)
            for item in values { items.append(try convert(item)) }
            return .values(items)
        case let number as Int: return .text(String(describing: number))
        case let number as Double: return .text(String(describing: number))
        default: throw Unconvertible()
        }
    }
}
