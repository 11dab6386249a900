import CarePress
import Foundation
import Testing

@Suite("Consult checks against the questionnaire")
struct ConsultChecksTests {
    /// Loads one consult file into the minimal project and returns its record and diagnostics.
    func load(_ json: String) throws -> (record: Record?, diagnostics: [Diagnostic]) {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/c.json", json)
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.diagnostics.isEmpty, "the minimal project is valid: \(site.diagnostics)")
        return RecordLoader(project: site).load(
            RecordFile(kind: .consult, path: project.path("Content/consults/c.json")))
    }

    @Test func validConsultLoadsWithoutDiagnostics() throws {
        let result = try load(Samples.consult())
        #expect(result.diagnostics.isEmpty)
        #expect(result.record?.id == "hl-1")
    }

    @Test func unknownOptionIsLocatedWithDidYouMean() throws {
        let json = Samples.consult(
            answers:
                #"{ "areas": ["hairline"], "duration": "gt_2y", "scalp_symptoms": "none", "age_started": 29, "goals": "x" }"#
        )
        let result = try load(json)
        #expect(result.record == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.path == "answers.duration")
        #expect(error.message == "'gt_2y' is not an option of question 'duration'")
        #expect(error.hint == "did you mean 'gt_1y'?")
        #expect(error.position == SourcePosition(line: 6, column: 51))
        #expect(
            error.description.hasSuffix(
                "c.json:6:51: error: answers.duration: 'gt_2y' is not an option of question 'duration'\n    hint: did you mean 'gt_1y'?"
            ))
    }

    @Test func unknownQuestionIsReportedAtItsKey() throws {
        let result = try load(Samples.consult(answers: #"{ "durration": "gt_1y" }"#))
        let error = try #require(result.diagnostics.first { $0.message.contains("unknown question") })
        #expect(error.path == "answers.durration")
        #expect(error.hint == "did you mean 'duration'?")
        #expect(error.position == SourcePosition(line: 6, column: 16))
    }

    @Test func answerTypesMustMatchQuestionTypes() throws {
        let json = Samples.consult(
            answers:
                #"{ "areas": "hairline", "duration": ["gt_1y"], "scalp_symptoms": "none", "age_started": "29", "goals": 3 }"#
        )
        let messages = try load(json).diagnostics.map { "\($0.path): \($0.message)" }
        #expect(
            messages.contains(
                "answers.areas: question 'areas' is multipleChoice, so its answer must be an array of option ids"))
        #expect(
            messages.contains(
                "answers.duration: question 'duration' is singleChoice, so its answer must be one option id (a string)")
        )
        #expect(
            messages.contains("answers.age_started: question 'age_started' is number, so its answer must be a number"))
        #expect(messages.contains("answers.goals: question 'goals' is freeText, so its answer must be a string"))
    }

    @Test func requiredQuestionsOnThePathMustBeAnsweredWhenCompleted() throws {
        // scalp_symptoms "none" skips scalp_details (optional anyway); age_started is required and missing.
        let answers = #"{ "areas": ["crown"], "duration": "gt_1y", "scalp_symptoms": "none", "goals": "x" }"#
        let completed = try load(Samples.consult(answers: answers))
        #expect(completed.record == nil)
        #expect(
            completed.diagnostics.map(\.message) == [
                "required question 'age_started' is on the path this consult took but has no answer"
            ])
        let inProgress = try load(Samples.consult(answers: answers, status: "in-progress"))
        #expect(inProgress.record != nil)
        #expect(inProgress.diagnostics.isEmpty)
    }

    @Test func questionsTheFlowSkippedNeedNoAnswerButAnAnswerThereIsKept() throws {
        let answers =
            #"{ "areas": ["crown"], "duration": "gt_1y", "scalp_symptoms": "none", "scalp_details": "itchy", "age_started": 30, "goals": "x" }"#
        let result = try load(Samples.consult(answers: answers))
        #expect(result.record != nil)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.path == "answers.scalp_details")
    }

    @Test func unknownSchemaGetsADidYouMean() throws {
        let json = Samples.consult().replacingOccurrences(of: "\"hair-loss\"", with: "\"hair-los\"")
        let error = try #require(try load(json).diagnostics.first)
        #expect(error.message == "unknown schema 'hair-los'")
        #expect(error.hint == "did you mean 'hair-loss'?")
        #expect(error.position == SourcePosition(line: 3, column: 13))
    }

    /// A combining mark after `/`, `\\` or `.` makes it part of another `Character`; the bytes still count.
    @Test(arguments: ["../x", "a/b", ".hidden", "..", "a\\b", "a/\u{301}b", "..\u{301}/x", ".\u{301}x", "a\\\u{301}b"])
    func idsThatCouldNameAPathAreRefused(id: String) throws {
        // Escaped for JSON by scalars (a `Character` of `\\` and a combining mark is no `\\` to `replacingOccurrences`).
        var escaped = ""
        for scalar in id.unicodeScalars {
            if scalar == "\\" { escaped.unicodeScalars.append(scalar) }
            escaped.unicodeScalars.append(scalar)
        }
        let result = try load(Samples.consult(id: escaped))
        #expect(result.record == nil)
        #expect(result.diagnostics.first?.message == "id '\(id)' would escape the output folder")
        #expect(result.diagnostics.first?.path == "id")
    }

    @Test func unknownKeysDuplicateKeysAndMissingKeysAreAllReported() throws {
        let json = """
            {
              "id": "x", "id": "y",
              "schema": "hair-loss",
              "stauts": "completed",
              "answers": {}
            }
            """
        let diagnostics = try load(json).diagnostics
        #expect(diagnostics.map(\.message).contains("duplicate key 'id'"))
        let unknown = try #require(diagnostics.first { $0.message == "unknown key 'stauts'" })
        #expect(unknown.hint == "did you mean 'status'?")
        #expect(unknown.position == SourcePosition(line: 4, column: 3))
        #expect(diagnostics.map(\.message).contains("missing required key 'status'"))
    }
}

