import CarePress
import CarePressTestSupport
import Foundation
import Testing

/// The physio report when the guide's matches stand in for the model's answer: one urgent callout for one set of
/// red flags, and a condition the model made up shown as its guess, never as a heading of fact.
@Suite("Physio reports: the guide's matches")
struct PhysioFallbackTests {
    /// Warning signs several conditions may share, each with the spellings a knowledge author might give it.
    static let flags: [[String]] = [
        ["the knee is hot", "The knee is hot.", "the knee  is HOT"],
        ["you cannot put any weight on it", "You can't put any weight on it", "you cannot put any weight on it!"],
        ["a fever or chills: an emergency", "A fever or chills - an emergency", "a fever, or chills; an emergency"],
        ["your foot goes numb", "Your foot goes numb."],
        ["the knee locks and will not straighten", "The knee locks, and will not straighten"],
        ["the calf is swollen and tender", "The calf is swollen & tender"],
    ]

    /// A condition of the knee whose keywords the concern `"my wobbly knee"` matches, with the given red flags.
    static func condition(_ name: String, redFlags: [String]) -> String {
        let quoted = redFlags.map { "\"\($0.replacingOccurrences(of: "\"", with: "\\\""))\"" }
        return """
            name: \(name)
            bodyArea: knee
            keywords: [wobbly knee, wobbly, knee gives way]
            summary: A wobbly knee of the kind called \(name).
            exercises: [Quad Sets, Straight Leg Raise, Step-Downs]
            redFlags: [\(quoted.joined(separator: ", "))]
            """
    }

    /// The lines of the report's urgent callouts' lists, one array per callout.
    static func urgentCallouts(_ markdown: String) -> [[String]] {
        markdown.components(separatedBy: "<!-- callout urgent -->\n").dropFirst().map { rest in
            let body = rest.components(separatedBy: "<!-- /callout -->").first ?? ""
            return body.components(separatedBy: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
        }
    }

    @Test(arguments: 0..<24)
    func matchesSharingRedFlagsShowOneUrgentCalloutWithEachDistinctFlagOnce(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fixture = try ReportFixture.minimal()
        // 1 to 4 conditions (the matcher shows at most three), each with some of the shared flags in its own
        // spellings; the sample's Patellofemoral Pain Syndrome may match too.
        let count = Int.random(in: 1...4, using: &random)
        var flagsOf: [String: [String]] = [:]
        for index in 0..<count {
            let chosen = Self.flags.indices.filter { _ in Bool.random(using: &random) || index == 0 }
            let flags = chosen.shuffled(using: &random).map { Self.flags[$0].randomElement(using: &random) ?? "" }
            let name = "Wobbly Knee \(index + 1)"
            flagsOf[name] = flags
            try fixture.project.write(
                "Content/knowledge/conditions/wobbly-knee-\(index + 1).yml", Self.condition(name, redFlags: flags))
        }
        flagsOf["Patellofemoral Pain Syndrome"] = ["The knee is hot", "red and swollen"]
        let model = seed % 2 == 0
        try fixture.write(
            .physio, "a",
            PhysioReportTests.physio(
                concern: "my wobbly knee", condition: "Jumper's Knee Syndrome Type B", withResponse: model))
        let build = fixture.build()
        #expect(!build.hasErrors, "\(build.diagnostics)")
        let markdown = try fixture.report("physio/pg-1.md")
        let shown = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("### ") && $0.contains(". [") }
            .compactMap { $0.split(separator: "[").dropFirst().first?.split(separator: "]").first }.map(String.init)
            .filter { flagsOf[$0] != nil }
        try #require(!shown.isEmpty, "the concern matches some of the conditions")
        let callouts = Self.urgentCallouts(markdown)
        #expect(callouts.count == 1, "one urgent callout for the matches' red flags, not one per match")
        let listed = callouts.first ?? []
        let key = { (flag: String) in
            flag.lowercased().unicodeScalars.filter(CharacterSet.alphanumerics.contains).map(String.init).joined()
        }
        let expected = shown.flatMap { flagsOf[$0] ?? [] }
        var distinct: [String] = []
        for flag in expected where !distinct.contains(key(flag)) { distinct.append(key(flag)) }
        #expect(listed.map(key) == distinct, "each distinct red flag once, in the order of the matches and their flags")
    }

    @Test func theSampleFallbackReportHasOneUrgentCallout() throws {
        let fixture = try ReportFixture.withSampleKnowledge()
        let sample = TemporaryProject.repository.appendingPathComponent("Content/physio/pg-2026-0002.json")
        try FileManager.default.createDirectory(
            at: fixture.project.root.appendingPathComponent("Content/physio"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: sample, to: fixture.project.root.appendingPathComponent("Content/physio/pg-2026-0002.json"))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("physio/pg-2026-0002.md")
        let callouts = Self.urgentCallouts(markdown)
        #expect(callouts.count == 1)
        #expect(callouts.first?.count == Set(callouts.first ?? []).count, "no flag twice")
        // Postural Upper Back Pain, the third match since the lay-language matcher, shares none of its emergency flags.
        #expect(
            callouts.first?.contains("you have sudden tearing pain in your upper back: an emergency") == true,
            "the third match's own flag kept")
    }

    /// Names a model might make up, hostile ones included.
    static let madeUpNames = [
        "Jumper's Knee Syndrome Type B", "# Knee Collapse", "<script>alert(1)</script> Syndrome",
        "[Click here](javascript:alert(1))", "*Severe* _Knee_ Rot", "Knee\n## Cancer", "Knee <h2>Tear</h2>",
    ]

    @Test(arguments: madeUpNames)
    func aConditionTheModelMadeUpIsItsGuessInWordsNeverAHeading(name: String) throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.physio, "a", PhysioReportTests.physio(condition: name))
        #expect(!fixture.build().hasErrors)
        let page = try fixture.report("physio/pg-1.html")
        let main = try ReportHTML(page: page)
        // No heading carries the name, or a word of it that no heading of the report has anyway.
        let headings = main.main.components(separatedBy: "<h").dropFirst().map {
            $0.components(separatedBy: "</h").first ?? ""
        }
        for heading in headings {
            #expect(!heading.contains("What this may be"), "no heading of fact: \(heading)")
            for word in ["Jumper", "Collapse", "Click", "Rot", "Cancer", "Tear"] where name.contains(word) {
                #expect(!heading.contains(word), "the model's name is not a heading: \(heading)")
            }
        }
        #expect(!main.main.contains("<script"), "untrusted text stays text")
        #expect(!main.main.contains("href=\"javascript"))
        // The name is there, in words, as the recovery assistant's guess, in a paragraph.
        let text = main.text
        let flattened = name.replacingOccurrences(of: "\n", with: " ")
        #expect(
            text.contains("The recovery assistant guessed that this may be “\(flattened)”")
                || text.contains("The recovery assistant guessed that this may be “\(name)”"), "\(text)")
        #expect(text.contains("not in the guide"))
    }
}
