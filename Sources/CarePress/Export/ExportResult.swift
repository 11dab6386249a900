/// What an export produced: the document, or nothing when there were errors, and every diagnostic found.
public struct ExportResult: Sendable {
    /// The kind the input was read as, when it got that far.
    public var kind: ExportKind?
    /// The exported document's bytes; nil when any error was found.
    public var document: [UInt8]?
    /// The errors that stopped the export, or the warnings that did not; located in their files.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(kind: ExportKind?, document: [UInt8]?, diagnostics: [Diagnostic]) {
        self.kind = kind
        self.document = document
        self.diagnostics = diagnostics
    }

    /// Whether the document was produced.
    public var succeeded: Bool { document != nil }
}
