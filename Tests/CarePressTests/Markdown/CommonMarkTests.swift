import CarePress
import Testing

/// What the libcmark wrapper does with safe and unsafe content, and with the inputs at its edges.
@Suite("CommonMark wrapper")
struct CommonMarkTests {
    @Test("Safe mode (the default) omits raw HTML")
    func safeModeOmitsRawHTML() {
        #expect(
            CommonMark.html(from: "<script>alert(1)</script>\n\nHi <b>there</b>")
                == "<!-- raw HTML omitted -->\n<p>Hi <!-- raw HTML omitted -->there<!-- raw HTML omitted --></p>\n")
    }

    @Test("Safe mode empties javascript:, vbscript:, file: and data: destinations, but not data:image/png")
    func safeModeEmptiesDangerousLinks() {
        #expect(CommonMark.html(from: "[x](javascript:alert(1))") == "<p><a href=\"\">x</a></p>\n")
        #expect(CommonMark.html(from: "[x](JavaScript:alert(1))") == "<p><a href=\"\">x</a></p>\n")
        #expect(CommonMark.html(from: "[x](vbscript:msgbox)") == "<p><a href=\"\">x</a></p>\n")
        #expect(CommonMark.html(from: "[x](file:///etc/passwd)") == "<p><a href=\"\">x</a></p>\n")
        #expect(CommonMark.html(from: "![x](data:text/html,hi)") == "<p><img src=\"\" alt=\"x\" /></p>\n")
        #expect(
            CommonMark.html(from: "![x](data:image/png;base64,AA)")
                == "<p><img src=\"data:image/png;base64,AA\" alt=\"x\" /></p>\n")
        #expect(CommonMark.html(from: "<javascript:alert(1)>") == "<p><a href=\"\">javascript:alert(1)</a></p>\n")
    }

    @Test("Unsafe mode keeps raw HTML and dangerous destinations")
    func unsafeModeKeepsRawHTML() {
        #expect(
            CommonMark.html(from: "<script>alert(1)</script>\n\nHi <b>there</b>", options: .unsafe)
                == "<script>alert(1)</script>\n<p>Hi <b>there</b></p>\n")
        #expect(
            CommonMark.html(from: "[x](javascript:alert(1))", options: .unsafe)
                == "<p><a href=\"javascript:alert(1)\">x</a></p>\n")
    }

    @Test("Smart punctuation is off by default and on with .smart")
    func smartPunctuation() {
        #expect(CommonMark.html(from: "\"a\" -- b...") == "<p>&quot;a&quot; -- b...</p>\n")
        #expect(CommonMark.html(from: "\"a\" -- b...", options: .smart) == "<p>“a” – b…</p>\n")
    }

    @Test("Empty input renders as empty output")
    func emptyInput() {
        #expect(CommonMark.html(from: "") == "")
        #expect(CommonMark.html(fromBytes: []) == [])
        #expect(CommonMark.html(fromBytes: [], options: [.unsafe, .smart, .validateUTF8]) == [])
    }

    @Test("NUL becomes U+FFFD")
    func nulBecomesReplacementCharacter() {
        #expect(CommonMark.html(from: "a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
        #expect(CommonMark.html(fromBytes: [0]) == Array("<p>\u{FFFD}</p>\n".utf8))
    }

    @Test("Invalid UTF-8 passes through unless .validateUTF8 replaces it")
    func invalidUTF8() {
        #expect(CommonMark.html(fromBytes: [0x61, 0xFF, 0x62]) == Array("<p>a".utf8) + [0xFF] + Array("b</p>\n".utf8))
        #expect(
            CommonMark.html(fromBytes: [0x61, 0xFF, 0x62], options: .validateUTF8)
                == Array("<p>a\u{FFFD}b</p>\n".utf8))
    }

    @Test("Non-ASCII text, lengths counted in bytes")
    func nonASCII() {
        let text = "# שלום עולם 👩‍👩‍👧 e\u{301}\n\nمرحبا *بالعالم*"
        #expect(
            CommonMark.html(from: text) == "<h1>שלום עולם 👩‍👩‍👧 e\u{301}</h1>\n<p>مرحبا <em>بالعالم</em></p>\n")
    }

    @Test("Many renders in a row give the same result")
    func repeatedRendering() {
        let markdown = "# Title\n\n- *one*\n- [two](https://example.com)\n\n> quote `code`\n"
        let expected = CommonMark.html(from: markdown)
        var mismatches = 0
        for _ in 0..<100_000 where CommonMark.html(from: markdown) != expected {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }
}
