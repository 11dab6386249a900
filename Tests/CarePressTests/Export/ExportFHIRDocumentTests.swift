import Foundation
import Testing

@testable import CarePress

/// `export --format fhir` as a FHIR document (`fhirDocument`), with the report's PDF (`withPDF`), and the stack's
/// tracking log; the options only `fhir` takes.
@Suite("Export: FHIR document")
struct ExportFHIRDocumentTests {
    static let content = TemporaryProject.repository.appendingPathComponent("Content").path

    static func bundle(_ record: String, document: Bool = true) throws -> [String: Any] {
        let options = ExportOptions(
            format: .fhir, contentPath: content, templatesPath: TemporaryProject.defaultTemplates,
            fhirDocument: document)
        let result = try Exporter.export(.file(content + "/" + record), options: options)
        let bytes = try #require(result.document, "\(result.diagnostics)")
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    static func resources(_ bundle: [String: Any]) -> [[String: Any]] {
        (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
    }

    @Test func eachKindHasALOINCDocumentTypeThatFits() {
        #expect(FHIRComposition.type(of: .consult) == .init(code: "11488-4", display: "Consult note"))
        #expect(FHIRComposition.type(of: .physio) == .init(code: "18776-5", display: "Plan of care note"))
        #expect(FHIRComposition.type(of: .stack) == .init(code: "56445-0", display: "Medication summary Document"))
    }

    @Test(arguments: ["consults/hl-2026-0001.json", "physio/pg-2026-0001.json", "stacks/sw-2026-0001.json"])
    func theCompositionComesFirstAndItsSectionsReferToEveryEntry(record: String) throws {
        let document = try Self.bundle(record)
        let collection = try Self.bundle(record, document: false)
        let source = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.content + "/" + record)))
                as? [String: Any])
        #expect(document["type"] as? String == "document")
        #expect(collection["type"] as? String == "collection")
        let date = (source["completedAt"] ?? source["createdAt"]) as? String
        #expect(document["timestamp"] as? String == date)
        let entries = try #require(document["entry"] as? [[String: Any]])
        let urls = entries.compactMap { $0["fullUrl"] as? String }
        let resources = Self.resources(document)
        let composition = try #require(resources.first)
        #expect(composition["resourceType"] as? String == "Composition")
        #expect(composition["status"] as? String == "final")
        #expect(composition["date"] as? String == date)
        #expect(resources.last?["resourceType"] as? String == "Device")
        #expect((composition["author"] as? [[String: Any]])?.first?["reference"] as? String == urls.last)
        #expect((composition["subject"] as? [String: Any])?["reference"] as? String == urls[1])
        // The entries between the Composition and the Device are the collection's, each in a section.
        #expect(Self.resources(collection).count == resources.count - 2)
        let sections = try #require(composition["section"] as? [[String: Any]])
        let referenced = sections.flatMap { ($0["entry"] as? [[String: Any]] ?? []).compactMap { $0["reference"] } }
        #expect(Set(referenced.compactMap { $0 as? String }) == Set(urls.dropFirst(2).dropLast()))
        #expect(sections.last?["title"] as? String == "Report")
    }

    @Test func anUnfinishedConsultIsAPreliminaryDocument() throws {
        let composition = try #require(Self.resources(try Self.bundle("consults/hl-2026-0004.json")).first)
        #expect(composition["status"] as? String == "preliminary")
    }

    @Test func aConsultWithoutFindingsSaysSoWithAnEmptyReason() throws {
        for record in ["consults/hl-2026-0001.json", "consults/hl-2026-0002.json", "consults/hl-2026-0003.json"] {
            let resources = Self.resources(try Self.bundle(record))
            let flags = resources.filter { $0["resourceType"] as? String == "Flag" }
            let sections = try #require(resources.first?["section"] as? [[String: Any]])
            let findings = try #require(sections.first { $0["title"] as? String == "Findings to act on" })
            #expect((findings["emptyReason"] != nil) == flags.isEmpty, "\(record)")
            #expect((findings["entry"] as? [Any])?.count ?? 0 == flags.count, "\(record)")
        }
    }

    @Test func aRecordWithoutADateIsALocatedErrorForADocumentOnly() throws {
        let stack =
            #"{"id": "sw-undated", "user": {"displayName": "A"}, "minimal": "#
            + #"[{"id": "m", "name": "Magnesium", "purpose": "Sleep", "dose": "200 mg", "timing": ["Night"], "#
            + #""evidence": "B"}]}"#
        var options = ExportOptions(
            format: .fhir, contentPath: Self.content, templatesPath: TemporaryProject.defaultTemplates,
            fhirDocument: true)
        let result = try Exporter.export(.standardInput(Array(stack.utf8)), options: options)
        #expect(result.document == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.message.hasPrefix("a FHIR document (--fhir-document) needs the date of the record"))
        #expect(error.position.line == 1 && error.position.column > 1, "located at the id: \(error)")
        #expect(error.hint?.contains("createdAt") == true)
        options.fhirDocument = false
        #expect(try Exporter.export(.standardInput(Array(stack.utf8)), options: options).document != nil)
    }

    @Test(arguments: [ExportFormat.json, .html, .markdown, .pdf, .fhirQuestionnaire])
    func theFHIROptionsGoWithFHIROnly(format: ExportFormat) throws {
        for (document, pdf, name) in [(true, false, "--fhir-document"), (false, true, "--with-pdf")] {
            let options = ExportOptions(
                format: format, contentPath: Self.content, fhirDocument: document, withPDF: pdf)
            #expect(
                throws: ExportUsageError("\(name) goes with --format fhir only, not --format \(format.rawValue)")
            ) {
                try Exporter.export(.file(Self.content + "/stacks/sw-2026-0001.json"), options: options)
            }
        }
    }

    @Test func thePDFIsASecondAttachmentWithItsOwnSizeAndHash() throws {
        let bundle = FHIRBundle(kind: .stack, recordID: "s1", names: FHIRNames())
        let pdf = Array("%PDF-1.7 x".utf8)
        let report = FHIRBundle.Report(html: Array("<p>".utf8), title: "T", language: "en", pdf: pdf)
        let contents = try #require(bundle.documentReference(report)["content"])
        guard case .array(let items) = contents, items.count == 2, let attachment = items[1]["attachment"] else {
            Issue.record("two attachments expected: \(contents)")
            return
        }
        #expect(attachment["contentType"] == .string("application/pdf"))
        #expect(attachment["size"] == .integer(pdf.count))
        #expect(attachment["hash"] == .string(Data(SHA1.digest(pdf)).base64EncodedString()))
        #expect(attachment["data"] == .string(Data(pdf).base64EncodedString()))
        #expect(attachment["title"] == .string("T") && attachment["language"] == .string("en"))
        let htmlOnly = bundle.documentReference(FHIRBundle.Report(html: [], title: "T", language: "en"))
        guard case .array(let one)? = htmlOnly["content"] else { return }
        #expect(one.count == 1)
    }

    @Test func theTrackingLogIsSummedUpPerSupplement() throws {
        for (record, expected) in [
            (
                "stacks/sw-2026-0001.json",
                "Tracking log (self-reported, by day): marked taken on 1 of the 3 days logged, from 2026-11-15 to "
                    + "2026-11-17."
            ),
            (
                "stacks/sw-2026-0006.json",
                "Tracking log (self-reported, by day): marked taken on 1 of the 1 day logged, on 2026-11-14."
            ),
        ] {
            let resources = Self.resources(try Self.bundle(record, document: false))
            let notes = resources.filter { $0["resourceType"] as? String == "MedicationStatement" }
                .flatMap { ($0["note"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } }
            #expect(notes.contains(expected), "\(record): \(notes)")
            #expect(!resources.contains { $0["resourceType"] as? String == "MedicationAdministration" })
        }
    }
}
