import CarePress
import CarePressTestSupport
import Testing

/// Escaped text, paragraphs and link destinations render exactly as given, for thousands of hostile strings.
@Suite("Markdown escaping properties")
struct MarkdownEscapingPropertyTests {
    /// How many random strings each property is checked on.
    static let sampleCount = 4_000

    /// `text` as CommonMark renders it at best: NUL cannot survive and becomes U+FFFD.
    static func literal(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }

    @Test("Escaped text renders literally in a paragraph, a sentence, a list item, a heading and link text")
    func escapedTextIsLiteralInEveryContext() {
        var generator = SplitMix64(seed: 0x00C0_FFEE)
        var failures = 0
        for _ in 0..<Self.sampleCount where failures < 10 {
            let text = DangerousText.random(using: &generator)
            let escaped = MarkdownEscaping.escaped(text)
            let literal = Self.literal(text)
            let contexts: [(markdown: String, options: MarkdownOptions, expected: RenderedHTML)] = [
                (escaped, [], paragraph(literal)),
                (escaped, .unsafe, paragraph(literal)),
                ("a " + escaped + " b", [], paragraph("a " + literal + " b")),
                (
                    "- " + escaped, [],
                    RenderedHTML(tags: ["<ul>", "<li>", "</li>", "</ul>"], texts: ["", "\n", literal, "\n", "\n"])
                ),
                ("# " + escaped, [], RenderedHTML(tags: ["<h1>", "</h1>"], texts: ["", literal, "\n"])),
                ("## " + escaped + " ##", [], RenderedHTML(tags: ["<h2>", "</h2>"], texts: ["", literal, "\n"])),
                (
                    "[" + escaped + "](<https://example.com/>)", [],
                    RenderedHTML(
                        tags: ["<p>", "<a href=\"https://example.com/\">", "</a>", "</p>"],
                        texts: ["", "", literal, "", "\n"])
                ),
            ]
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
            let expected = Self.expectedParagraphs(text)
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
            let href = rendered?.firstHref.flatMap(Self.percentDecoded)
            let expectedHref = Self.isDangerous(url) ? "" : url
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

    /// The rendering of a paragraph holding exactly `text`.
    private func paragraph(_ text: String) -> RenderedHTML {
        text.isEmpty
            ? RenderedHTML(tags: [], texts: [""]) : RenderedHTML(tags: ["<p>", "</p>"], texts: ["", text, "\n"])
    }

    /// The rendering `escapedParagraphs` documents: lines split at `\n`, `\r\n` and `\r`, runs of blank lines
    /// separating paragraphs, lines of a paragraph joined by `<br />` and a newline.
    static func expectedParagraphs(_ text: String) -> RenderedHTML {
        var lines: [String] = [""]
        var previous: Unicode.Scalar = "a"
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                // The second half of a CRLF.
            } else if scalar == "\n" || scalar == "\r" {
                lines.append("")
            } else {
                lines[lines.count - 1].unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        var paragraphs: [[String]] = [[]]
        for line in lines {
            if line.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
                paragraphs.append([])
            } else {
                paragraphs[paragraphs.count - 1].append(literal(line))
            }
        }
        var expected = RenderedHTML(tags: [], texts: [""])
        for paragraph in paragraphs where !paragraph.isEmpty {
            expected.tags += ["<p>"] + Array(repeating: "<br />", count: paragraph.count - 1) + ["</p>"]
            expected.texts += [paragraph[0]] + paragraph.dropFirst().map { "\n" + $0 } + ["\n"]
        }
        return expected
    }

    /// Whether safe rendering empties this destination, as libcmark's `scan_dangerous_url` decides.
    static func isDangerous(_ url: String) -> Bool {
        // Compared scalar by scalar: `:` followed by a combining mark is still `:` to libcmark.
        let lowered = url.unicodeScalars.prefix(16).map { scalar in
            scalar >= "A" && scalar <= "Z" ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar
        }
        func startsWith(_ prefix: String) -> Bool { lowered.starts(with: prefix.unicodeScalars) }
        if ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains(where: startsWith) {
            return false
        }
        return ["javascript:", "vbscript:", "file:", "data:"].contains(where: startsWith)
    }

    /// Decodes `%XX` escapes as UTF-8; nil when an escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else {
                return nil
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
