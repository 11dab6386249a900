import CarePress
import Foundation
import Testing

@Suite("Physio reports")
struct PhysioReportTests {
    /// A physio record; `response` nil means the model was unavailable.
    static func physio(
        id: String = "pg-1", concern: String = "My knee hurts when I go down stairs", area: String? = "knee",
        condition: String = "Patellofemoral Pain Syndrome",
        exercises: [String] = ["Quad Sets", "Straight Leg Raise", "Step-Downs"], withResponse: Bool = true
    ) -> [String: Any] {
        var record: [String: Any] = ["id": id, "createdAt": "2026-11-03T18:02:11Z", "concern": concern]
        if let area { record["bodyArea"] = area }
        if withResponse {
            record["response"] = [
                "reasoning": "Pain on stairs points to the kneecap.", "conditionName": condition,
                "suggestedExercises": exercises, "encouragement": "You've got this.",
            ]
        } else {
            record["unavailableReason"] = "The on-device model was not available."
        }
        return record
    }

    @Test func theConditionAndExercisesComeFromTheKnowledgeStoreWithLinks() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.physio, "a", Self.physio(condition: "patellofemoral pain syndrome"))
        let build = fixture.build()
        #expect(!build.hasErrors)
        #expect(build.warningCount == 0)
        let markdown = try fixture.report("physio/pg-1.md")
        let order = [
            "## Your concern, in your own words\n\n> My knee hurts when I go down stairs\n",
            "## What this may be: [Patellofemoral Pain Syndrome](<../../guide/conditions/patellofemoral-pain-syndrome.html>)",
            "Pain around or behind the kneecap, often worse on stairs.",
            "**Typical recovery:** 6-12 weeks",
            "<!-- callout urgent -->\n### Get urgent help if…\n\n- The knee is hot\n- red and swollen\n",
            "### 1. [Quad Sets](<../../guide/exercises/quad-sets.html>)\n\n**How much:** 3 sets of 10, once a day\n\n1. Get ready.\n2. Do it slowly.\n\n**Take care:**\n\n- Stop if pain is sharp.\n",
            "### 3. [Step-Downs](<../../guide/exercises/step-downs.html>)",
            "## From the recovery assistant (generated)",
            "> Pain on stairs points to the kneecap.",
            "> You've got this.",
            "## Important\n\nThis is educational guidance only, not medical advice.\n",
        ]
        let positions = order.map { markdown.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func namesNotInTheKnowledgeStoreAreShownUnlinkedAndReportedAsWarnings() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(
            .physio, "a",
            Self.physio(condition: "Jumper's Knee Type B", exercises: ["Quad Sets", "Moon Walk Lunges", "Step-Downs"]))
        let build = fixture.build()
        #expect(!build.hasErrors)
        #expect(
            build.diagnostics.filter { $0.severity == .warning }.map(\.message) == [
                "the model named a condition that is not in the knowledge store: 'Jumper's Knee Type B'",
                "the model named an exercise that is not in the knowledge store: 'Moon Walk Lunges'",
            ])
        let markdown = try fixture.report("physio/pg-1.md")
        #expect(
            markdown.contains(
                "*The recovery assistant guessed that this may be “Jumper's Knee Type B”. This is only a guess: that condition is not in the guide"
            ))
        #expect(!markdown.contains("## What this may be"), "the model's guess is no heading of fact")
        #expect(markdown.contains("### 2. Moon Walk Lunges\n\n**Not from the knowledge base.**"))
        #expect(markdown.contains("### 1. [Quad Sets]("), "the known exercises are still there")
        let html = try fixture.report("physio/pg-1.html")
        #expect(!html.contains("Moon Walk Lunges</a>"))
        #expect(!html.contains("Type B</a>"))
        // The red flags still appear: those of the guide's matches for the concern.
        #expect(markdown.contains("## Conditions in the guide that match your concern"))
        #expect(
            markdown.contains(
                "<!-- callout urgent -->\n## Get urgent help if…\n\n- The knee is hot\n- red and swollen\n\nThese are the warning signs"
            ))
        let index = try fixture.report("index.html")
        #expect(index.contains("The recovery assistant's condition is not in the guide"))
        #expect(index.contains("1 suggested exercise not in the guide"))
    }

    @Test func withoutAResponseTheMatchersTopThreeAreShownWithTheirRedFlags() throws {
        let fixture = try ReportFixture.withSampleKnowledge()
        let concern = "My shoulder aches at night and I can't reach the top shelf without a sharp pinch"
        try fixture.write(.physio, "a", Self.physio(concern: concern, area: "shoulder", withResponse: false))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("physio/pg-1.md")
        let project = SiteProject.load(from: fixture.project.path("Content"))
        let expected = ConditionMatcher(knowledge: project.knowledge).matches(for: concern, area: "shoulder")
        #expect(expected.count == 3)
        #expect(
            markdown.contains(
                "## No personalised answer\n\nThe recovery assistant could not run, so there is no advice"))
        #expect(markdown.contains("The on-device model was not available."))
        let headings = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("### ") }
        #expect(
            headings
                == expected.enumerated().map { "### \($0 + 1). [\($1.name)](<../../guide/conditions/\($1.slug).html>)" }
        )
        for match in expected {
            let condition = try #require(project.knowledge.condition(named: match.name))
            for flag in condition.redFlags {
                #expect(markdown.contains("- \(MarkdownEscaping.escaped(flag))\n"), "red flag of \(match.name)")
            }
        }
        #expect(!markdown.contains("## From the recovery assistant"), "nothing generated to show")
    }

    @Test func theGuardrailFailsTheBuildWhenThePhysioTemplateLeavesOutTheRedFlags() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.physio, "a", Self.physio())
        let templates = try fixture.copyOfDefaultTemplates()
        let path = templates + "/reports/physio.md.mustache"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "{{#redFlags}}\n- {{.}}\n{{/redFlags}}", with: "")
        #expect(broken != original)
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let build = fixture.build(templates: templates)
        #expect(build.hasErrors)
        let errors = build.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == [path, path], "the errors name the template")
        let suffix = " (while rendering \(fixture.project.path("Content/physio/a.json")))"
        #expect(
            errors.map(\.message) == [
                "the template leaves out the red flag of Patellofemoral Pain Syndrome 'The knee is hot'" + suffix,
                "the template leaves out the red flag of Patellofemoral Pain Syndrome 'red and swollen'" + suffix,
            ])
        #expect(fixture.project.read("Output/reports/physio/pg-1.html") == nil, "the report is not written")
        #expect(fixture.project.read("Output/reports/physio/pg-1.md") == nil)
    }

    @Test func theGuardrailFailsTheBuildWhenThePhysioTemplateLeavesOutTheDisclaimer() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.physio, "a", Self.physio(withResponse: false))
        let templates = try fixture.copyOfDefaultTemplates()
        let path = templates + "/reports/physio.md.mustache"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        // Hidden in an HTML comment, which safe rendering drops: still left out.
        let broken = original.replacingOccurrences(
            of: "## Important\n\n{{site.disclaimer}}", with: "<!-- {{site.disclaimer}} -->")
        #expect(broken != original)
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let build = fixture.build(templates: templates)
        let errors = build.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == [path])
        #expect(
            errors.map(\.message) == [
                "the template leaves out the disclaimer from site.yml (while rendering \(fixture.project.path("Content/physio/a.json")))"
            ])
        #expect(fixture.project.read("Output/reports/physio/pg-1.html") == nil)
    }

    @Test func theDefaultTemplateShowsTheDisclaimerAndEveryRedFlagOfEverySampleRecord() throws {
        let fixture = try ReportFixture.withSampleKnowledge()
        let samples = TemporaryProject.repository.appendingPathComponent("Content/physio")
        try FileManager.default.copyItem(at: samples, to: fixture.project.root.appendingPathComponent("Content/physio"))
        let build = fixture.build()
        #expect(!build.hasErrors, "\(build.diagnostics.filter { $0.severity == .error })")
        #expect(fixture.project.files(under: "Output/reports/physio").count == 26)
    }
}
