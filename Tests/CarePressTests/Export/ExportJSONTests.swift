import Foundation
import Testing

@testable import CarePress

/// The `json` export's shape follows `formats/export.schema.json` (pytest validates every sample fully), and
/// the figures it computes are right.
@Suite("Export: json")
struct ExportJSONTests {
    static let schemaFile = TemporaryProject.repository.appendingPathComponent("formats/export.schema.json")

    /// The `required` list of a definition in the export schema (`#` for the top level).
    static func required(_ definition: String) throws -> Set<String> {
        let data = try Data(contentsOf: schemaFile)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let node =
            definition == "#" ? schema : (schema["$defs"] as? [String: Any])?[definition] as? [String: Any]
        return Set(try #require(node?["required"] as? [String]))
    }

    static func export(_ text: String, in project: TemporaryProject) throws -> [String: Any] {
        let result = try Exporter.export(
            .standardInput(Array(text.utf8)), options: ExportOptions(contentPath: project.path("Content")))
        let document = try #require(result.document, "\(result.diagnostics)")
        return try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
    }

    @Test func everyKindHasTheKeysTheSchemaRequires() throws {
        let project = try TemporaryProject.minimal()
        let inputs: [(String, String)] = [
            ("consult", Samples.consult()), ("physio", ExporterTests.physio), ("stack", ExporterTests.stack),
            ("schema", Samples.hairLossSchema),
        ]
        for (kind, text) in inputs {
            let document = try Self.export(text, in: project)
            #expect(Set(document.keys) == (try Self.required("#")).union([kind]))
            #expect(document["schemaVersion"] as? String == "carepress-export/1")
            #expect(document["kind"] as? String == kind)
            let body = try #require(document[kind] as? [String: Any])
            #expect(Set(body.keys) == (try Self.required(kind)), "\(kind)")
        }
    }

    @Test func aConsultQuestionHasEveryRequiredKeyAnsweredOrNot() throws {
        let project = try TemporaryProject.minimal()
        let document = try Self.export(Samples.consult(status: "in-progress"), in: project)
        let consult = try #require(document["consult"] as? [String: Any])
        let questions = try #require(consult["questions"] as? [[String: Any]])
        let required = try Self.required("consultQuestion")
        #expect(questions.allSatisfy { Set($0.keys) == required })
        #expect(consult["path"] as? [String] == ["areas", "duration", "scalp_symptoms", "age_started", "goals"])
        #expect(consult["skipped"] as? [String] == ["scalp_details"])
    }

    @Test func adherenceIsTheReportsAdherencePlannedDosesPerTrackedDay() throws {
        let project = try TemporaryProject.minimal()
        let stack = """
            { "id": "sw-2", "user": {},
              "minimal": [
                { "id": "a", "name": "A", "purpose": "p", "dose": "d", "timing": ["AM"], "evidence": "A" },
                { "id": "b", "name": "B", "purpose": "p", "dose": "d", "timing": ["PM", "AM"], "evidence": "C" } ],
              "optional": [
                { "id": "c", "name": "C", "purpose": "p", "dose": "d", "timing": ["Night"], "evidence": "B", "active": false } ],
              "tracking": [
                { "date": "2026-02-27", "taken": ["a", "b"] },
                { "date": "2026-03-01", "taken": ["a", "c"] },
                { "date": "2026-03-02", "taken": ["a", "a"] } ] }
            """
        let document = try Self.export(stack, in: project)
        let body = try #require(document["stack"] as? [String: Any])
        let adherence = try #require(body["adherence"] as? [String: Any])
        // Planned: the active minimal supplements a and b (c is stopped), on each of the 3 tracked days.
        #expect(adherence["planned"] as? [String] == ["a", "b"])
        #expect(adherence["daysTracked"] as? Int == 3)
        #expect(adherence["untrackedDays"] as? Int == 1)  // 28 February
        #expect(adherence["dosesPlanned"] as? Int == 6)
        #expect(adherence["dosesTaken"] as? Int == 4)  // a+b, a, a (a twice on one day counts once)
        #expect(adherence["percentTaken"] as? Int == 67)
        #expect(adherence["currentStreak"] as? Int == 0)  // the last day missed b
        #expect(adherence["completeDays"] as? Int == 1)
        #expect(adherence["partialDays"] as? Int == 2)
        let days = try #require(adherence["days"] as? [[String: Any]])
        #expect(days.map { $0["takenExtra"] as? [String] } == [[], ["c"], []])
        let schedule = try #require(body["schedule"] as? [[String: Any]])
        #expect(schedule.map { $0["supplements"] as? [String] } == [["a", "b"], [], ["b"], []])
    }
}
