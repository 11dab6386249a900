import CarePressTestSupport
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

    /// Lines that documents are made of: marks (good, near misses, glued to combining or prepended marks), headings
    /// of every level (some whose `#` or space carries a combining mark), blank lines, text and carriage returns.
    static let lineVocabulary = [
        "<!-- callout urgent -->", "<!-- callout caution -->", "<!-- /callout -->", "<!-- callout  -->",
        "<!-- callout -->", "<!-- callout Urgent -->", "<!-- callout urgent -->\u{301}", "<!-- callout u\u{301} -->",
        "<!-- callout \u{301}urgent -->", "\u{600}<!-- /callout -->", "<!-- /callout -->\u{301}", " <!-- /callout -->",
        "<!-- /callout --> ", "<!-- callout urgent -->\r", "<!-- /callout -->\r", "", "", "", "# H1", "## H2",
        "### Get urgent help if…", "#### H4", "##### H5", "###No space", "#\u{301}## H", "###\u{301} H", "##\u{600} H",
        "- item", "Text with Zoë 👩🏽‍⚕️ and \\<b\\>", "\r", "a\rb", "\u{301}", "\u{600}",
    ]

    @Test func theBytePassSplitsAsTheCharacterLinesDo() {
        var generator = SplitMix64(seed: 10)
        var withCallouts = 0
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...12, using: &generator)
            var lines = (0..<count).map { _ in Self.lineVocabulary.randomElement(using: &generator) ?? "" }
            if Bool.random(using: &generator) {
                // A well-formed callout somewhere, so that most documents split.
                let at = Int.random(in: 0...lines.count, using: &generator)
                lines.insert(
                    contentsOf: ["<!-- callout urgent -->", "### Heading", "- body", "<!-- /callout -->"], at: at)
            }
            let document = lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
            let parts = CalloutMarkdown.parts(of: document)
            // The reference: a byte search for the opening mark, then the split by `Character` lines.
            let bytes = Array(document.utf8)
            let marked = bytes.indices.contains { bytes[$0...].starts(with: "<!-- callout ".utf8) }
            let reference = marked ? CalloutMarkdown.parts(ofLines: document) : nil
            #expect(parts == reference, "\(document.debugDescription)")
            if parts?.contains(where: { if case .callout = $0 { true } else { false } }) == true { withCallouts += 1 }
        }
        #expect(withCallouts > 1_000)
    }

    @Test func theCalloutIsTheGuidesAsideWithAnIconAndItsHeadingInWords() throws {
        let html = try CalloutMarkdown.html(fromMarkdown: Self.document, templates: try Self.templates())
        #expect(
            html == """
                <h1>Report</h1>
                <aside class="callout urgent" aria-labelledby="callout-1">
                <h3 id="callout-1"><span class="callout-icon" aria-hidden="true">!</span> <span class="callout-label">Urgent<span class="visually-hidden">:</span></span> Get urgent help if…</h3>
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
        // Each callout's heading starts with its label word, from its tone: urgent and for review differ in words.
        for (path, headings) in [
            (
                "consults/hl-1",
                [
                    ("Urgent", "What to do now"), ("Urgent", "These answers need care soon"),
                    ("For review", "A clinician will check these answers"),
                ]
            ),
            ("physio/pg-1", [("Urgent", "Get urgent help if…")]),
            ("stacks/sw-1", [("Urgent", "Check before you take these"), ("For review", "Check before you take this")]),
        ] {
            let html = try ReportHTML(page: try fixture.report("\(path).html")).main
            for (label, heading) in headings {
                let labelled =
                    "<span class=\"callout-icon\" aria-hidden=\"true\">!</span> <span class=\"callout-label\">\(label)"
                    + "<span class=\"visually-hidden\">:</span></span> \(heading)</h"
                #expect(html.contains(labelled), "\(path): \(heading)")
            }
            let markdown = try fixture.report("\(path).md")
            #expect(
                markdown.components(separatedBy: "<!-- callout ").count == html.components(separatedBy: "<aside").count)
            #expect(!html.contains("raw HTML omitted"), "\(path): every mark was taken as a callout")
        }
    }

    /// An appendix counts only when it is not blank; the byte check answers as `Character.isWhitespace` does, where a
    /// combining mark joins the white space before it and a prepended mark is not white space.
    @Test func blankUTF8IsBlankByCharacters() {
        let pieces = [" ", "\n", "\r\n", "\t", "\u{301}", "\u{600}", "\u{A0}", "\u{2028}", "a", "#", "\u{3000}", ""]
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            #expect(
                PageRenderer.isBlank(Array(text.utf8)) == text.allSatisfy(\.isWhitespace),
                "\(text.unicodeScalars.map(\.value))")
        }
    }
}

extension CalloutMarkdown {
    /// `html(fromMarkdown:templates:)` from text to text, for the tests' documents.
    static func html(fromMarkdown markdown: String, templates: TemplateSet) throws(TemplateErrors) -> String {
        String(decoding: try html(fromMarkdown: Array(markdown.utf8), templates: templates), as: UTF8.self)
    }

    /// The pieces of a document as text, to compare with `parts(ofLines:)` and with expected parts; nil when it has
    /// no callout or its marks are malformed.
    static func parts(of markdown: String) -> [Part]? {
        func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        return pieces(of: Array(markdown.utf8)).map { pieces in
            pieces.map { piece in
                switch piece {
                case .markdown(let text): .markdown(string(text))
                case .callout(let tone, let level, let heading, let body):
                    .callout(tone: tone, level: level, heading: string(heading), body: string(body))
                }
            }
        }
    }
}
