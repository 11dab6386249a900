/// Where the document to export comes from.
public enum ExportInput: Sendable, Hashable {
    /// A file, named in diagnostics by its path as given.
    case file(String)
    /// Bytes already read, named in diagnostics by `name`.
    case bytes([UInt8], name: String)
    /// A stream read to its end by the export (standard input, a pipe), named in diagnostics by `name`: it is read no
    /// further than one byte past the size limit (`FileSizeLimit`), so an endless stream is refused.
    case stream(Int32, name: String)

    /// The name diagnostics use for standard input.
    public static let standardInputName = "<stdin>"

    /// Bytes read from standard input.
    public static func standardInput(_ bytes: [UInt8]) -> ExportInput {
        .bytes(bytes, name: standardInputName)
    }

    /// Standard input, to be read by the export.
    public static let standardInputStream = ExportInput.stream(0, name: standardInputName)

    /// The name diagnostics give the input.
    public var name: String {
        switch self {
        case .file(let path): path
        case .bytes(_, let name), .stream(_, let name): name
        }
    }
}