@Suite("Questionnaire flow")
struct ConsultFlowTests {
    func schema(_ json: String) throws -> (schema: ConsultSchema?, diagnostics: [Diagnostic]) {
        let project = try TemporaryProject.minimal()
        try project.write("Content/schemas/hair-loss.json", json)
        let site = SiteProject.load(from: project.path("Content"))
        return (site.schemas["hair-loss"], site.diagnostics)
    }

    @Test func pathFollowsRulesAndFallsThrough() throws {
        let schema = try #require(try schema(Samples.hairLossSchema).schema)
        let none = ConsultFlow.path(through: schema) { $0 == "scalp_symptoms" ? .text("none") : nil }
        #expect(none.map(\.id) == ["areas", "duration", "scalp_symptoms", "age_started", "goals"])
        let pain = ConsultFlow.path(through: schema) { $0 == "scalp_symptoms" ? .text("pain") : nil }
        #expect(pain.map(\.id) == ["areas", "duration", "scalp_symptoms", "scalp_details", "age_started", "goals"])
    }

    @Test func gotoTargetsMustExistAndCyclesAreRefused() throws {
        let broken = Samples.hairLossSchema
            .replacingOccurrences(of: #""goto": "age_started""#, with: #""goto": "age_startd""#)
        let missing = try schema(broken)
        #expect(missing.schema == nil)
        #expect(missing.diagnostics.first?.message == "goto names no question: 'age_startd'")
        #expect(missing.diagnostics.first?.hint == "did you mean 'age_started'?")

        let cyclic = Samples.hairLossSchema
            .replacingOccurrences(
                of: #""type": "freeText" }"#, with: #""type": "freeText", "next": [ { "goto": "areas" } ] }"#)
        let cycle = try schema(cyclic)
        #expect(cycle.schema == nil)
        #expect(cycle.diagnostics.contains { $0.message.hasPrefix("the flow can loop: areas → ") })
    }
}
