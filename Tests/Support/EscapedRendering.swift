import CarePress

/// What CommonMark must make of text that `MarkdownEscaping` escaped: the renderings the property tests and the
/// Markdown fuzz target compare libcmark's output with.
public enum EscapedRendering {
    /// A piece of Markdown holding escaped text, and how libcmark must render it.
    public struct Context: Sendable {
        /// The Markdown, with the escaped text in it.
        public var markdown: String
        /// The options it is rendered with.
        public var options: MarkdownOptions
        /// The rendering expected.
        public var expected: RenderedHTML
    }

    /// `text` as CommonMark renders it at best: NUL cannot survive and becomes U+FFFD.
    public static func literal(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }

    /// The rendering of a paragraph holding exactly `text` (nothing at all when it is empty).
    public static func paragraph(_ text: String) -> RenderedHTML {
        text.isEmpty
            ? RenderedHTML(tags: [], texts: [""]) : RenderedHTML(tags: ["<p>", "</p>"], texts: ["", text, "\n"])
    }

    /// Every inline place a value is spliced into, with `escaped` (the result of `MarkdownEscaping.escaped(text)`)
    /// in it, and the rendering that shows exactly `literal(text)` there.
    public static func inlineContexts(escaped: String, literal: String) -> [Context] {
        [
            Context(markdown: escaped, options: [], expected: paragraph(literal)),
            Context(markdown: escaped, options: .unsafe, expected: paragraph(literal)),
            Context(markdown: "a " + escaped + " b", options: [], expected: paragraph("a " + literal + " b")),
            Context(
                markdown: "- " + escaped, options: [],
                expected: RenderedHTML(
                    tags: ["<ul>", "<li>", "</li>", "</ul>"], texts: ["", "\n", literal, "\n", "\n"])
            ),
            Context(
                markdown: "# " + escaped, options: [],
                expected: RenderedHTML(tags: ["<h1>", "</h1>"], texts: ["", literal, "\n"])),
            Context(
                markdown: "## " + escaped + " ##", options: [],
                expected: RenderedHTML(tags: ["<h2>", "</h2>"], texts: ["", literal, "\n"])),
            Context(
                markdown: "[" + escaped + "](<https://example.com/>)", options: [],
                expected: RenderedHTML(
                    tags: ["<p>", "<a href=\"https://example.com/\">", "</a>", "</p>"],
                    texts: ["", "", literal, "", "\n"])),
        ]
    }

    /// The rendering `escapedParagraphs` documents: lines split at `\n`, `\r\n` and `\r`, runs of blank lines
    /// separating paragraphs, lines of a paragraph joined by `<br />` and a newline.
    public static func expectedParagraphs(_ text: String) -> RenderedHTML {
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
    public static func isDangerous(_ url: String) -> Bool {
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
    public static func percentDecoded(_ text: String) -> String? {
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
