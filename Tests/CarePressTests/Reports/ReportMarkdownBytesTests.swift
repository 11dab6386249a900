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
}
