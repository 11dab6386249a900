import CarePress
import Testing

/// Escaping of the edge cases that break naive Markdown escaping, each checked against libcmark's exact output.
@Suite("Markdown escaping examples")
struct MarkdownEscapingTests {
    /// Text, its escaped form, and libcmark's HTML for that escaped form as a paragraph.
    static let paragraphCases: [(text: String, escaped: String, html: String)] = [
        ("", "", ""),
        (" ", "&#32;", "<p> </p>\n"),
        ("   ", "&#32;&#32;&#32;", "<p>   </p>\n"),
        ("    indented", "&#32;&#32;&#32;&#32;indented", "<p>    indented</p>\n"),
        ("\tcode", "&#9;code", "<p>\tcode</p>\n"),
        ("a\tb", "a\tb", "<p>a\tb</p>\n"),
        ("  a  b  ", "&#32;&#32;a  b&#32;&#32;", "<p>  a  b  </p>\n"),
        ("&amp;", "\\&amp;", "<p>&amp;amp;</p>\n"),
        ("&#42; &copy", "\\&\\#42; \\&copy", "<p>&amp;#42; &amp;copy</p>\n"),
        ("a\\", "a\\\\", "<p>a\\</p>\n"),
        ("\\", "\\\\", "<p>\\</p>\n"),
        ("1. not a list", "1\\. not a list", "<p>1. not a list</p>\n"),
        ("- not a list", "\\- not a list", "<p>- not a list</p>\n"),
        ("+ x", "\\+ x", "<p>+ x</p>\n"),
        ("> not a quote", "\\> not a quote", "<p>&gt; not a quote</p>\n"),
        ("# not a heading", "\\# not a heading", "<p># not a heading</p>\n"),
        ("===", "\\===", "<p>===</p>\n"),
        ("---", "\\---", "<p>---</p>\n"),
        ("```", "\\`\\`\\`", "<p>```</p>\n"),
        ("*not em* _nor_", "\\*not em\\* \\_nor\\_", "<p>*not em* _nor_</p>\n"),
        ("[x]: /url", "\\[x\\]: /url", "<p>[x]: /url</p>\n"),
        (
            "<script>alert(1)</script>", "\\<script\\>alert\\(1\\)\\</script\\>",
            "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"
        ),
        ("<https://x.y>", "\\<https://x.y\\>", "<p>&lt;https://x.y&gt;</p>\n"),
        ("[a](javascript:alert(1))", "\\[a\\]\\(javascript:alert\\(1\\)\\)", "<p>[a](javascript:alert(1))</p>\n"),
        ("a\nb", "a&#10;b", "<p>a\nb</p>\n"),
        ("a\r\n\r\nb", "a&#13;&#10;&#13;&#10;b", "<p>a\r\n\r\nb</p>\n"),
        ("\n", "&#10;", "<p>\n</p>\n"),
        ("x\u{0B}\u{0C}", "x&#11;&#12;", "<p>x\u{0B}\u{0C}</p>\n"),
        ("a\u{0}b", "a\u{FFFD}b", "<p>a\u{FFFD}b</p>\n"),
        ("\u{FEFF}x", "&#65279;x", "<p>\u{FEFF}x</p>\n"),
        ("שלום, عالم!", "שלום, عالم\\!", "<p>שלום, عالم!</p>\n"),
        ("e\u{301} 👩‍👩‍👧 \u{2028}", "e\u{301} 👩‍👩‍👧 \u{2028}", "<p>e\u{301} 👩‍👩‍👧 \u{2028}</p>\n"),
        ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}", "<p>\u{A0}x\u{A0}</p>\n"),
        ("\"quoted\" -- it's...", "\"quoted\" -- it's...", "<p>&quot;quoted&quot; -- it's...</p>\n"),
    ]

    @Test("Escaped text is exactly as expected and renders as exactly the text", arguments: 0..<paragraphCases.count)
    func escapedParagraph(index: Int) {
        let (text, escaped, html) = Self.paragraphCases[index]
        #expect(MarkdownEscaping.escaped(text) == escaped)
        #expect(CommonMark.html(from: MarkdownEscaping.escaped(text)) == html)
    }

    @Test("Escaped text keeps its meaning in list items, headings and link text")
    func escapedInContexts() {
        func render(_ markdown: String) -> String { CommonMark.html(from: markdown) }
        let e = MarkdownEscaping.escaped
        #expect(render("- " + e("")) == "<ul>\n<li></li>\n</ul>\n")
        #expect(render("- " + e("    code")) == "<ul>\n<li>    code</li>\n</ul>\n")
        #expect(render("- " + e("- nested")) == "<ul>\n<li>- nested</li>\n</ul>\n")
        #expect(render("# " + e("")) == "<h1></h1>\n")
        #expect(render("# " + e("  ")) == "<h1>  </h1>\n")
        #expect(render("# " + e("Title #")) == "<h1>Title #</h1>\n")
        #expect(render("# " + e("# ##")) == "<h1># ##</h1>\n")
        #expect(render("[" + e("") + "](<u>)") == "<p><a href=\"u\"></a></p>\n")
        #expect(render("[" + e("[a](b)") + "](<u>)") == "<p><a href=\"u\">[a](b)</a></p>\n")
        #expect(render("[" + e(" x ") + "](<u>)") == "<p><a href=\"u\"> x </a></p>\n")
        #expect(render("**" + e("*") + "**") == "<p><strong>*</strong></p>\n")
        #expect(render(e("\"a\"") + " -- " + e("b...")) == "<p>&quot;a&quot; -- b...</p>\n")
        #expect(
            CommonMark.html(from: e("<b>raw</b>"), options: .unsafe) == "<p>&lt;b&gt;raw&lt;/b&gt;</p>\n")
    }

    @Test("Escaped paragraphs: blank lines split paragraphs, line endings become hard breaks")
    func escapedParagraphs() {
        func render(_ text: String) -> String { CommonMark.html(from: MarkdownEscaping.escapedParagraphs(text)) }
        #expect(MarkdownEscaping.escapedParagraphs("") == "")
        #expect(MarkdownEscaping.escapedParagraphs(" \n\t\n") == "")
        #expect(MarkdownEscaping.escapedParagraphs("a\nb\n\nc") == "a\\\nb\n\nc")
        #expect(render("a\nb\n\nc") == "<p>a<br />\nb</p>\n<p>c</p>\n")
        #expect(render("\n\na\r\nb\rc\n \n\t\n\n- d\n") == "<p>a<br />\nb<br />\nc</p>\n<p>- d</p>\n")
        #expect(render("  indented\ntrailing  \n    code") == "<p>  indented<br />\ntrailing  <br />\n    code</p>\n")
        #expect(render("ends with \\\nnext") == "<p>ends with \\<br />\nnext</p>\n")
        #expect(render("# a\n===\n---\n> q") == "<p># a<br />\n===<br />\n---<br />\n&gt; q</p>\n")
        #expect(render("\u{0B}\n\u{0}") == "<p>\u{0B}<br />\n\u{FFFD}</p>\n")
    }

    @Test("Escaped link destinations give back the URL")
    func escapedLinkDestinations() {
        func href(_ url: String) -> String {
            CommonMark.html(from: "[x](" + MarkdownEscaping.escapedLinkDestination(url) + ")")
        }
        #expect(MarkdownEscaping.escapedLinkDestination("") == "<>")
        #expect(href("") == "<p><a href=\"\">x</a></p>\n")
        #expect(
            MarkdownEscaping.escapedLinkDestination("https://a.example/b?c=1&d=2")
                == "<https://a.example/b?c=1&#38;d=2>")
        #expect(href("https://a.example/b?c=1&d=2") == "<p><a href=\"https://a.example/b?c=1&amp;d=2\">x</a></p>\n")
        #expect(href("https://a.example/a b") == "<p><a href=\"https://a.example/a%20b\">x</a></p>\n")
        #expect(href(" https://a.example/ ") == "<p><a href=\"%20https://a.example/%20\">x</a></p>\n")
        #expect(MarkdownEscaping.escapedLinkDestination("a<b>\\c\n") == "<a\\<b\\>\\\\c%0A>")
        #expect(href("a<b>\\c\n") == "<p><a href=\"a%3Cb%3E%5Cc%0A\">x</a></p>\n")
        #expect(href("x&amp;y") == "<p><a href=\"x&amp;amp;y\">x</a></p>\n")
        #expect(href("/a%20b") == "<p><a href=\"/a%20b\">x</a></p>\n")
        #expect(href("/é?q=שלום") == "<p><a href=\"/%C3%A9?q=%D7%A9%D7%9C%D7%95%D7%9D\">x</a></p>\n")
        #expect(href("a\u{0}b") == "<p><a href=\"a%00b\">x</a></p>\n")
        #expect(href("javascript:alert(1)") == "<p><a href=\"\">x</a></p>\n")
        #expect(href("it's") == "<p><a href=\"it&#x27;s\">x</a></p>\n")
    }

    @Test(
        "safeWebURL accepts absolute http and https URLs with a host",
        arguments: [
            "http://example.com", "https://example.com/", "HTTPS://Example.COM/a?b=c#d", "https://example.com:8443/x",
            "https://[2001:db8::1]/", "https://[::1]:8080", "https://xn--bcher-kva.example/", "https://bücher.example/",
            "https://example.com/a b".replacingOccurrences(of: " ", with: "%20"), "https://e.x/<script>",
            "https://example.com/path@x", "https://a.example?q", "https://a.example#f",
        ])
    func safeWebURLAccepts(url: String) {
        #expect(MarkdownEscaping.safeWebURL(url) == url)
    }

    @Test(
        "safeWebURL rejects other schemes, missing hosts, user information, whitespace and control characters",
        arguments: [
            "", "example.com", "//example.com", "/relative", "javascript:alert(1)",
            "JavaScript://example.com/%0Aalert(1)",
            "data:text/html,x", "file:///etc/passwd", "ftp://example.com", "mailto:a@b.c", "http:/example.com",
            "http:example.com", "http://", "https:///path", "https://:443/", "https://?q", "https://#f",
            "https://user:pass@example.com/", "https://good.example@evil.example/", "https://example.com:port/",
            "https://example.com:/", "https://example.com:123456/", "https://[::1", "https://[]/", "https://[x]/",
            "https://exa mple.com", " https://example.com", "https://example.com ", "https://example.com/a b",
            "https://example.com/\n", "https://example.com/\t", "https://example.com/\u{0}",
            "https://example.com/\u{7F}",
            "https://example.com/\u{202E}", "https://example.com/\u{200B}", "https://example.com/\u{2028}",
            "https://example.com/\u{A0}", "https://example.com/\u{FEFF}", "https://example.com\\@evil.example/",
            "https://ex<ample.com/", "https://ex\"ample.com/", "httpx://example.com", "https//example.com",
        ])
    func safeWebURLRejects(url: String) {
        #expect(MarkdownEscaping.safeWebURL(url) == nil)
    }

    /// ASCII is vetted without Unicode's property tables: each ASCII character in a path is refused exactly when
    /// it is white space, a control character or a backslash, as the properties say.
    @Test func safeWebURLVetsEveryASCIICharacterAsTheUnicodePropertiesDo() {
        for value in UInt32(0)..<128 {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            let refused =
                scalar.properties.isWhitespace || category == .control || category == .format
                || category == .lineSeparator || category == .paragraphSeparator || scalar == "\\"
            let url = "https://example.com/a\(scalar)b"
            #expect((MarkdownEscaping.safeWebURL(url) == nil) == refused, "U+\(String(value, radix: 16))")
        }
    }
}
