import Foundation

/// A record as an HL7 FHIR R4 `Bundle` of type `collection`: the `Patient`, the record's resources, and the
/// report as a `DocumentReference`, each with its `fullUrl` (see `FHIRNames`). Every resource has a generated
/// narrative; the Bundle itself (not a DomainResource) has none.
///
/// As a `document` (`--fhir-document`), the same entries follow a `Composition` (see `FHIRComposition`), and the
/// `Device` that authored it comes last; the Bundle then has the identifier and timestamp a document needs (bdl-9,
/// bdl-10): the identifier `<base>:document` / `<kind>/<record id>`, the timestamp the record's date.
struct FHIRBundle {
    /// What the record says about its patient; nothing is added that the record does not say.
    struct Patient {
        var displayName: String?
        var age: Int?
        /// When the age was recorded, if the record says.
        var recordedAt: Timestamp?
    }

    /// The report, as `export --format html` writes it, and as `export --format pdf` prints it when asked for.
    struct Report {
        var html: [UInt8]
        var title: String
        var language: String
        var pdf: [UInt8]? = nil
    }

    /// What the Bundle is.
    enum Form {
        /// A `collection` of the entries.
        case collection
        /// A `document`: the Composition first, dated with the record's date; `final` unless the record is
        /// unfinished.
        case document(date: Timestamp, final: Bool)
    }

    let kind: RecordKind
    let recordID: String
    let names: FHIRNames

    /// The Patient's id: one patient per record, since records carry no patient identifier.
    var patientID: String { FHIRNames.resourceID(recordID + "-patient") }
    /// What references to the Patient say.
    var patientReference: String { names.fullURL("Patient", patientID) }

    /// The Bundle of the Patient, the record's resources (each `resourceType` and `id` set, in sections for a
    /// document) and the report.
    func value(patient: Patient, sections: [FHIRComposition.Section], report: Report, form: Form = .collection)
        -> JSONValue
    {
        let reference = documentReference(report)
        var entries = [patientResource(patient)] + sections.flatMap(\.resources) + [reference]
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("Bundle")),
            ("id", .string(FHIRNames.resourceID(recordID))),
        ]
        switch form {
        case .collection:
            members += [
                (
                    "identifier",
                    .object([("system", .string(names.identifierSystem(kind))), ("value", .string(recordID))])
                ),
                ("type", .string("collection")),
            ]
        case .document(let date, let final):
            let reportSection = FHIRComposition.Section(
                title: "Report", lines: ["The report as the patient received it: \(report.title)"],
                resources: [reference])
            let composition = FHIRComposition(bundle: self, date: date, final: final, title: report.title)
            entries.insert(
                composition.value(patientName: patient.displayName, sections: sections + [reportSection]), at: 0)
            entries.append(FHIRComposition.device())
            members += [
                (
                    "identifier",
                    .object([
                        ("system", .string(names.name("document"))), ("value", .string("\(kind.rawValue)/\(recordID)")),
                    ])
                ),
                ("type", .string("document")),
                ("timestamp", .string(FHIRNames.dateTime(date))),
            ]
        }
        members.append(
            ("entry", .array(entries.map { .object([("fullUrl", .string(fullURL(of: $0))), ("resource", $0)]) })))
        return .object(members)
    }

    /// A resource's `fullUrl`, from its `resourceType` and `id`.
    func fullURL(of resource: JSONValue) -> String {
        var type = "", id = ""
        if case .string(let text)? = resource["resourceType"] { type = text }
        if case .string(let text)? = resource["id"] { id = text }
        return names.fullURL(type, id)
    }

    /// The Patient: the name as the record writes it (never split into given and family names), and the age in
    /// years as an extension, since the record has no birth date.
    func patientResource(_ patient: Patient) -> JSONValue {
        var lines: [String] = []
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("Patient")),
            ("id", .string(patientID)),
        ]
        if let name = patient.displayName { lines.append("Name: \(name)") }
        if let age = patient.age {
            let date = patient.recordedAt.map { " on " + String(FHIRNames.dateTime($0).prefix(10)) } ?? ""
            lines.append("Age: \(age) years, as recorded\(date)")
        }
        if lines.isEmpty { lines.append("The record does not name the patient or give their age.") }
        members.append(("text", FHIRNarrative.text(lines)))
        if let age = patient.age {
            members.append(
                (
                    "extension",
                    .array([
                        .object([
                            ("url", .string(names.name("extension", "age"))),
                            ("valueQuantity", FHIRUnits.quantity(Double(age), unit: "years")),
                        ])
                    ])
                ))
        }
        if let name = patient.displayName, !name.isEmpty {
            members.append(("name", .array([.object([("text", .string(name))])])))
        }
        return .object(members)
    }

    /// The report as a document: the HTML as an attachment with its type, language, size, SHA-1 (base64, as FHIR
    /// defines `Attachment.hash`) and title; the PDF, when there is one, as a second attachment.
    func documentReference(_ report: Report) -> JSONValue {
        var lines = ["Report: \(report.title)", "HTML, \(report.html.count) bytes"]
        var contents = [attachment(report.html, type: "text/html; charset=utf-8", report: report)]
        if let pdf = report.pdf {
            lines.append("PDF, \(pdf.count) bytes")
            contents.append(attachment(pdf, type: "application/pdf", report: report))
        }
        return .object([
            ("resourceType", .string("DocumentReference")),
            ("id", .string(FHIRNames.resourceID(recordID + "-report"))),
            ("text", FHIRNarrative.text(lines)),
            ("status", .string("current")),
            ("type", .object([("text", .string("Patient report"))])),
            ("subject", .object([("reference", .string(patientReference))])),
            ("description", .string(report.title)),
            ("content", .array(contents)),
        ])
    }

    /// One `content` of the DocumentReference: the bytes as an attachment.
    private func attachment(_ bytes: [UInt8], type: String, report: Report) -> JSONValue {
        .object([
            (
                "attachment",
                .object([
                    ("contentType", .string(type)),
                    ("language", .string(report.language)),
                    ("data", .string(Data(bytes).base64EncodedString())),
                    ("size", .integer(bytes.count)),
                    ("hash", .string(Data(SHA1.digest(bytes)).base64EncodedString())),
                    ("title", .string(report.title)),
                ])
            )
        ])
    }
}
