import Foundation

/// One example of the CommonMark 0.30 specification: a Markdown input and the HTML the spec expects for it.
public struct SpecExample: Sendable, CustomStringConvertible {
    /// The example's number, counted from 1 as the spec does.
    public let number: Int
    /// The line of the spec file where the example starts.
    public let line: Int
    /// The heading of the spec section the example is in.
    public let section: String
    /// The Markdown input, with `→` already turned into a tab.
    public let markdown: String
    /// The HTML the spec gives, with `→` already turned into a tab.
    public let html: String

    public var description: String { "example \(number) (spec line \(line), \(section))" }

    /// The spec file in the CarePressTests fixtures, found from this source file.
    public static let specURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("CarePressTests/Fixtures/commonmark/spec-0.30.txt")

    /// Reads every example of the spec file, in order.
    public static func loadAll() throws -> [SpecExample] {
        let text = try String(contentsOf: specURL, encoding: .utf8)
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var start: Int?
        var markdown: [Substring] = []
        var html: [Substring] = []
        var inHTML = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if start == nil {
                if line == fence + " example" {
                    start = offset + 1
                    markdown = []
                    html = []
                    inHTML = false
                } else if line.hasPrefix("#") {
                    section = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                }
            } else if line == fence, let startLine = start {
                examples.append(
                    SpecExample(
                        number: examples.count + 1, line: startLine, section: section,
                        markdown: joined(markdown), html: joined(html)))
                start = nil
            } else if !inHTML && line == "." {
                inHTML = true
            } else if inHTML {
                html.append(line)
            } else {
                markdown.append(line)
            }
        }
        return examples
    }

    /// Joins the lines of one half of an example, each ending in a newline, with tabs restored.
    private static func joined(_ lines: [Substring]) -> String {
        lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
    }
}
