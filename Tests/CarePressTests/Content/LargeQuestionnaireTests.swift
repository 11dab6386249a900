import Foundation
import Testing

@testable import CarePress

/// Finding 4 of issue 14: a questionnaire of ~80,000 questions crashed `check` and `build` (SIGSEGV): the cycle check
/// recursed once per question. The walk is iterative now, and a questionnaire has a documented size limit.
@Suite("Large questionnaires")
struct LargeQuestionnaireTests {
    /// A questionnaire of `count` single-choice questions, each going to the next; the last one to `lastGoto`.
    static func chain(_ count: Int, lastGoto: String? = nil) -> ConsultSchema {
        let questions = (0..<count).map { index in
            let goto = index + 1 < count ? "q\(index + 1)" : lastGoto
            return ConsultSchema.Question(
                id: "q\(index)", prompt: "Question \(index)?", type: .singleChoice,
                options: [ConsultSchema.Option(id: "a", label: "A", flag: nil)], additionalInfo: nil, unit: nil,
                required: true,
                next: goto.map { [ConsultSchema.NextRule(ifAnswer: nil, goto: $0, position: .start)] } ?? [])
        }
        return ConsultSchema(id: "big", version: "1", title: "Big", intro: nil, questions: questions, source: "big")
    }

    @Test("The cycle check walks a 100,000-question chain without recursion")
    func deepChainHasNoCycle() {
        #expect(ConsultFlow.firstCycle(Self.chain(100_000)) == nil)
        let cycle = ConsultFlow.firstCycle(Self.chain(100_000, lastGoto: "q99990"))
        #expect(cycle == Array(99_990..<100_000))
    }

    @Test("A cycle is still found, and reported in the order the flow takes it")
    func smallCycle() {
        #expect(ConsultFlow.firstCycle(Self.chain(3, lastGoto: "q0")) == [0, 1, 2])
        #expect(ConsultFlow.firstCycle(Self.chain(3, lastGoto: "q1")) == [1, 2])
        #expect(ConsultFlow.firstCycle(Self.chain(1, lastGoto: "q0")) == [0])
    }

    /// The JSON of a questionnaire of `count` chained questions.
    static func json(questions count: Int) -> String {
        let items = (0..<count).map { index in
            let next = index + 1 < count ? #", "next": [{ "goto": "q\#(index + 1)" }]"# : ""
            return #"{ "id": "q\#(index)", "prompt": "Q?", "type": "freeText", "required": false\#(next) }"#
        }
        return #"{ "id": "big", "version": "1", "title": "Big", "questions": [\#n"#
            + items.joined(separator: ",\n") + "\n]}"
    }

    @Test("A questionnaire over the limit is a located error; the other schemas still load")
    func questionLimit() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/schemas/big.json", Self.json(questions: ConsultSchema.maximumQuestions + 1))
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.schemas["big"] == nil && site.schemas["hair-loss"] != nil)
        #expect(site.brokenSchemaIDs == ["big"])
        let errors = site.diagnostics.map(\.description)
        #expect(
            errors == [
                project.path("Content/schemas/big.json")
                    + ":1:61: error: questions: a questionnaire may have at most 20000 questions; this one has 20001"
                    + "\n    hint: split it into several questionnaires (see formats/README.md, Limits)"
            ])
    }
}
