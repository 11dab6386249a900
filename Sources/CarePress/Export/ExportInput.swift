/// Where the document to export comes from.
public enum ExportInput: Sendable, Hashable {
    /// A file, named in diagnostics by its path as given.
    case file(String)
    /// Bytes already read (e.g. standard input), named in diagnostics by `name`.
    case bytes([UInt8], name: String)

    /// The name diagnostics use for standard input.
    public static let standardInputName = "<stdin>"

    /// Bytes read from standard input.
    public static func standardInput(_ bytes: [UInt8]) -> ExportInput {
        .bytes(bytes, name: standardInputName)
    }

    /// The name diagnostics give the input.
    public var name: String {
        switch self {
        case .file(let path): path
        case .bytes(_, let name): name
        }
    }
}
