/// A request `carepress export` cannot serve as asked (exit status 2): the fix is in the command line, or, for a
/// PDF, a program to install.
public struct ExportUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the fix is.
    public enum Cause: Sendable, Hashable {
        /// The command line asks for something impossible.
        case commandLine
        /// A program the format needs (Chromium, for a PDF) is missing or does not start.
        case missingProgram(hint: String)
    }

    /// What is wrong and what the valid choices are, in one or two sentences.
    public var message: String
    /// Where the fix is.
    public var cause: Cause

    /// Creates an error with its message.
    public init(_ message: String, cause: Cause = .commandLine) {
        self.message = message
        self.cause = cause
    }

    /// The message.
    public var description: String { message }

    /// The format cannot represent the kind; lists the formats that can.
    static func formatMismatch(_ format: ExportFormat, _ kind: ExportKind, detected: Bool) -> ExportUsageError {
        let valid = kind.formats.map(\.rawValue).joined(separator: ", ")
        let how = detected ? "the input is a \(kind.rawValue) (detected from its keys)" : "--kind \(kind.rawValue)"
        return ExportUsageError(
            "--format \(format.rawValue) cannot export a \(kind.rawValue): \(how); valid formats for a \(kind.rawValue): \(valid)"
        )
    }

    /// The kind could not be told from the document; asks for `--kind`.
    static func undetectableKind(name: String, candidates: [ExportKind]) -> ExportUsageError {
        let kinds = ExportKind.allCases.map(\.rawValue).joined(separator: ", ")
        let reason =
            candidates.isEmpty
            ? "has none of the keys that mark a kind"
            : "has the keys of more than one kind (\(candidates.map(\.rawValue).joined(separator: ", ")))"
        return ExportUsageError(
            "cannot tell what kind of document \(name) is: it \(reason); pass --kind with one of: \(kinds) (recognised by their keys: \(ExportKind.markerDescription))"
        )
    }
}
