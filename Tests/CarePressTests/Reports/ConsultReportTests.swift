import CarePress
import Foundation
import Testing

@Suite("Consult reports")
struct ConsultReportTests {
    /// A hair-loss consult (the questionnaire of `Samples.hairLossSchema`) with the given answers.
    static func consult(
        id: String = "hl-1", status: String = "completed", answers: [String: Any],
        transcript: [[String: Any]]? = nil, patient: [String: Any]? = ["displayName": "Sam K.", "age": 34]
    ) -> [String: Any] {
        var record: [String: Any] = [
            "id": id, "schema": "hair-loss", "status": status, "startedAt": "2026-11-02T09:14:00Z", "answers": answers,
        ]
        if status == "completed" { record["completedAt"] = "2026-11-02T09:19:30Z" }
        if let transcript { record["transcript"] = transcript }
        if let patient { record["patient"] = patient }
        return record
    }

    static var fullAnswers: [String: Any] {
        [
            "areas": ["hairline", "patches"], "duration": "gt_1y", "scalp_symptoms": "pain",
            "scalp_details": "Sore and red", "age_started": 29, "goals": "Keep what I have",
        ]
    }

    @Test func needsAttentionComesFirstWithUrgentAnswersBeforeThoseForReview() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("consults/hl-1.md")
        let order = [
            "# Hair loss consultation", "<!-- callout urgent -->\n## What to do now",
            "- **Call Test Clinic today on 0161 496 0000.**", "- **Name:** Sam K., 34 years old",
            "- **Completed:** 2 November 2026, 09:19 \\(London time\\)", "- **Status:** Completed",
            "## Answers that need a closer look", "<!-- callout urgent -->\n### These answers need care soon",
            "- **Do you have any scalp symptoms?** Pain, redness or sores\n<!-- /callout -->",
            "<!-- callout caution -->\n### A clinician will check these answers",
            "- **Where are you noticing hair loss?** Sudden bald patches", "## Your answers", "## What happens next",
            "## How to contact the clinic", "## Important",
        ]
        let positions = order.map { markdown.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "every part is there: \(zip(order, positions).filter { $0.1 == nil })")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "in this order")
    }

    @Test func answersAreShownInWordsNeverAsRawIDs() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers))
        fixture.build()
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(
            markdown.contains(
                "### Where are you noticing hair loss?\n\n- Receding hairline\n"
                    + "- Sudden bald patches (**a clinician will check this**)\n\n"), "two options chosen: a list")
        #expect(
            markdown.contains("### How long has it been happening?\n\nMore than a year\n\n"),
            "one option chosen: a paragraph, not a list of one")
        #expect(markdown.contains("\n\nPain, redness or sores (**needs care soon**)\n\n"))
        #expect(markdown.contains("### How old were you when you first noticed it?\n\n29 years\n"), "numbers with unit")
        for id in ["gt\\_1y", "gt_1y", "- hairline", "- patches", "- pain", "lt\\_6m"] {
            #expect(!markdown.contains(id), "raw option id \(id) must not appear")
        }
    }

    @Test func questionsTheFlowSkippedAreNeitherListedNorMissing() throws {
        let fixture = try ReportFixture.minimal()
        var answers = Self.fullAnswers
        answers["scalp_symptoms"] = "none"
        answers["scalp_details"] = nil
        try fixture.write(.consult, "a", Self.consult(answers: answers))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(!markdown.contains("Tell us more about your scalp symptoms"))
        #expect(!markdown.contains("## Missing answers"))
        let answerSection = try #require(markdown.components(separatedBy: "## Your answers").last)
        let asked = answerSection.components(separatedBy: "\n").filter { $0.hasPrefix("### ") }
        #expect(
            asked == [
                "### Where are you noticing hair loss?", "### How long has it been happening?",
                "### Do you have any scalp symptoms?", "### How old were you when you first noticed it?",
                "### What would you like to achieve?",
            ], "every question on the path, in order")
    }

    @Test func anInProgressConsultIsMarkedIncompleteAndListsItsMissingRequiredAnswers() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(status: "in-progress", answers: ["areas": ["crown"]]))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(markdown.contains("\n\n**You have not finished this consult**, so some answers are missing."))
        #expect(markdown.contains("- **Completed:** not yet (started 2 November 2026, 09:14 \\(London time\\))"))
        #expect(markdown.contains("- **Status:** Not finished \\(in progress\\)"))
        let missing = try #require(
            markdown.components(separatedBy: "## Missing answers\n\n").last?
                .components(separatedBy: "\n\n## ").first)
        #expect(
            missing == """
                You have not finished the consult, so these questions do not have an answer yet:

                - How long has it been happening?
                - Do you have any scalp symptoms?
                - How old were you when you first noticed it?
                - What would you like to achieve?
                """, "the optional scalp_details is on the path but not required, so it is not missing")
        let answers = try #require(markdown.components(separatedBy: "## Your answers\n\n").last)
        #expect(
            answers.hasPrefix(
                "These are in the order the consult asked them. Questions that did not apply to you were left out, "
                    + "and missing answers are listed above.\n\n### Where are you noticing hair loss?\n\nThinning at the crown\n"
            ))
        #expect(!answers.contains("### How long has it been happening?"), "a missing answer is listed once, above")
        #expect(!answers.contains("Required, not answered"))
        let html = try fixture.report("consults/hl-1.html")
        #expect(html.contains("<title>Hair loss consultation (incomplete) · Recovery Guide</title>"))
    }

    @Test func aConsultWithNoAnswerSaysSoUnderAnswers() throws {
        let fixture = try ReportFixture.minimal()
        // Without its one optional question, the questionnaire has nothing to list under Answers when unanswered.
        let allRequired = Samples.hairLossSchema.components(separatedBy: "\n").filter { !$0.contains("scalp_details") }
        try fixture.project.write("Content/schemas/hair-loss.json", allRequired.joined(separator: "\n"))
        try fixture.write(.consult, "a", Self.consult(status: "in-progress", answers: [:]))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(markdown.contains("## Your answers\n\nNo question has an answer yet.\n\n## What happens next"))
        #expect(markdown.contains("- Where are you noticing hair loss?\n"), "listed under Missing answers")
    }

    @Test func freeTextIsQuotedExactlyWithItsLineBreaksAndParagraphs() throws {
        let fixture = try ReportFixture.minimal()
        var answers = Self.fullAnswers
        answers["goals"] = "Keep it *all*\nand regrow\r\n\n\n  the crown  "
        try fixture.write(.consult, "a", Self.consult(answers: answers))
        fixture.build()
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(markdown.contains("> Keep it \\*all\\*\\\n> and regrow\n>\n> &#32;&#32;the crown&#32;&#32;\n"))
        let html = try fixture.report("consults/hl-1.html")
        #expect(
            html.contains("<blockquote>\n<p>Keep it *all*<br />\nand regrow</p>\n<p>  the crown  </p>\n</blockquote>"))
    }

    @Test func theTranscriptIsAnAppendixWithSpeakersInWordsAndMergedAssistantMessages() throws {
        let fixture = try ReportFixture.minimal()
        let transcript: [[String: Any]] = [
            ["role": "assistant", "text": "Hello.", "at": "2026-11-02T09:14:00Z"],
            ["role": "assistant", "text": "Where is it?"],
            ["role": "user", "text": "my hairline", "at": "2026-11-02T09:15:10Z"],
            ["role": "assistant", "text": "Patellofemoral pain syndrome", "kind": "leaflet"],
            ["role": "assistant", "text": "Moon Boot Therapy", "kind": "leaflet"],
            ["role": "system", "text": "Stored on this device.", "kind": "notice"],
        ]
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers, transcript: transcript))
        fixture.build()
        let markdown = try fixture.report("consults/hl-1.md")
        let appendix = try #require(markdown.components(separatedBy: "## Appendix: the conversation\n\n").last)
        #expect(
            appendix.hasSuffix(
                """
                **Assistant \\(automated\\)** · 09:14

                Hello.

                Where is it?

                **You** · 09:15

                > my hairline

                **Assistant \\(automated\\)**

                Suggested reading in the guide: [Patellofemoral pain syndrome](<../../guide/conditions/patellofemoral-pain-syndrome.html>)

                Suggested reading: Moon Boot Therapy *(the guide has no page with this name, so there is no link)*

                **Notice from the app**

                Stored on this device.


                """))
        #expect(
            markdown.range(of: "## Important")?.lowerBound ?? markdown.endIndex
                < markdown.range(of: "## Appendix")?.lowerBound ?? markdown.startIndex, "the appendix comes last")
        let html = try fixture.report("consults/hl-1.html")
        #expect(html.contains("<section class=\"appendix\">\n<h2>Appendix: the conversation</h2>"))
        #expect(!html.contains("Moon Boot Therapy</a>"))
    }

    @Test func withoutATranscriptThereIsNoAppendix() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers, patient: nil))
        fixture.build()
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(!markdown.contains("Appendix"))
        #expect(!markdown.contains("**Patient:**"), "no display name, no patient line")
        #expect(!(try fixture.report("consults/hl-1.html")).contains("class=\"appendix\""))
    }

    @Test func theReportCarriesTheSiteDisclaimerInItsMarkdown() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers))
        fixture.build()
        #expect(
            try fixture.report("consults/hl-1.md").hasSuffix(
                "## Important\n\nThis is educational guidance only, not medical advice.\n"))
    }

    /// A report page says the disclaimer once, in its body; the layout's footer leaves it out (guide pages keep it).
    @Test func theReportPageShowsTheDisclaimerOnceInItsBody() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers))
        try fixture.write(.stack, "s", StackReportTests.stack())
        #expect(!fixture.build().hasErrors)
        for page in ["consults/hl-1.html", "stacks/sw-1.html"] {
            let html = try fixture.report(page)
            #expect(html.components(separatedBy: "not medical advice").count == 2, "\(page)")
            #expect(!html.contains("site-footer"), "\(page)")
            let body = try #require(html.range(of: "<h2>Important</h2>\n<p>This is educational"), "\(page)")
            #expect(body.lowerBound < (html.range(of: "</main>")?.lowerBound ?? html.startIndex), "\(page)")
        }
    }

    /// Since the footer no longer shows it, every kind of report is held to showing the disclaimer: a consult or
    /// stack template that leaves it out fails the build, located in the template, and writes no report.
    @Test(arguments: [("consult.md.mustache", "consults/hl-1"), ("stack.md.mustache", "stacks/sw-1")])
    func aTemplateThatLeavesOutTheDisclaimerFailsTheBuild(template: String, report: String) throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "a", Self.consult(answers: Self.fullAnswers))
        try fixture.write(.stack, "s", StackReportTests.stack())
        let templates = try fixture.copyOfDefaultTemplates()
        let path = templates + "/reports/" + template
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "{{site.disclaimer}}", with: "[more](https://example.org/)")
        #expect(broken != original)
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let errors = fixture.build(templates: templates).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == [path])
        #expect(errors.first?.message.hasPrefix("the template leaves out the disclaimer from site.yml") == true)
        #expect(errors.first?.hint?.contains("Templates/reports/\(template)") == true)
        #expect(fixture.project.read("Output/reports/\(report).html") == nil, "the report is not written")
        #expect(fixture.project.read("Output/reports/\(report).md") == nil)
    }
}
