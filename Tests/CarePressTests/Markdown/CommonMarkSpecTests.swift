import CarePress
import CarePressTestSupport
import Foundation
import Testing

/// The wrapper renders every CommonMark spec example exactly as the `cmark` program does.
@Suite("CommonMark spec equivalence with the cmark program")
struct CommonMarkSpecTests {
    @Test("The spec fixture has all 652 examples")
    func specHasAllExamples() throws {
        let examples = try SpecExample.loadAll()
        #expect(examples.count == 652)
        #expect(examples.first?.markdown == "\tfoo\tbaz\t\tbim\n")
        #expect(examples.last?.html == "<p>Multiple     spaces</p>\n")
    }

    @Test("Safe rendering of every example equals `cmark`")
    func safeModeMatchesCmark() throws {
        try expectEveryExampleMatchesCmark(options: [], arguments: [])
    }

    @Test("Unsafe rendering of every example equals `cmark --unsafe`")
    func unsafeModeMatchesCmark() throws {
        try expectEveryExampleMatchesCmark(options: .unsafe, arguments: ["--unsafe"])
    }

    @Test("Smart punctuation equals `cmark --smart` on examples with quotes, dashes or dots")
    func smartModeMatchesCmark() throws {
        let cmark = try #require(CmarkProgram.path, CmarkProgram.missingMessage)
        let punctuated = try SpecExample.loadAll().filter { example in
            ["'", "\"", "--", "..."].contains { example.markdown.contains($0) }
        }
        #expect(punctuated.count > 50)
        let extra = [
            "\"Hello,\" said the spider. \"'Shelob' is my name.\"\n",
            "'A', 'B', and 'C' are letters.\n",
            "Some dashes:  em---em en--en em --- em en -- en 2--3\n",
            "Ellipses...and...and....\n",
            "\\\"not smart\\\" \\'either\\' \\-\\- \\.\\.\\.\n",
        ]
        let inputs = punctuated.map(\.markdown) + extra
        let modes: [(MarkdownOptions, [String])] = [
            (.smart, ["--smart"]), ([.smart, .unsafe], ["--smart", "--unsafe"]),
        ]
        for markdown in inputs {
            for (options, arguments) in modes {
                let bytes = Array(markdown.utf8)
                let expected = try CmarkProgram.render(bytes, arguments: arguments, path: cmark)
                #expect(CommonMark.html(fromBytes: bytes, options: options) == expected, "\(arguments): \(markdown)")
                #expect(CommonMark.html(from: markdown, options: options) == String(decoding: expected, as: UTF8.self))
            }
        }
    }

    @Test("Invalid UTF-8 and NUL are handled as by `cmark` and `cmark --validate-utf8`")
    func bytesMatchCmark() throws {
        let cmark = try #require(CmarkProgram.path, CmarkProgram.missingMessage)
        let inputs: [[UInt8]] = [
            [],
            [0x00],
            Array("a\u{0}b\n".utf8),
            [0x61, 0xFF, 0x62, 0x0A],
            [0xC3, 0x28, 0x0A],
            [0xE2, 0x82, 0x0A, 0x2A, 0xED, 0xA0, 0x80, 0x2A],
            [0xEF, 0xBB, 0xBF, 0x23, 0x20, 0x78],
            [0x3C, 0x61, 0x20, 0x68, 0x72, 0x65, 0x66, 0x3D, 0xF0, 0x3E],
            Array("[x](<\u{0}>)\r\n\r\nfoo\rbar".utf8),
        ]
        for input in inputs {
            for (options, arguments) in [(MarkdownOptions(), [String]()), (.validateUTF8, ["--validate-utf8"])] {
                let expected = try CmarkProgram.render(input, arguments: arguments, path: cmark)
                #expect(CommonMark.html(fromBytes: input, options: options) == expected, "\(arguments) \(input)")
            }
        }
    }

    /// Renders every spec example with the wrapper and with `cmark`, and expects identical bytes.
    private func expectEveryExampleMatchesCmark(options: MarkdownOptions, arguments: [String]) throws {
        let cmark = try #require(CmarkProgram.path, CmarkProgram.missingMessage)
        let examples = try SpecExample.loadAll()
        try #require(examples.count == 652)
        for example in examples {
            let markdown = Array(example.markdown.utf8)
            let expected = try CmarkProgram.render(markdown, arguments: arguments, path: cmark)
            let rendered = CommonMark.html(fromBytes: markdown, options: options)
            #expect(rendered == expected, "\(example)")
            #expect(CommonMark.html(from: example.markdown, options: options).utf8.elementsEqual(expected))
        }
    }
}
