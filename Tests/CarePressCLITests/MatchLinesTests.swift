import Foundation
import Testing

/// `carepress match --lines`: many concerns from standard input in one run, each result what `match` gives it alone.
@Suite("match --lines")
struct MatchLinesTests {
    static let content = CLI.repository.appendingPathComponent("Content").path

    static let concerns = [
        "my knee hurts going down stairs", "", "chest pain and my left arm is numb", "sore heel first thing",
        "I can't lift my arm above my head",
    ]

    /// Each line of JSON Lines output, as a JSON value to compare.
    static func objects(_ data: Data) throws -> [NSDictionary] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary)
        }
    }

    @Test(arguments: [nil, "knee"])
    func eachLineGetsWhatMatchGivesItAloneInOrder(area: String?) throws {
        let areaArguments = area.map { ["--area", $0] } ?? []
        let batch = try CLI.run(
            ["match", "--lines", "--json", "--content", Self.content] + areaArguments,
            stdin: Data(Self.concerns.joined(separator: "\n").utf8))
        #expect(batch.status == 0, "\(String(decoding: batch.stderr, as: UTF8.self))")
        let lines = try Self.objects(batch.stdout)
        #expect(lines.count == Self.concerns.count)
        for (concern, line) in zip(Self.concerns, lines) {
            let alone = try CLI.run(["match", "--json", "--content", Self.content] + areaArguments + ["--", concern])
            let expected = try #require(JSONSerialization.jsonObject(with: alone.stdout) as? NSDictionary)
            #expect(line == expected, "\(concern)")
        }
    }

    @Test func aConcernTooLongIsALocatedErrorInItsPlaceAndTheOthersAreMatched() throws {
        let long = String(repeating: "knee ", count: 2_001)
        let result = try CLI.run(
            ["match", "--lines", "--json", "--content", Self.content],
            stdin: Data("sore knee\n\(long)\nsore heel\n".utf8))
        #expect(result.status == 1)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr.contains("<stdin>:2:1: error: the concern is 10005 characters long"), "\(stderr)")
        let lines = try Self.objects(result.stdout)
        #expect(lines.count == 3)
        #expect(lines[0]["concern"] as? String == "sore knee")
        #expect((lines[1]["error"] as? String)?.contains("at most 10000") == true)
        #expect(lines[2]["concern"] as? String == "sore heel")
    }

    @Test func textResultsFollowTheirConcern() throws {
        let result = try CLI.run(
            ["match", "--lines", "--content", Self.content], stdin: Data("sore heel\nsore knee\n".utf8))
        #expect(result.status == 0)
        let text = String(decoding: result.stdout, as: UTF8.self)
        let heel = try #require(text.range(of: "> sore heel\n"))
        let knee = try #require(text.range(of: "> sore knee\n"))
        #expect(heel.upperBound <= knee.lowerBound)
        #expect(text[heel.upperBound..<knee.lowerBound].contains("Plantar Fasciitis"))
    }

    @Test(arguments: [["match", "--lines", "sore knee"], ["match"]])
    func aConcernAndLinesTogetherOrNeitherIsAUsageError(arguments: [String]) throws {
        let result = try CLI.run(arguments + ["--content", Self.content])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(String(decoding: result.stderr, as: UTF8.self).contains("--lines"))
    }
}
