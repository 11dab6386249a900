import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

@Suite("Stack reports")
struct StackReportTests {
    static func supplement(
        _ id: String, _ name: String, timing: [String] = ["AM"], evidence: String = "B", cautions: [String] = [],
        citations: [[String: Any]] = [], active: Bool = true
    ) -> [String: Any] {
        [
            "id": id, "name": name, "purpose": "Purpose of \(name)", "dose": "1 unit", "timing": timing,
            "evidence": evidence, "cautions": cautions, "citations": citations, "active": active,
        ]
    }

    /// A stack: two minimal supplements (AM and Night), an optional one at lunch and evening, a stopped one.
    static func stack(
        risks: [String] = ["anticoagulants"], tracking: [[String: Any]]? = nil,
        reminders: [[String: Any]] = [
            ["supplementId": "fish", "time": "08:00"], ["supplementId": "mag", "time": "21:30"],
            ["supplementId": "theanine", "time": "12:15"], ["supplementId": "theanine", "time": "19:00"],
            ["supplementId": "ginkgo", "time": "08:00", "enabled": false],
        ]
    ) -> [String: Any] {
        var record: [String: Any] = [
            "id": "sw-1", "createdAt": "2026-11-01T12:00:00Z",
            "user": [
                "displayName": "Riley", "goals": ["joint_health", "sleep"], "risks": risks,
                "dietaryPreferences": ["gluten_free"],
            ],
            "priority": "Sleep through the night",
            "minimal": [
                supplement(
                    "fish", "Fish oil", evidence: "A",
                    cautions: ["Can increase bleeding risk with blood thinners such as warfarin."],
                    citations: [
                        ["title": "Omega-3 fact sheet", "url": "https://example.org/omega-3"],
                        ["title": "A totally legit review", "url": "javascript:alert(1)"],
                        ["title": "A book without a link"],
                    ]),
                supplement("mag", "Magnesium", timing: ["Night"], cautions: ["May cause loose stools."]),
            ],
            "optional": [
                supplement("theanine", "L-theanine", timing: ["Lunch", "PM"], evidence: "C"),
                supplement(
                    "ginkgo", "Ginkgo", cautions: ["Raises the risk of bleeding with anticoagulants."], active: false),
            ],
            "reminders": reminders,
        ]
        if let tracking { record["tracking"] = tracking }
        return record
    }

