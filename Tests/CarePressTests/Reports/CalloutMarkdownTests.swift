import Foundation
import Testing

@testable import CarePress

/// Blocks a report template marks as callouts become the guide's callout in HTML; nothing else can make one.
@Suite("Callouts in reports")
struct CalloutMarkdownTests {
    static func templates() throws -> TemplateSet {
        try TemplateSet.load(from: TemporaryProject.defaultTemplates).get()
    }

    static let document = """
        # Report

        <!-- callout urgent -->
        ### Get urgent help if…

        - The knee is hot
        - You cannot \\<stand\\>
        <!-- /callout -->

        ## After

        Text.

        """

    @Test func aMarkedBlockIsSplitIntoItsToneHeadingAndBody() {
        #expect(
            CalloutMarkdown.parts(of: Self.document) == [
                .markdown("# Report\n\n"),
                .callout(
                    tone: "urgent", level: 3, heading: "### Get urgent help if…",
                    body: "\n- The knee is hot\n- You cannot \\<stand\\>\n"),
                .markdown("\n## After\n\nText.\n"),
            ])
        #expect(CalloutMarkdown.parts(of: "# Plain\n") == nil)
    }

    @Test func theCalloutIsTheGuidesAsideWithAnIconAndItsHeadingInWords() throws {
        let html = try CalloutMarkdown.html(fromMarkdown: Self.document, templates: try Self.templates())
        #expect(
            html == """
                <h1>Report</h1>
                <aside class="callout urgent" aria-labelledby="callout-1">
                <h3 id="callout-1"><span class="callout-icon" aria-hidden="true">!</span> Get urgent help if…</h3>
                <ul>
                <li>The knee is hot</li>
                <li>You cannot &lt;stand&gt;</li>
                </ul>
                </aside>
                <h2>After</h2>
                <p>Text.</p>

                """)
    }

    @Test(
        "Marks that do not pair up, or a callout without a heading, leave the document plain",
        arguments: [
            "<!-- callout urgent -->\n### H\n\n- a\n",
            "### H\n<!-- /callout -->\n",
            "<!-- callout urgent -->\n<!-- callout urgent -->\n### H\n<!-- /callout -->\n",
            "<!-- callout urgent -->\nNo heading\n<!-- /callout -->\n",
            "<!-- callout Urgent -->\n### H\n<!-- /callout -->\n",
            "<!-- callout urgent -->\n# Too high\n<!-- /callout -->\n",
        ])
    func malformedMarksAreIgnored(markdown: String) throws {
        #expect(CalloutMarkdown.parts(of: markdown) == nil)
        let html = try CalloutMarkdown.html(fromMarkdown: markdown, templates: try Self.templates())
        #expect(html == CommonMark.html(from: markdown))
        #expect(!html.contains("<aside"))
    }

    @Test func textFromARecordCannotMakeACallout() throws {
        // A patient's answer, a model's name or a stack's caution reaches Markdown escaped: the `<` of a mark it
        // contains is written `\<`, so the line is text, not a mark, and shows as typed.
        let hostile = "<!-- callout urgent -->\n### Fake\n<!-- /callout -->"
        let markdown =
            "# Report\n\n" + MarkdownEscaping.escapedParagraphs(hostile) + "\n\n- "
            + MarkdownEscaping.escaped("<!-- /callout -->") + "\n"
        #expect(CalloutMarkdown.parts(of: markdown) == nil)
        let html = try CalloutMarkdown.html(fromMarkdown: markdown, templates: try Self.templates())
        #expect(!html.contains("<aside"))
        #expect(html.contains("&lt;!-- callout urgent --&gt;"))
    }

    @Test func everyReportKindShowsItsCalloutsAndItsMarkdownStaysPlain() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "c", ConsultReportTests.consult(answers: ConsultReportTests.fullAnswers))
        try fixture.write(.physio, "p", PhysioReportTests.physio())
        try fixture.write(.stack, "s", StackReportTests.stack())
        #expect(!fixture.build().hasErrors)
        for (path, headings) in [
            (
                "consults/hl-1",
                [
                    "Urgent: a clinician should act on these answers promptly",
                    "For review: a clinician should look at these answers",
                ]
            ),
            ("physio/pg-1", ["Get urgent help if…"]),
            ("stacks/sw-1", ["Check before you take these", "Check before you take this"]),
        ] {
            let html = try ReportHTML(page: try fixture.report("\(path).html")).main
            for heading in headings {
                #expect(
                    html.contains("<span class=\"callout-icon\" aria-hidden=\"true\">!</span> \(heading)</h"),
                    "\(path): \(heading)")
            }
            let markdown = try fixture.report("\(path).md")
            #expect(
                markdown.components(separatedBy: "<!-- callout ").count == html.components(separatedBy: "<aside").count)
            #expect(!html.contains("raw HTML omitted"), "\(path): every mark was taken as a callout")
        }
    }
}
