import CCmark
import CarePress
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// The wrapper renders with libcmark's parser and HTML renderer, its allocations made from a per-thread arena
/// (`CCmarkArena`); libcmark's own `cmark_markdown_to_html`, with its default allocator, is the reference.
@Suite("CommonMark arena")
struct CommonMarkArenaTests {
    static func reference(_ markdown: [UInt8], options: MarkdownOptions = []) -> [UInt8] {
        let html = markdown.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                cmark_markdown_to_html($0.baseAddress, $0.count, options.rawValue)
            }
        }
        guard let html else { return [] }
        defer { free(html) }
        return Array(UnsafeRawBufferPointer(start: html, count: strlen(html)))
    }

    /// Documents that need many of the arena's 64 KB blocks: many nodes, one text node of half a megabyte (a
    /// buffer grown far past a block), link references, and the output of both.
    static let documents: [[UInt8]] = [
        (0..<3000).map {
            "## Part \($0)\n\n- *item* \($0) [link](https://example.org/\($0) \"t\")\n\n> `code` \($0)\n\n"
        }
        .joined(),
        String(repeating: "word & <b>more</b> ", count: 30_000) + "\n",
        (0..<2000).map { "[r\($0)]: /u\($0)\n" }.joined() + (0..<2000).map { "[x][r\($0)] " }.joined() + "\n",
        "a", "",
    ].map { Array($0.utf8) }

    @Test("Large documents render as with libcmark's own allocator")
    func largeDocuments() {
        for document in Self.documents {
            for options: MarkdownOptions in [[], [.unsafe, .smart]] {
                #expect(
                    CommonMark.html(fromBytes: document, options: options) == Self.reference(document, options: options)
                )
            }
        }
    }

    @Test("Documents rendered on several threads at once render as with libcmark's own allocator")
    func severalThreads() async {
        let expected = Self.documents.map { Self.reference($0) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<3 {
                        let index = (thread + round) % Self.documents.count
                        if CommonMark.html(fromBytes: Self.documents[index]) != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
