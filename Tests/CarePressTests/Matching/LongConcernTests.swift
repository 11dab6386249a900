import CarePress
import Foundation
import Testing

/// Finding 13 of issue 14: a 3 MB physio concern took 24-55 s to match (every word against the whole vocabulary,
/// every term against every word). The matcher now reads at most `ConditionMatcher.maximumWords` words, looks each
/// distinct word up once, and records and `carepress match` reject a concern over `maximumConcernLength` characters.
@Suite("Long concerns")
struct LongConcernTests {
    static let matcher = ConditionMatcher(knowledge: MatcherRecallTests.project.knowledge)

    @Test("Only the first maximumWords words are read: a term after them does not count")
    func wordsPastTheBoundAreNotRead() {
        let filler = Array(repeating: "zzq", count: ConditionMatcher.maximumWords).joined(separator: " ")
        #expect(!Self.matcher.matches(for: "knee pain going down stairs").isEmpty)
        #expect(Self.matcher.matches(for: filler + " knee pain going down stairs").isEmpty)
        let early = Self.matcher.matches(for: "knee pain going down stairs " + filler)
        #expect(early.map(\.name) == Self.matcher.matches(for: "knee pain going down stairs").map(\.name))
    }

    @Test("150 kB of distinct words are matched, the same as their first maximumWords words")
    func megabyteConcern() {
        var words: [String] = []
        var total = 0
        var index = 0
        while total < 150_000 {
            let word = "w" + String(index, radix: 36) + (index % 50 == 0 ? " knee" : "")
            words.append(word)
            total += word.utf8.count + 1
            index += 1
        }
        let concern = words.joined(separator: " ")
        let read = ConcernText.words(concern).prefix(ConditionMatcher.maximumWords).joined(separator: " ")
        let matches = Self.matcher.matches(for: concern)
        #expect(!matches.isEmpty && matches == Self.matcher.matches(for: read))
    }

    @Test("A physio record's concern over the limit is a located error")
    func physioConcernLimit() throws {
        let project = try TemporaryProject.minimal()
        let long = String(repeating: "knee ", count: ConditionMatcher.maximumConcernLength / 5 + 1)
        try project.write(
            "Content/physio/p.json",
            #"{ "id": "pg-1", "concern": "\#(long)", "unavailableReason": "no model" }"#)
        try project.write(
            "Content/physio/ok.json", #"{ "id": "pg-2", "concern": "knee pain", "unavailableReason": "no model" }"#)
        let report = SiteBuilder.build(project.buildOptions())
        #expect(
            report.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                project.path("Content/physio/p.json")
                    + ":1:28: error: concern: the concern is 10005 characters long; a concern may have at most 10000"
                    + "\n    hint: the matcher reads a concern in a patient's words, not a document; see formats/README.md, Limits"
            ])
        #expect(project.files(under: "Output/reports/physio").contains("pg-2.html"))
    }
}
