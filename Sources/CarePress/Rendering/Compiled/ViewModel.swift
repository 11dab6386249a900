/// A typed view model: what one template (or one section of it) can name, field by field.
///
/// A view model is a struct of plain values that `field(_:)` hands to templates by name, so the compiled renderer
/// reads it without dynamic casts, and swift-mustache reads the very same fields (through `MustacheViewModel`) when it
/// renders as the reference or as the fallback. Compare Plot's `Component`: one protocol over a family of types.
public protocol ViewModel: Sendable {
    /// The value of the field named `name`, or nil when this object has no such field (or it is empty, for an
    /// optional), so that the name is looked up in the enclosing objects, as Mustache does.
    func field(_ name: FieldName) -> TemplateValue?
}

extension ViewModel {
    /// The value of the field named `name` (see `field(_:)`), for a name known only as text: swift-mustache's
    /// lookups, and tests.
    func field(_ name: String) -> TemplateValue? {
        field(FieldName(name))
    }
}
