import Foundation

/// A record as an HL7 FHIR R4 `Bundle` of type `collection`: the `Patient`, the record's resources, and the
/// report as a `DocumentReference`, each with its `fullUrl` (see `FHIRNames`). Every resource has a generated
/// narrative; the Bundle itself (not a DomainResource) has none.
struct FHIRBundle {
    /// What the record says about its patient; nothing is added that the record does not say.
    struct Patient {
        var displayName: String?
        var age: Int?
        /// When the age was recorded, if the record says.
        var recordedAt: Timestamp?
    }

    /// The report, as `export --format html` writes it.
    struct Report {
        var html: [UInt8]
        var title: String
        var language: String
    }

    let kind: RecordKind
    let recordID: String
    let names: FHIRNames

    /// The Patient's id: one patient per record, since records carry no patient identifier.
    var patientID: String { FHIRNames.resourceID(recordID + "-patient") }
    /// What references to the Patient say.
    var patientReference: String { names.fullURL("Patient", patientID) }

    /// The Bundle of the Patient, the record's resources (each `resourceType` and `id` set) and the report.
    func value(patient: Patient, resources: [JSONValue], report: Report) -> JSONValue {
        let entries = [patientResource(patient)] + resources + [documentReference(report)]
        return .object([
            ("resourceType", .string("Bundle")),
            ("id", .string(FHIRNames.resourceID(recordID))),
            (
                "identifier",
                .object([("system", .string(names.identifierSystem(kind))), ("value", .string(recordID))])
            ),
            ("type", .string("collection")),
            (
                "entry",
                .array(
                    entries.map { resource in
                        var type = "", id = ""
                        if case .string(let text)? = resource["resourceType"] { type = text }
                        if case .string(let text)? = resource["id"] { id = text }
                        return .object([("fullUrl", .string(names.fullURL(type, id))), ("resource", resource)])
                    })
            ),
        ])
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
    /// defines `Attachment.hash`) and title.
    func documentReference(_ report: Report) -> JSONValue {
        let data = Data(report.html)
        return .object([
            ("resourceType", .string("DocumentReference")),
            ("id", .string(FHIRNames.resourceID(recordID + "-report"))),
            ("text", FHIRNarrative.text(["Report: \(report.title)", "HTML, \(report.html.count) bytes"])),
            ("status", .string("current")),
            ("type", .object([("text", .string("Patient report"))])),
            ("subject", .object([("reference", .string(patientReference))])),
            ("description", .string(report.title)),
            (
                "content",
                .array([
                    .object([
                        (
                            "attachment",
                            .object([
                                ("contentType", .string("text/html; charset=utf-8")),
                                ("language", .string(report.language)),
                                ("data", .string(data.base64EncodedString())),
                                ("size", .integer(report.html.count)),
                                ("hash", .string(Data(SHA1.digest(report.html)).base64EncodedString())),
                                ("title", .string(report.title)),
                            ])
                        )
                    ])
                ])
            ),
        ])
    }
}
