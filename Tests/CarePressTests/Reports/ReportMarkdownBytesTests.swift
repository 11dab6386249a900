import CarePressTestSupport
import Testing

@testable import CarePress

/// `ReportMarkdown`'s line prefixing works on bytes; it gives what splitting `Character`s at `"\n"` gives.
@Suite("Report Markdown: lines prefixed on bytes")
struct ReportMarkdownBytesTests {
    @Test func prefixingLinesIsSplittingCharactersAtLineFeeds() {
        var generator = SplitMix64(seed: 31)
        for _ in 0..<3_000 {
            var text = DangerousText.random(using: &generator, maxPieces: 12)
            if Bool.random(using: &generator) { text += "\n" + DangerousText.random(using: &generator) + "\n\u{301}" }
            for (prefix, empty) in [("> ", ">"), ("  ", "")] {
                let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? empty : prefix + $0 }
                    .joined(separator: "\n")
                #expect(ReportMarkdown.prefixingLines(text, with: prefix, emptyLine: empty) == expected)
            }
        }
    }

    /// A quote is made in one pass over the text; it is what prefixing the lines of its escaped paragraphs gives.
    @Test func quotedIsTheEscapedParagraphsWithTheirLinesPrefixed() {
        var generator = SplitMix64(seed: 32)
        var texts = ["", " ", "\n\n", "a", "a\nb", "a\n\nb", "a\r\n \t\r\n\n b\rc", "- a\n1. b\n\n> c"]
        for _ in 0..<3_000 {
            var text = DangerousText.random(using: &generator, maxPieces: 12)
            if Bool.random(using: &generator) { text += "\n\n" + DangerousText.random(using: &generator) + "\r\n" }
            texts.append(text)
        }
        for text in texts {
            let paragraphs = MarkdownEscaping.escapedParagraphs(text)
            let expected =
                paragraphs.isEmpty
                ? "> *(left empty)*" : ReportMarkdown.prefixingLines(paragraphs, with: "> ", emptyLine: ">")
            #expect(ReportMarkdown.quoted(text) == expected, "\(text.debugDescription)")
        }
    }
}
