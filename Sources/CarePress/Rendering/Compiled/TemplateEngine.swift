/// Which renderer a template set renders with.
public enum TemplateEngine: Sendable {
    /// The compiled templates, falling back to swift-mustache for what they do not render the same way.
    case compiled
    /// swift-mustache alone: the reference that the compiled renderer is held to.
    case swiftMustache
}
