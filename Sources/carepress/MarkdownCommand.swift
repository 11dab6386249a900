import ArgumentParser
import CarePress
import Foundation

/// `carepress markdown`: CommonMark on stdin to HTML on stdout, byte for byte as the `cmark` program renders it.
struct MarkdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Renders CommonMark from standard input to HTML on standard output, as libcmark does.",
        discussion: "Safe by default: raw HTML and javascript:, vbscript:, file: and data: links are removed."
    )

    @Flag(help: "Keep raw HTML and dangerous links (only for trusted input).")
    var unsafe = false

    @Flag(help: "Use curly quotes, en and em dashes and ellipses.")
    var smart = false

    @Flag(name: .customLong("validate-utf8"), help: "Replace bytes that are not valid UTF-8 with U+FFFD.")
    var validateUTF8 = false

    func run() throws {
        var options: MarkdownOptions = []
        if unsafe { options.insert(.unsafe) }
        if smart { options.insert(.smart) }
        if validateUTF8 { options.insert(.validateUTF8) }
        let markdown: [UInt8]
        switch StandardInput.read(limit: StandardInput.markdownLimit) {
        case .success(let bytes): markdown = bytes
        case .failure(let failure):
            Terminal.error("error: \(failure)")
            throw ExitCode(1)
        }
        let html = CommonMark.html(fromBytes: markdown, options: options)
        try Terminal.output(html)
    }
}
