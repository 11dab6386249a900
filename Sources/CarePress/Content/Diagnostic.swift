/// A problem found in content, located in its file, as a compiler would report it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is: an error makes the record invalid, a warning does not.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    /// Whether the problem invalidates its record.
    public var severity: Severity
    /// The file the problem is in, as given to the loader (usually relative to the working folder).
    public var file: String
    /// Where in the file the offending value starts.
    public var position: SourcePosition
    /// The JSON/YAML path of the offending value, e.g. `answers.duration`; empty for the whole file.
    public var path: String
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, when there is something useful to say (e.g. a did-you-mean).
    public var hint: String?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, file: String, position: SourcePosition, path: String = "", message: String,
        hint: String? = nil
    ) {
        self.severity = severity
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// `path:line:column: error: json.path: message`, then the hint on its own indented line.
    ///
    /// This is where every diagnostic becomes text, so this is where what came from content (file names, keys,
    /// values quoted in the message or hint) has its control characters escaped (`DisplayText`): a record can
    /// neither forge a line nor send a terminal escape.
    public var description: String {
        let subject = path.isEmpty ? "" : "\(DisplayText.escaped(path)): "
        var text =
            "\(DisplayText.escaped(file)):\(position.line):\(position.column): \(severity.rawValue): "
            + subject + DisplayText.escaped(message)
        if let hint {
            text += "\n    hint: \(DisplayText.escaped(hint))"
        }
        return text
    }
}

extension Diagnostic: Comparable {
    /// Orders diagnostics by file, then position, so reports are deterministic.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.file, lhs.position, lhs.path, lhs.message) < (rhs.file, rhs.position, rhs.path, rhs.message)
    }
}

extension Sequence where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
