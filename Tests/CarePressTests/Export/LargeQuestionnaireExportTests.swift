import Foundation
import Testing

@testable import CarePress

/// Finding 9 of issue 14: the FHIR Questionnaire export was quadratic (5,000 questions took 20 s, 20,000 took 80 s
/// and 0.7 GB): every question looked at every other one. The work is counted (`EnableWhenMapping.visits`), never
/// timed: it must grow linearly.
@Suite("Export: a questionnaire as large as the limit")
struct LargeQuestionnaireExportTests {
    /// `count` single-choice questions falling through in order; question 0 skips question 1 on answer `a`, and
    /// question 5,000 jumps to the end on `b`.
    static func json(questions count: Int) -> [UInt8] {
        let items = (0..<count).map { index -> String in
            var next = ""
            switch index {
            case 0: next = #", "next": [{ "ifAnswer": "a", "goto": "q2" }]"#
            case 5_000: next = #", "next": [{ "ifAnswer": "b", "goto": "end" }]"#
            default: break
            }
            return
                #"{"id":"q\#(index)","prompt":"Q\#(index)?","type":"singleChoice","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]\#(next)}"#
        }
        return Array(
            (#"{"id":"big","version":"1","title":"Big","questions":["# + items.joined(separator: ",") + "]}").utf8)
    }

    @Test("A 20,000-question questionnaire (the limit) exports, with its enableWhen conditions")
    func twentyThousandQuestions() throws {
        let count = ConsultSchema.maximumQuestions
        #expect(count == 20_000)
        let options = ExportOptions(
            format: .fhirQuestionnaire, kind: .schema, contentPath: "Content", templatesPath: "Templates")
        let result = try Exporter.export(.bytes(Self.json(questions: count), name: "big.json"), options: options)
        #expect(result.diagnostics.isEmpty)
        let document = try #require(result.document)
        let object = try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any]
        let items = object?["item"] as? [[String: Any]] ?? []
        #expect(items.count == count)
        func conditions(_ position: Int) -> [String] {
            (items[position]["enableWhen"] as? [[String: Any]] ?? []).map {
                "\($0["question"] ?? "")\($0["operator"] ?? "")"
            }
        }
        #expect(conditions(1) == ["q0!="])
        #expect(conditions(2) == [] && conditions(5_000) == [])
        #expect(conditions(5_001) == ["q5000!="] && conditions(count - 1) == ["q5000!="])
    }

    /// The same shape as `json`, built directly, with a few more rules spread over it.
    static func schema(questions count: Int) -> ConsultSchema {
        let options = [
            ConsultSchema.Option(id: "a", label: "A", flag: nil), ConsultSchema.Option(id: "b", label: "B", flag: nil),
        ]
        let questions = (0..<count).map { index in
            var next: [ConsultSchema.NextRule] = []
            if index % (count / 4) == 0 && index + 2 < count {
                next = [ConsultSchema.NextRule(ifAnswer: "a", goto: "q\(index + 2)", position: .start)]
            } else if index % 997 == 0 {
                next = [ConsultSchema.NextRule(ifAnswer: nil, goto: "q\(index + 1)", position: .start)]
            }
            return ConsultSchema.Question(
                id: "q\(index)", prompt: "Q?", type: .singleChoice, options: options, additionalInfo: nil, unit: nil,
                required: true, next: next)
        }
        return ConsultSchema(id: "big", version: "1", title: "Big", intro: nil, questions: questions, source: "big")
    }

    @Test("The mapping's work grows linearly: twice the questions, at most twice the visits")
    func linearGrowth() {
        let small = EnableWhenMapping(Self.schema(questions: 4_000))
        let large = EnableWhenMapping(Self.schema(questions: 8_000))
        #expect(small.enablements.allSatisfy { $0 != nil } && large.enablements.allSatisfy { $0 != nil })
        #expect(small.visits > 0)
        #expect(large.visits <= 2 * small.visits + 16, "4,000: \(small.visits), 8,000: \(large.visits)")
        #expect(large.visits <= 8 * 8_000)
    }
}
