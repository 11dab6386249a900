import CarePress
import Foundation
import Testing

/// The FHIR QuestionnaireResponse of consults that the samples do not cover: odd ids, empty text, numbers,
/// answers the flow skipped.
@Suite("Export: FHIR QuestionnaireResponse")
struct ExportFHIRTests {
    static func response(_ text: String) throws -> (json: [String: Any], diagnostics: [Diagnostic]) {
        let project = try TemporaryProject.minimal()
        let result = try Exporter.export(
            .standardInput(Array(text.utf8)),
            options: ExportOptions(format: .fhir, contentPath: project.path("Content")))
        let document = try #require(result.document, "\(result.diagnostics)")
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        let response = try #require(
            entries.compactMap { $0["resource"] as? [String: Any] }.first {
                $0["resourceType"] as? String == "QuestionnaireResponse"
            })
        return (response, result.diagnostics)
    }

    static func items(_ json: [String: Any]) -> [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for item in json["item"] as? [[String: Any]] ?? [] {
            if let id = item["linkId"] as? String { result[id] = item["answer"] as? [[String: Any]] }
        }
        return result
    }

    @Test func answersAreTypedAndChoicesListedOnceEach() throws {
        let (json, _) = try Self.response(
            Samples.consult(
                answers: """
                    { "areas": ["crown", "hairline", "crown"], "duration": "gt_1y", "scalp_symptoms": "pain",
                      "age_started": 29.5, "goals": "  Keep\\tit  " }
                    """))
        let items = Self.items(json)
        let codes = items["areas"]?.compactMap { ($0["valueCoding"] as? [String: Any])?["code"] as? String }
        #expect(codes == ["crown", "hairline"])
        #expect((items["age_started"]?.first?["valueQuantity"] as? [String: Any])?["value"] as? Double == 29.5)
        #expect(items["goals"]?.first?["valueString"] as? String == "  Keep\tit  ")
        #expect(items["scalp_details"] == nil)  // on the path, optional, unanswered
        let order = (json["item"] as? [[String: Any]])?.compactMap { $0["linkId"] as? String }
        #expect(order == ["areas", "duration", "scalp_symptoms", "age_started", "goals"])
    }

    @Test func answersTheFlowSkippedAndEmptyTextAreLeftOut() throws {
        let (json, diagnostics) = try Self.response(
            Samples.consult(
                answers: """
                    { "areas": ["crown"], "duration": "gt_1y", "scalp_symptoms": "none", "scalp_details": "itchy",
                      "age_started": 29, "goals": "" }
                    """))
        let items = Self.items(json)
        #expect(items["scalp_details"] == nil)
        #expect(items["goals"] == nil)
        #expect((items["age_started"]?.first?["valueQuantity"] as? [String: Any])?["value"] as? Int == 29)
        #expect(diagnostics.map(\.path) == ["answers.scalp_details"])
    }

    @Test func anUnsafeIdBecomesAValidIdAndIsKeptAsTheIdentifier() throws {
        let (json, _) = try Self.response(Samples.consult(id: "HL 1 (ü)"))
        let id = try #require(json["id"] as? String)
        #expect(id.range(of: "^[A-Za-z0-9.-]{1,64}$", options: .regularExpression) != nil, "\(id)")
        #expect((json["identifier"] as? [String: Any])?["value"] as? String == "HL 1 (ü)")
    }

    @Test func authoredIsTheCompletionTimeOrForAnUnfinishedConsultTheStart() throws {
        let completed = try Self.response(Samples.consult())
        #expect(completed.json["authored"] as? String == "2026-11-02T09:19:30Z")
        #expect(completed.json["status"] as? String == "completed")
        let started = Samples.consult(answers: #"{ "areas": ["crown"] }"#, status: "in-progress")
            .replacingOccurrences(of: "completedAt", with: "startedAt")
        let unfinished = try Self.response(started)
        #expect(unfinished.json["status"] as? String == "in-progress")
        #expect(unfinished.json["authored"] as? String == "2026-11-02T09:19:30Z")
        let noTime = Samples.consult().replacingOccurrences(of: #""completedAt": "2026-11-02T09:19:30Z","#, with: "")
        #expect(try Self.response(noTime).json["authored"] == nil)
    }
}
