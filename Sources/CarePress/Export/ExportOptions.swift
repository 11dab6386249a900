/// How to export: the format, the kind when it is not to be detected, and the project to check against.
public struct ExportOptions: Sendable, Hashable {
    /// The document format to write.
    public var format: ExportFormat
    /// The kind of the input; nil detects it from the document's keys.
    public var kind: ExportKind?
    /// The content folder whose questionnaires and knowledge store the record is checked against.
    public var contentPath: String
    /// The theme folder the Markdown and HTML reports are rendered with.
    public var templatesPath: String
    /// The longest the PDF's page may take to print, in seconds.
    public var pdfTimeout: Double

    /// Creates options; the folders default to `Content` and `Templates`, as for `carepress build`.
    public init(
        format: ExportFormat = .json, kind: ExportKind? = nil, contentPath: String = "Content",
        templatesPath: String = "Templates", pdfTimeout: Double = PDFEngine.defaultPageTimeout
    ) {
        self.format = format
        self.kind = kind
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.pdfTimeout = pdfTimeout
    }
}
