import CarePressTestSupport

/// Random strings made mostly of what breaks naive Markdown escaping, for property tests.
enum DangerousText {
    /// Pieces that mean something to Markdown, HTML, URLs or Unicode layout.
    static let pieces: [String] = {
        let punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".map { String($0) }
        let blockStarts = [
            "1. ", "1) ", "2.", "- ", "-", "+ ", "* ", "> ", ">", "# ", "#", "###### ", "=", "===", "---", "***",
            "___", "```", "~~~", "    ", "\t", " ", "  ", "   ", "[x]: /url", "<div>", "|a|b|",
        ]
        let lineBreaks = ["\n", "\r\n", "\r", "\n\n", "\n \n", "\n\t\n", "  \n", "\\\n", "\u{0B}", "\u{0C}", "\0"]
        let entities = ["&amp;", "&#42;", "&#x2A;", "&nbsp;", "&", "&#0;", "&copy", "&lt;script&gt;", "&#32;"]
        let html = [
            "<b>", "</b>", "<script>alert(1)</script>", "<!-- c -->", "<?php ?>", "<![CDATA[x]]>", "<a href=x>",
            "<img src=x onerror=alert(1)>",
        ]
        let links = [
            "javascript:alert(1)", "[a](javascript:alert(1))", "http://example.com/a_b*c?d=1&e=2#f",
            "<http://x.y>", "www.example.com", "mailto:a@b.c", "foo@bar.com", "![img](a.png)", "[x]", "[x][y]",
        ]
        let inline = [
            "`code`", "``", "*em*", "__strong__", "~~del~~", "\\", "\\*", "\\\\", "...", "--", "\"q\"", "'s'",
        ]
        let unicode = [
            "مرحبا بالعالم", "שלום", "\u{202E}", "\u{200F}", "\u{200E}", "e\u{301}", "\u{301}", "👩‍👩‍👧", "🇨🇭", "\u{200D}",
            "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{A0}", "\u{3000}", "\u{85}", "\u{7F}", "\u{1}", "\u{1B}[31m",
            "\u{FFFD}", "𝔘𝔫𝔦",
        ]
        let words = ["a", "word", "Hello", "x y", "42", "1", "foo_bar", "snake_case_name"]
        return punctuation + blockStarts + lineBreaks + entities + html + links + inline + unicode + words
    }()

    /// Pieces for link destinations: URL parts, characters that end or break destinations, and non-ASCII text.
    static let urlPieces: [String] = [
        "https://example.com", "http://", "/path", "?q=1", "&b=2", "#frag", "javascript:", "JAVASCRIPT:", "data:",
        "data:image/png;", "file:", "vbscript:", "<", ">", "\\", "(", ")", "[", "]", " ", "  ", "\t", "\n", "\r\n",
        "\0", "\u{7F}", "\u{1}", "&amp;", "&#42;", "&", "\"", "'", "`", "é", "שלום", "👩‍👩‍👧", "\u{2028}", "\u{FEFF}",
        "a", "b", "~user", "*", "_", "{x}", "|", "^",
    ]

    /// A string of up to `maxPieces` random pieces, sometimes with random scalars mixed in.
    static func random(using generator: inout SplitMix64, maxPieces: Int = 10) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxPieces, using: &generator) {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                text.unicodeScalars.append(randomScalar(using: &generator))
            } else {
                text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
        }
        return text
    }

    /// A random link destination made of `urlPieces` and random scalars, never containing `%`.
    static func randomURL(using generator: inout SplitMix64) -> String {
        var url = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            if Int.random(in: 0..<6, using: &generator) == 0 {
                url.unicodeScalars.append(randomScalar(using: &generator))
            } else {
                url += urlPieces[Int.random(in: 0..<urlPieces.count, using: &generator)]
            }
        }
        url.unicodeScalars.removeAll { $0 == "%" }
        return url
    }

    /// Any Unicode scalar, with ASCII and the Basic Multilingual Plane more likely.
    static func randomScalar(using generator: inout SplitMix64) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        let range = ranges[Int.random(in: 0..<ranges.count, using: &generator)]
        return Unicode.Scalar(UInt32.random(in: range, using: &generator)) ?? "?"
    }
}
