/// The document formats `carepress export` writes.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    /// The report's Markdown, byte for byte as `carepress build` writes it.
    case markdown
    /// The report's standalone HTML (stylesheet inlined), byte for byte as `carepress build` writes it.
    case html
    /// The record normalised for other programs, described by `formats/export.schema.json`.
    case json
    /// A record as an HL7 FHIR R4 Bundle (a collection, or a document with `ExportOptions.fhirDocument`).
    case fhir
    /// A consult schema as an HL7 FHIR R4 Questionnaire.
    case fhirQuestionnaire = "fhir-questionnaire"
    /// The report printed to PDF by headless Chromium, as `carepress build --pdf` prints it.
    case pdf
}
