/// Collects the diagnostics of one file while it is read.
///
/// A reference type so that nested readers can all report into one list; it lives only as long
/// as the loading of one file, on one thread.
public final class DiagnosticLog {
    /// The file every diagnostic is reported against.
    public let file: String
    /// What has been reported so far, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty log for a file.
    public init(file: String) {
        self.file = file
    }

    /// Reports an error at a position.
    public func error(_ message: String, at position: SourcePosition, path: ValuePath, hint: String? = nil) {
        diagnostics.append(
            Diagnostic(.error, file: file, position: position, path: path.description, message: message, hint: hint))
    }

    /// Reports a warning at a position.
    public func warning(_ message: String, at position: SourcePosition, path: ValuePath, hint: String? = nil) {
        diagnostics.append(
            Diagnostic(.warning, file: file, position: position, path: path.description, message: message, hint: hint))
    }

    /// Reports a syntax error that stopped the file from being parsed.
    public func report(_ error: SyntaxError) {
        diagnostics.append(
            Diagnostic(.error, file: file, position: error.position, message: error.message, hint: error.hint))
    }

    /// Whether any error has been reported.
    public var hasErrors: Bool { diagnostics.hasErrors }
}
