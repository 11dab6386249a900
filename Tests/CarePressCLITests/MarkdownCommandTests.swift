import CarePressTestSupport
import Foundation
import Testing

/// `carepress markdown` prints exactly what the `cmark` program prints, for every CommonMark spec example.
@Suite("carepress markdown")
struct MarkdownCommandTests {
    @Test(
        "Every spec example renders as `cmark` renders it, safe and unsafe",
        arguments: [[], ["--unsafe"]] as [[String]])
    func everySpecExampleMatchesCmark(arguments: [String]) throws {
        let cmark = try #require(CLI.cmark, "the cmark program was not found; `make test` installs it")
        let examples = try SpecExample.loadAll()
        try #require(examples.count == 652)
        for example in examples {
            let markdown = Data(example.markdown.utf8)
            let expected = try CLI.run(cmark, arguments, stdin: markdown)
            let result = try CLI.run(["markdown"] + arguments, stdin: markdown)
            #expect(expected.status == 0)
            #expect(result.status == 0, "\(example) \(arguments): \(String(decoding: result.stderr, as: UTF8.self))")
            #expect(result.stdout == expected.stdout, "\(example) \(arguments)")
            #expect(result.stderr.isEmpty, "\(example) \(arguments)")
        }
    }

    @Test("--smart and --validate-utf8 match `cmark --smart --validate-utf8`")
    func smartAndValidateMatchCmark() throws {
        let cmark = try #require(CLI.cmark, "the cmark program was not found; `make test` installs it")
        let input = Data("\"Quoted\" -- 'single' --- dots...\n\n<i>raw</i>\n".utf8) + Data([0x61, 0xFF, 0x0A, 0x00])
        for arguments in [["--smart"], ["--validate-utf8"], ["--smart", "--unsafe", "--validate-utf8"], []] {
            let expected = try CLI.run(cmark, arguments, stdin: input)
            let result = try CLI.run(["markdown"] + arguments, stdin: input)
            #expect(result.status == 0)
            #expect(result.stdout == expected.stdout, "\(arguments)")
        }
    }

    @Test("Empty input gives empty output")
    func emptyInput() throws {
        let result = try CLI.run(["markdown"], stdin: Data())
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test("An unknown option is a usage error: exit status 2 and a message on stderr")
    func unknownOptionExitsTwo() throws {
        let result = try CLI.run(["markdown", "--bogus"], stdin: Data("# x\n".utf8))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(String(decoding: result.stderr, as: UTF8.self).contains("--bogus"))
    }
}