    @Test func theReportStartsWithWarningsAndDescribesThePersonInWords() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack())
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("stacks/sw-1.md")
        let order = [
            "# Supplement plan for Riley", "<!-- callout urgent -->\n## Check before you take these",
            "- **Fish oil**. You listed blood thinners \\(anticoagulants\\). Can increase bleeding risk",
            "- **Ginkgo** (stopped). You listed blood thinners \\(anticoagulants\\). Raises the risk of bleeding",
            "## About you", "> Sleep through the night", "- **Goals:** Joint health and sleep",
            "- **Health risks you listed:** Blood thinners \\(anticoagulants\\)", "- **Diet:** Gluten-free",
            "## Daily schedule", "## Essential supplements", "### Fish oil", "### Magnesium",
            "## Optional supplements", "### L-theanine", "## Stopped supplements", "### Ginkgo",
            "## How well the plan has been kept", "## Important",
        ]
        let positions = order.map { markdown.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(
            !markdown.contains("- **Magnesium**. You listed"), "a caution that concerns no listed risk is no warning")
    }

    @Test func eachSupplementHasItsDetailsEvidenceInWordsAndOnlySafeCitationLinks() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack())
        fixture.build()
        let markdown = try fixture.report("stacks/sw-1.md")
        #expect(
            markdown.contains(
                """
                ### Fish oil

                - **What it is for:** Purpose of Fish oil
                - **Dose:** 1 unit
                - **When:** Morning
                - **Evidence:** Strong evidence from several good trials (level A)
                - **Sources:**
                  - [Omega-3 fact sheet](<https://example.org/omega-3>)
                  - A totally legit review (link not included, because “javascript:alert\\(1\\)” is not a web address)
                  - A book without a link

                <!-- callout caution -->
                #### Check before you take this

                - Can increase bleeding risk with blood thinners such as warfarin.
                <!-- /callout -->

                """))
        #expect(markdown.contains("- **When:** Lunch and Evening\n- **Evidence:** Limited or mixed evidence (level C)"))
        let html = try fixture.report("stacks/sw-1.html")
        #expect(html.contains("<a href=\"https://example.org/omega-3\">Omega-3 fact sheet</a>"))
        #expect(!html.contains("href=\"javascript"))
        #expect(!html.contains("href=\"\""))
    }

    @Test func theScheduleGroupsActiveSupplementsByTimeOfDayWithTheirReminders() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack())
        fixture.build()
        let markdown = try fixture.report("stacks/sw-1.md")
        let schedule = try #require(
            markdown.components(separatedBy: "## Daily schedule\n\n").last?.components(separatedBy: "## Essential")
                .first)
        #expect(
            schedule == """
                What to take at each time of day, with your reminders. Stopped supplements are not included.

                ### Morning

                - **Fish oil**, 1 unit (reminder at 08:00)

                ### Lunch

                - **L-theanine**, 1 unit (reminder at 12:15)

                ### Evening

                - **L-theanine**, 1 unit (reminder at 19:00)

                ### Night

                - **Magnesium**, 1 unit (reminder at 21:30)


                """)
    }

    @Test func aReminderGoesToTheNearestOfItsSupplementsTimesOfDay() {
        #expect(StackSchedule.timing(of: "23:30", among: [.morning, .night]) == .night)
        #expect(StackSchedule.timing(of: "02:00", among: [.morning, .night]) == .night, "round the clock")
        #expect(StackSchedule.timing(of: "10:14", among: [.morning, .lunch]) == .morning)
        #expect(StackSchedule.timing(of: "15:15", among: [.lunch, .evening]) == .lunch, "a tie goes to the earlier")
        #expect(StackSchedule.timing(of: "03:00", among: [.lunch]) == .lunch, "one time of day takes every reminder")
    }

    @Test func aCautionConcernsARiskWhenItMentionsAWordTiedToIt() {
        let cases: [(String, [String])] = [
            (
                "Can increase bleeding risk with blood thinners such as warfarin.",
                ["anticoagulants", "bleeding_disorder"]
            ),
            ("Keep INR checks as scheduled.", ["anticoagulants"]),
            (
                "Can lower blood pressure; tell your doctor if you take blood-pressure medicine.",
                ["blood_pressure_meds"]
            ),
            ("Not recommended in pregnancy.", ["pregnancy"]),
            ("Too much vitamin A can harm an unborn baby.", ["pregnancy"]),
            ("Do not combine with SSRIs: risk of serotonin syndrome.", ["antidepressants"]),
            ("Stop two weeks before surgery.", ["upcoming_surgery"]),
            ("May lower blood sugar.", ["diabetes_meds"]),
            ("Take four hours apart from levothyroxine.", ["thyroid_meds"]),
            ("Talk to your doctor first if you have kidney problems.", ["kidney_disease"]),
            ("Rarely linked to hepatitis.", ["liver_disease"]),
            ("Can cause palpitations.", ["heart_condition"]),
            ("Cod liver oil is rich in vitamin A.", []),
            ("Can cause heartburn.", []),
            ("Can cause next-day drowsiness.", []),
        ]
        let all = SupplementStack.riskIDs.sorted()
        for (caution, expected) in cases {
            #expect(Set(RiskWarnings.risks(concernedBy: caution, among: all)) == Set(expected), "\(caution)")
        }
        #expect(RiskWarnings.risks(concernedBy: "bleeding", among: ["pregnancy"]).isEmpty, "only listed risks count")
    }

    /// ASCII cautions are split into words by bytes: the same words as by `Character`s, for any ASCII text (control
    /// characters and CR LF pairs included).
    @Test func cautionsAreSplitIntoTheSameWordsByBytesAsByCharacters() {
        var generator = SplitMix64(seed: 20_261_125)
        var texts = [
            "", "!!!", "Blood-Pressure\r\nmeds", "x2, 3mg; B12", "tab\there", "İstanbul", "naïve café", "ǅemal",
            "Ⅻ and ٣ and 5", "e\u{301}clair",
        ]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            texts.append(
                String(
                    (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0..<128, using: &generator))) }))
        }
        for text in texts {
            #expect(
                RiskWarnings.words(of: text) == RiskWarnings.wordsByCharacters(of: text), "\(text.debugDescription)")
        }
    }

    @Test func everyIDOfTheSchemaHasWordsAndEveryRiskHasTerms() {
        for id in SupplementStack.goalIDs { #expect(StackWording.goals[id] != nil, "goal \(id)") }
        for id in SupplementStack.riskIDs {
            #expect(StackWording.risks[id] != nil, "risk \(id)")
            #expect(RiskWarnings.terms[id]?.isEmpty == false, "terms for risk \(id)")
        }
        for id in SupplementStack.dietIDs { #expect(StackWording.diets[id] != nil, "diet \(id)") }
        #expect(StackWording.goal("joint_health") == "Joint health")
        #expect(StackWording.risk("blood_pressure_meds") == "Blood pressure medicine")
        #expect(StackWording.evidence(.a) == "Strong evidence from several good trials")
        #expect(StackWording.evidence(.b) == "Some evidence from trials")
        #expect(StackWording.evidence(.c) == "Limited or mixed evidence")
    }

    /// Five days: 1st all taken, 2nd mag only, 3rd not tracked, 4th and 5th all (twice logged on the 5th).
    static var tracking: [[String: Any]] {
        [
            ["date": "2026-11-05", "taken": ["fish"]],
            ["date": "2026-11-01", "taken": ["fish", "mag", "theanine"]],
            ["date": "2026-11-02", "taken": ["mag", "ginkgo"], "note": "Forgot the fish oil"],
            ["date": "2026-11-04", "taken": ["mag", "fish", "fish"]],
            ["date": "2026-11-05", "taken": ["mag"], "note": "Second entry"],
        ]
    }

    @Test func adherenceCountsPlannedDosesTakenAndTheCurrentStreak() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack(tracking: Self.tracking))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("stacks/sw-1.md")
        // Planned each day: fish and mag (minimal) and L-theanine (reminders on); not the stopped ginkgo.
        #expect(
            markdown.contains(
                """
                - **Days tracked:** 4 days, from 1 November 2026 to 5 November 2026 (1 day in between not tracked)
                - **Doses taken:** 8 of 12 planned \\(67%\\)
                - **Current streak:** 0 days in a row with every planned dose taken, up to 5 November 2026
                - **Also taken, not in the plan:** Ginkgo on 1 day

                """))
        let project = SiteProject.load(from: fixture.project.path("Content"))
        let file = try #require(project.recordFiles.first)
        let record = try #require(RecordLoader(project: project).load(file).record)
        guard case .stack(let stack) = record else {
            Issue.record("a stack")
            return
        }
        let adherence = try #require(Adherence(stack))
        #expect(adherence.plannedIDs == ["fish", "mag", "theanine"])
        #expect(adherence.days.map(\.date.description) == ["2026-11-01", "2026-11-02", "2026-11-04", "2026-11-05"])
        #expect(adherence.days.map(\.takenPlanned.count) == [3, 1, 2, 2])
        #expect(adherence.days[3].notes == ["Second entry"])
        #expect((adherence.completeDays, adherence.partialDays, adherence.missedDays) == (1, 3, 0))
    }

    @Test func theStreakCountsCompleteDaysInARowUpToTheLastTrackedDay() throws {
        let fixture = try ReportFixture.minimal()
        let all = ["fish", "mag", "theanine"]
        let tracking: [[String: Any]] = [
            ["date": "2026-11-01", "taken": all], ["date": "2026-11-02", "taken": ["fish"]],
            ["date": "2026-11-03", "taken": all], ["date": "2026-11-04", "taken": all],
            ["date": "2026-11-05", "taken": all],
        ]
        try fixture.write(.stack, "a", Self.stack(tracking: tracking))
        fixture.build()
        let markdown = try fixture.report("stacks/sw-1.md")
        #expect(markdown.contains("- **Current streak:** 3 days in a row with every planned dose taken"))
        #expect(markdown.contains("- **Doses taken:** 13 of 15 planned \\(87%\\)"))
    }

    @Test func theChartIsAnSVGInTheReportAndNextToItWithATextAlternativeStatingTheSameFigures() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack(tracking: Self.tracking))
        fixture.build()
        let markdown = try fixture.report("stacks/sw-1.md")
        let alt =
            "Chart of planned doses taken each day from 1 November 2026 to 5 November 2026; 4 days tracked; "
            + "8 of 12 planned doses taken (67%); every planned dose taken on 1 day, some on 3 days, none on 0 days; "
            + "1 day not tracked; current streak 0 days."
        #expect(markdown.contains("![\(MarkdownEscaping.escaped(alt))](<sw-1-adherence.svg>)"))
        let svg = try fixture.report("stacks/sw-1-adherence.svg")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("role=\"img\" aria-label=\"\(alt)\""))
        #expect(svg.contains("<title>\(alt)</title>"))
        #expect(svg.components(separatedBy: "<title>").count - 1 == 1 + 5, "a title for the chart and for each day")
        #expect(svg.contains("<title>2 November 2026: 1 of 3 planned doses taken</title>"))
        #expect(svg.contains("<title>3 November 2026: not tracked</title>"))
        // The page shows the same SVG inline, in place of the Markdown's image and its paragraph.
        let html = try fixture.report("stacks/sw-1.html")
        #expect(!html.contains("<img"))
        #expect(html.contains("\n" + svg.dropLast() + "\n<p><strong>How this is counted:</strong>"))
        // The same log gives the same bytes.
        fixture.build()
        #expect(try fixture.report("stacks/sw-1-adherence.svg") == svg)
    }

    @Test func withoutTrackingThereAreNoFiguresAndNoChart() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack())
        fixture.build()
        let markdown = try fixture.report("stacks/sw-1.md")
        #expect(
            markdown.contains(
                "## How well the plan has been kept\n\nNothing has been tracked yet, so there are no adherence figures and no chart.\n"
            ))
        #expect(!markdown.contains("Appendix"))
        #expect(fixture.project.files(under: "Output/reports/stacks") == ["sw-1.html", "sw-1.md"])
    }

    @Test func theTrackingLogIsAnAppendixWithTheNotesQuoted() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "a", Self.stack(tracking: Self.tracking))
        fixture.build()
        let markdown = try fixture.report("stacks/sw-1.md")
        #expect(
            markdown.hasSuffix(
                """
                ## Appendix: tracking log

                Every day in the log, as the app recorded it, with your notes.

                - **1 November 2026:** all 3 planned doses taken.
                - **2 November 2026:** 1 of 3 planned doses taken; missed Fish oil and L-theanine. Also taken: Ginkgo. Your note:
                  > Forgot the fish oil
                - **4 November 2026:** 2 of 3 planned doses taken; missed L-theanine.
                - **5 November 2026:** 2 of 3 planned doses taken; missed L-theanine. Your note:
                  > Second entry

                """))
        let html = try fixture.report("stacks/sw-1.html")
        #expect(html.contains("<section class=\"appendix\">\n<h2>Appendix: tracking log</h2>"))
    }
}
