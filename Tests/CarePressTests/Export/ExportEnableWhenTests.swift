import Foundation
import Testing

@testable import CarePress

/// The mapping of `next` rules to FHIR `enableWhen`: exact where it maps, absent (and warned about) where not.
@Suite("Export: enableWhen mapping")
struct ExportEnableWhenTests {
    typealias Condition = EnableWhenMapping.Condition

    /// A questionnaire from a compact list of questions: `(id, type, options, next rules)`.
    static func schema(_ questions: [(String, ConsultSchema.QuestionType, [String], [(String?, String)])])
        -> ConsultSchema
    {
        ConsultSchema(
            id: "test", version: "1", title: "Test", intro: nil,
            questions: questions.map { id, type, options, next in
                ConsultSchema.Question(
                    id: id, prompt: "\(id)?", type: type,
                    options: options.map { ConsultSchema.Option(id: $0, label: $0.uppercased(), flag: nil) },
                    additionalInfo: nil, unit: nil, required: true,
                    next: next.map { ConsultSchema.NextRule(ifAnswer: $0, goto: $1, position: .start) })
            }, source: "test.json")
    }

    /// The mapping written as text, one question per entry: `all(q0!=a,q1=b)`, `any(...)`, `always` or `none`.
    static func described(_ schema: ConsultSchema) -> [String] {
        EnableWhenMapping(schema).enablements.map { enablement in
            guard let enablement else { return "none" }
            if enablement.conditions.isEmpty { return "always" }
            let parts = enablement.conditions.map {
                "\(schema.questions[$0.question].id)\($0.equals ? "=" : "!=")\($0.option)"
            }
            return (enablement.requiresAll ? "all(" : "any(") + parts.joined(separator: ",") + ")"
        }
    }

    @Test func theSampleQuestionnairesMapExactly() throws {
        let content = TemporaryProject.repository.appendingPathComponent("Content").path
        let project = SiteProject.load(from: content)
        let hairLoss = try #require(project.schemas["hair-loss"])
        let mapped = Self.described(hairLoss)
        #expect(mapped.allSatisfy { $0 != "none" })
        #expect(mapped[0] == "always")
        #expect(mapped[1] == "all(for_self!=under_18)")
        #expect(mapped[2] == "all(for_self!=under_18,areas!=patches)")
        #expect(mapped[3] == "all(for_self!=under_18)")
        #expect(mapped[6] == "all(for_self!=under_18,scalp_symptoms!=none)")
        let skin = try #require(project.schemas["skin-check"])
        #expect(
            Self.described(skin) == [
                "always", "all(concern!=other,concern!=rash)", "all(concern!=other,concern!=rash)",
                "all(concern=rash)", "all(rash_symptoms!=fever)", "all(rash_symptoms!=fever)",
                "all(rash_symptoms!=fever)", "all(rash_symptoms!=fever)",
            ])
    }

    @Test func aDisabledQuestionCountsAsUnansweredSoConditionsCompose() {
        // q2 follows q0 = x directly, or q1 when q1 is not m; q1 is only asked when q0 is not x.
        let schema = Self.schema([
            ("q0", .singleChoice, ["x", "y"], [("x", "q2")]),
            ("q1", .singleChoice, ["m", "n"], [("m", "end")]),
            ("q2", .freeText, [], []),
        ])
        #expect(Self.described(schema) == ["always", "all(q0!=x)", "all(q1!=m)"])
    }

    @Test func multipleChoiceRulesAreTriedInOrder() {
        // With both a and b chosen, the a rule wins: q2 is reached when a is chosen or b is not.
        let schema = Self.schema([
            ("q0", .multipleChoice, ["a", "b", "c"], [("a", "q2"), ("b", "end")]),
            ("q1", .freeText, [], []),
            ("q2", .freeText, [], []),
        ])
        #expect(Self.described(schema) == ["always", "all(q0!=a,q0!=b)", "any(q0=a,q0!=b)"])
    }

    @Test func severalArrivalsBecomeAnyOf() {
        let schema = Self.schema([
            ("q0", .singleChoice, ["a", "b", "c"], [("a", "q3"), ("b", "q3"), ("c", "q2")]),
            ("q1", .freeText, [], [(nil, "end")]),
            ("q2", .freeText, [], [(nil, "end")]),
            ("q3", .freeText, [], []),
        ])
        #expect(Self.described(schema) == ["always", "all(q0!=a,q0!=b,q0!=c)", "all(q0=c)", "any(q0=a,q0=b)"])
    }

    @Test func aFlowThatNeedsAllAndAnyTogetherIsNotMapped() {
        // q4 is reached when (q0 has a or lacks b) and (q2 has c or lacks d): no single all/any list says that.
        let schema = Self.schema([
            ("q0", .multipleChoice, ["a", "b"], [("a", "q2"), ("b", "end")]),
            ("q1", .freeText, [], []),
            ("q2", .multipleChoice, ["c", "d"], [("c", "q4"), ("d", "end")]),
            ("q3", .freeText, [], []),
            ("q4", .freeText, [], []),
        ])
        let mapped = Self.described(schema)
        #expect(mapped[0] == "always")
        #expect(mapped[2] == "any(q0=a,q0!=b)")
        #expect(mapped[4] == "none")
    }

    @Test func aQuestionNoPathReachesIsNotMapped() {
        let schema = Self.schema([
            ("q0", .freeText, [], [(nil, "q2")]),
            ("q1", .freeText, [], []),
            ("q2", .freeText, [], []),
        ])
        #expect(Self.described(schema) == ["always", "none", "always"])
    }

    @Test func tooManyCombinationsLeaveTheQuestionnaireUnmapped() {
        let questions = (0..<15).map { index -> (String, ConsultSchema.QuestionType, [String], [(String?, String)]) in
            ("q\(index)", .singleChoice, ["yes", "no"], [("no", "end")])
        }
        #expect(Self.described(Self.schema(questions)).allSatisfy { $0 == "none" })
        let fewer = Array(questions.prefix(10))
        #expect(Self.described(Self.schema(fewer)).allSatisfy { $0 != "none" })
    }

    @Test func theQuestionnaireWarnsAboutUnmappedQuestionsAndDoesNotRequireThem() throws {
        let text = """
            { "id": "unmapped", "version": "1", "title": "Unmapped",
              "questions": [
                { "id": "q0", "prompt": "Zero?", "type": "freeText", "next": [ { "goto": "q2" } ] },
                { "id": "q1", "prompt": "One?", "type": "freeText" },
                { "id": "q2", "prompt": "Two?", "type": "freeText" } ] }
            """
        let result = try Exporter.export(
            .standardInput(Array(text.utf8)), options: ExportOptions(format: .fhirQuestionnaire))
        let document = try #require(result.document)
        #expect(result.diagnostics.map(\.path) == ["questions[1]"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.position == SourcePosition(line: 4, column: 5))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [String: Any])
        let items = try #require(json["item"] as? [[String: Any]])
        #expect(items.map { $0["required"] as? Bool } == [true, false, true])
        #expect(items.allSatisfy { $0["enableWhen"] == nil })
    }
}
