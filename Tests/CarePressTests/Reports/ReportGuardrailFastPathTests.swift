import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The guardrail's byte-level reading gives exactly what its first, `Character`-level form gave (kept here as the
/// reference), on random HTML full of hostile text.
@Suite("Report guardrail: byte-level reading")
struct ReportGuardrailFastPathTests {
    static let htmlPieces = [
        "<p>", "</p>", "<a href=\"x\">", "<", ">", "&amp;", "&lt;", "&gt;", "&quot;", "&#65;", "&#x42;", "&#0;",
        "&#xD800;", "&nope;", "&", ";", "&#\u{301}x41;", "&\u{0600};", " ", "\n", "\r\n", "\t", "\u{A0}", "\u{2028}",
        " \u{301}", "\u{0600} ", "e\u{301}", "é", "\0", "🇺🇸", "👩‍👩‍👧", "Seek care", "red flag",
    ]

    static func randomHTML(using generator: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...20, using: &generator) {
            text +=
                Bool.random(using: &generator)
                ? htmlPieces[Int.random(in: 0..<htmlPieces.count, using: &generator)]
                : DangerousText.random(using: &generator, maxPieces: 3)
        }
        return text
    }

    @Test func visibleTextAndNormalizedAreTheCharacterLevelOnes() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let html = Self.randomHTML(using: &generator)
            #expect(
                ReportGuardrail.visibleText(ofHTML: html) == Reference.visibleText(ofHTML: html),
                "\(html.debugDescription)")
            let visible = Reference.visibleText(ofHTML: html)
            #expect(ReportGuardrail.normalized(visible) == Reference.normalized(visible), "\(visible.debugDescription)")
        }
    }

    /// The check that spares the disclaimer a normalized copy says yes exactly for ASCII that `normalized` keeps.
    @Test func normalizedASCIIIsWhatNormalizedKeeps() {
        var generator = SplitMix64(seed: 12)
        let pieces = ["a", "Z", ".", " ", "  ", "\t", "\n", "\r\n", "\u{B}", "\u{C}", "\0", "é", "\u{A0}", "&", "<"]
        var texts = ["", " ", "a", " a", "a ", "a b", "a  b", "a\tb", "a\0b"]
        for _ in 0..<3_000 {
            texts.append(
                (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                }.joined())
        }
        for text in texts {
            let expected = text.utf8.allSatisfy { $0 < 0x80 } && ReportGuardrail.normalized(text) == text
            #expect(ReportGuardrail.isNormalizedASCII(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func showsAnswersAsContains() {
        var generator = SplitMix64(seed: 12)
        var found = 0
        for _ in 0..<3_000 {
            let shown = Reference.normalized(Reference.visibleText(ofHTML: Self.randomHTML(using: &generator)))
            let characters = Array(shown)
            // A piece of the shown text (often cut inside what reads as one character), or a random text.
            var text = Reference.normalized(Self.randomHTML(using: &generator))
            if !characters.isEmpty && Int.random(in: 0..<4, using: &generator) > 0 {
                let start = Int.random(in: 0..<characters.count, using: &generator)
                let end = Int.random(in: start...characters.count, using: &generator)
                text = String(characters[start..<end])
                if Bool.random(using: &generator) && !text.isEmpty {
                    text = String(text.unicodeScalars.dropFirst())
                }
            }
            let expected = shown.contains(text)
            #expect(
                ReportGuardrail.shows(shown, text) == expected,
                "\(shown.unicodeScalars.map { String($0.value, radix: 16) }) \(text.unicodeScalars.map { String($0.value, radix: 16) })"
            )
            if expected { found += 1 }
        }
        #expect(found > 1_000)
    }

    /// The one-search check (`>text<` in libcmark's output) never says yes where the full reading says no, and it
    /// answers the common case: a required text rendered as a paragraph or list item of its own.
    @Test func findingATextAsAnElementImpliesTheFullReadingShowsIt() {
        var generator = SplitMix64(seed: 13)
        var quick = 0
        for _ in 0..<2_000 {
            let text = DangerousText.random(using: &generator, maxPieces: 4)
            let other = DangerousText.random(using: &generator, maxPieces: 2)
            let markdown =
                Bool.random(using: &generator)
                ? "## Important\n\n\(MarkdownEscaping.escaped(text))\n\n\(MarkdownEscaping.escaped(other))\n"
                : "- \(MarkdownEscaping.escaped(other))\n- \(MarkdownEscaping.escaped(text))\n"
            let html = CommonMark.html(from: markdown)
            let required = ReportGuardrail.normalized(text)
            let shown = ReportGuardrail.normalized(ReportGuardrail.visibleText(ofHTML: html))
            if ReportGuardrail.showsAsElement(html, required) {
                quick += 1
                #expect(ReportGuardrail.shows(shown, required), "\(html.debugDescription) \(required.debugDescription)")
            }
            // A random piece of text is found quickly only if the full reading finds it too.
            if ReportGuardrail.showsAsElement(html, other) {
                #expect(ReportGuardrail.shows(shown, ReportGuardrail.normalized(other)), "\(html.debugDescription)")
            }
        }
        #expect(quick > 200, "the quick check answers the common case")
        let disclaimer = "Not medical advice: see a \"professional\" <soon> & today."
        let shown = CommonMark.html(from: "## Important\n\n\(MarkdownEscaping.escaped(disclaimer))\n")
        #expect(ReportGuardrail.showsAsElement(shown, disclaimer))
        // Where the full reading does not count a text, neither does the quick check.
        for hidden in ["<!-- \(disclaimer) -->", "[x](https://example.org/\(disclaimer))"] {
            let html = CommonMark.html(from: hidden)
            #expect(!ReportGuardrail.showsAsElement(html, disclaimer), "\(html)")
        }
    }

    /// The guardrail's first implementation, on `Character`s and scalars.
    enum Reference {
        static func visibleText(ofHTML html: String) -> String {
            var text = String.UnicodeScalarView()
            var scalars = html.unicodeScalars[...]
            while let first = scalars.first {
                if first == "<" {
                    guard let close = scalars.firstIndex(of: ">") else { break }
                    text.append(" ")
                    scalars = scalars[scalars.index(after: close)...]
                } else if first == "&", let semicolon = scalars.prefix(12).firstIndex(of: ";") {
                    let entity = String(scalars[..<scalars.index(after: semicolon)])
                    if let decoded = ReportGuardrail.decodeEntity(entity) {
                        text.append(decoded)
                    } else {
                        text.append(contentsOf: entity.unicodeScalars)
                    }
                    scalars = scalars[scalars.index(after: semicolon)...]
                } else {
                    text.append(first)
                    scalars = scalars.dropFirst()
                }
            }
            return String(text)
        }

        /// As first written, but with every NUL scalar replaced: the first form's `replacingOccurrences` (Foundation)
        /// left a NUL followed by a combining mark in place, against what its documentation said.
        static func normalized(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }
}
