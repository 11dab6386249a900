/// How to export: the format, the kind when it is not to be detected, and the project to check against.
public struct ExportOptions: Sendable, Hashable {
    /// The document format to write.
    public var format: ExportFormat
    /// The kind of the input; nil detects it from the document's keys.
    public var kind: ExportKind?
    /// The content folder whose questionnaires and knowledge store the record is checked against.
    public var contentPath: String
    /// The theme folder (`--templates`) that overrides the project's `Templates/` and the embedded theme, if any.
    public var templatesPath: String?
    /// The longest the PDF's page may take to print, in seconds.
    public var pdfTimeout: Double
    /// For `fhir`: a Bundle of type `document` with a `Composition` first, instead of a `collection`.
    public var fhirDocument: Bool
    /// For `fhir`: the report's PDF as a second attachment of the DocumentReference, printed as `pdf` prints it
    /// (needs Chromium). Off by default, so that the Bundle does not depend on a browser being installed.
    public var withPDF: Bool

    /// Creates options; the content folder defaults to `Content` and the theme to the project's, as for `carepress build`.
    public init(
        format: ExportFormat = .json, kind: ExportKind? = nil, contentPath: String = "Content",
        templatesPath: String? = nil, pdfTimeout: Double = PDFEngine.defaultPageTimeout, fhirDocument: Bool = false,
        withPDF: Bool = false
    ) {
        self.format = format
        self.kind = kind
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.pdfTimeout = pdfTimeout
        self.fhirDocument = fhirDocument
        self.withPDF = withPDF
    }

    /// The first option given that only `fhir` takes, as the command line spells it, if any.
    var fhirOnlyOption: String? {
        if fhirDocument { return "--fhir-document" }
        if withPDF { return "--with-pdf" }
        return nil
    }
}
