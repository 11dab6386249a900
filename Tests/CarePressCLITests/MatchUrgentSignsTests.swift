import Foundation
import Testing

/// `carepress match` screens the concern for emergency signs and puts their advice before any condition.
@Suite("match: urgent signs first")
struct MatchUrgentSignsTests {
    static let content = CLI.repository.appendingPathComponent("Content").path

    /// One emergency concern of each sign of the evaluation set, and its sign.
    static func onePerSign() throws -> [(sign: String, concern: String)] {
        let text = try String(
            contentsOf: CLI.repository.appendingPathComponent("Tests/MatcherEvaluation/emergencies.tsv"),
            encoding: .utf8)
        var seen = Set<String>()
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2, seen.insert(parts[0]).inserted else { return nil }
            return (parts[0], parts[1])
        }
    }

    struct Printed: Decodable {
        struct Sign: Decodable, Equatable {
            var sign: String
            var advice: String
        }
        struct Match: Decodable {
            var name: String
        }
        var urgentSigns: [Sign]
        var matches: [Match]
    }

    @Test func theJSONListsTheSignsWithTheirAdviceAndAnEmptyListOtherwise() throws {
        let cases = try Self.onePerSign()
        #expect(cases.count >= 7)
        for (sign, concern) in cases {
            let result = try CLI.run(["match", concern, "--json", "--content", Self.content])
            #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
            let printed = try JSONDecoder().decode(Printed.self, from: result.stdout)
            #expect(printed.urgentSigns.map(\.sign).contains(sign), "\(concern) → \(printed.urgentSigns)")
            #expect(printed.urgentSigns.allSatisfy { !$0.advice.isEmpty })
        }
        let ordinary = try CLI.run(["match", "my knee hurts going down stairs", "--json", "--content", Self.content])
        let printed = try JSONDecoder().decode(Printed.self, from: ordinary.stdout)
        #expect(printed.urgentSigns.isEmpty && !printed.matches.isEmpty)
        #expect(String(decoding: ordinary.stdout, as: UTF8.self).contains("\"urgentSigns\" : [\n\n  ]"))
    }

    @Test func theTextPrintsTheAdviceBeforeAnyCondition() throws {
        let concern = "back pain and i cant control my bladder"
        let json = try CLI.run(["match", concern, "--json", "--content", Self.content])
        let advice = try #require(try JSONDecoder().decode(Printed.self, from: json.stdout).urgentSigns.first).advice
        let result = try CLI.run(["match", concern, "--content", Self.content])
        #expect(result.status == 0)
        let text = String(decoding: result.stdout, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("URGENT") == true, "\(text)")
        let adviceAt = try #require(text.range(of: advice), "the advice is printed: \(text)")
        if let firstCondition = text.range(of: "\n1. ") {
            #expect(adviceAt.lowerBound < firstCondition.lowerBound, "the advice comes before any condition")
        }
        let plain = try CLI.run(["match", "my knee hurts going down stairs", "--content", Self.content])
        #expect(!String(decoding: plain.stdout, as: UTF8.self).contains("URGENT"))
    }

    /// A concern that is not about muscles and joints gets no match and today's hint, and its emergency sign's
    /// advice still comes first: a word such as "fever" never hides the sign.
    @Test func aConcernThatIsNotMusculoskeletalGetsTheHintAndStillItsSigns() throws {
        for (concern, sign) in [
            ("fever and my back is red hot and swollen", "infection"),
            ("sunburnt shoulder and it hurts when i lift my arm", nil),
            ("itchy rash on my knee, sore when i walk", nil),
        ] {
            let json = try CLI.run(["match", concern, "--json", "--content", Self.content])
            let printed = try JSONDecoder().decode(Printed.self, from: json.stdout)
            #expect(printed.matches.isEmpty, "\(concern) → \(printed.matches.map(\.name))")
            #expect(printed.urgentSigns.map(\.sign) == (sign.map { [$0] } ?? []), "\(concern)")
            let text = String(
                decoding: try CLI.run(["match", concern, "--content", Self.content]).stdout, as: UTF8.self)
            #expect(text.contains("No condition in the knowledge store matches that concern."), "\(text)")
            #expect(text.hasPrefix("URGENT") == (sign != nil), "\(text)")
        }
    }
}
