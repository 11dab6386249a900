import CarePress
import CarePressTestSupport
import Testing

/// Escaped text, paragraphs and link destinations render exactly as given, for thousands of hostile strings.
@Suite("Markdown escaping properties")
struct MarkdownEscapingPropertyTests {
    /// How many random strings each property is checked on.
    static let sampleCount = 4_000

    @Test("Escaped text renders literally in a paragraph, a sentence, a list item, a heading and link text")
    func escapedTextIsLiteralInEveryContext() {
        var generator = SplitMix64(seed: 0x00C0_FFEE)
        var failures = 0
        for _ in 0..<Self.sampleCount where failures < 10 {
            let text = DangerousText.random(using: &generator)
            let escaped = MarkdownEscaping.escaped(text)
            let contexts = EscapedRendering.inlineContexts(escaped: escaped, literal: EscapedRendering.literal(text))
            for context in contexts {
                let html = CommonMark.html(from: context.markdown, options: context.options)
                let rendered = RenderedHTML(html)
                if rendered != context.expected {
                    failures += 1
                    Issue.record(
                        "text \(text.debugDescription) escaped as \(context.markdown.debugDescription) rendered as \(html.debugDescription)"
                    )
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("Escaped paragraphs render as one <p> per paragraph, lines joined by <br />")
    func escapedParagraphsKeepLinesAndParagraphs() {
        var generator = SplitMix64(seed: 0x0BAD_CAFE)
        var failures = 0
        for _ in 0..<Self.sampleCount where failures < 10 {
            let text = DangerousText.random(using: &generator, maxPieces: 16)
            let markdown = MarkdownEscaping.escapedParagraphs(text)
            let html = CommonMark.html(from: markdown)
            let expected = EscapedRendering.expectedParagraphs(text)
            if RenderedHTML(html) != expected {
                failures += 1
                Issue.record(
                    "text \(text.debugDescription) escaped as \(markdown.debugDescription) rendered as \(html.debugDescription), expected \(expected)"
                )
            }
        }
        #expect(failures == 0)
    }

    @Test("An escaped link destination comes back as the same URL (percent-decoded), or empty if dangerous")
    func escapedLinkDestinationRoundTrips() {
        var generator = SplitMix64(seed: 0x5EED_0001)
        var failures = 0
        for _ in 0..<Self.sampleCount where failures < 10 {
            let url = DangerousText.randomURL(using: &generator)
            let destination = MarkdownEscaping.escapedLinkDestination(url)
            let html = CommonMark.html(from: "[link](" + destination + ")")
            let rendered = RenderedHTML(html)
            let expectedTags = ["<p>", "</a>", "</p>"]
            let href = rendered?.firstHref.flatMap(EscapedRendering.percentDecoded)
            let expectedHref = EscapedRendering.isDangerous(url) ? "" : url
            if rendered?.tags.count != 4 || rendered?.tags.filter({ !$0.hasPrefix("<a ") }) != expectedTags
                || rendered?.texts != ["", "", "link", "", "\n"] || href != expectedHref
            {
                failures += 1
                Issue.record(
                    "url \(url.debugDescription) written as \(destination.debugDescription) rendered as \(html.debugDescription)"
                )
            }
        }
        #expect(failures == 0)
    }
}
