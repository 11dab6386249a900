/// A file that could not be parsed at all: malformed JSON or YAML, an empty file, bytes that are not UTF-8.
public struct SyntaxError: Error, Sendable, Hashable {
    /// Where the problem was found.
    public var position: SourcePosition
    /// What is wrong.
    public var message: String
    /// How to fix it, when there is something useful to say.
    public var hint: String?

    /// Creates a syntax error.
    public init(at position: SourcePosition, _ message: String, hint: String? = nil) {
        self.position = position
        self.message = message
        self.hint = hint
    }
}
