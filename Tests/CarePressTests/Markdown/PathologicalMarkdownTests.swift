import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// Finding 11 of issue 40: Debian's libcmark 0.30.2 takes time that grows with the square of some inputs (fixed in
/// 0.30.3 and later): a 240 KB guide page of `![[]()` took 12-25 s, and `serve` paid it again on every save. Guide
/// pages are checked against `MarkdownBounds` before cmark sees them. Every input of cmark's own
/// `test/pathological_tests.py`, at the size cmark's test uses, is either refused by the check (a located error) or
/// within its bounds, where cmark's work is linear; no test here times anything.
@Suite("Pathological Markdown")
struct PathologicalMarkdownTests {
    /// What the check says of an input.
    enum Verdict: Sendable, CustomStringConvertible {
        /// Refused for nesting, at this line and column.
        case tooDeep(Int, Int)
        /// Refused for the `[` of one paragraph, at this line and column.
        case tooManyOpeners(Int, Int)
        /// Within the bounds; cmark renders it, and its HTML holds this.
        case accepted(String)

        var description: String {
            switch self {
            case .tooDeep(let line, let column): "too deep at \(line):\(column)"
            case .tooManyOpeners(let line, let column): "too many openers at \(line):\(column)"
            case .accepted: "accepted"
            }
        }
    }

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    /// cmark's `hash_collisions()`: reference labels that share a bucket of its reference map, then a paragraph citing
    /// one, each in paragraphs of their own.
    static func referenceCollisions(count: Int) -> String {
        func badHash(_ reference: String) -> Bool {
            var hash: UInt32 = 0
            for scalar in reference.unicodeScalars {
                hash = UInt32(scalar.value) &+ (hash << 6) &+ (hash << 16) &- hash
            }
            return hash % 16 == 0
        }
        var keys = (0...).lazy.map { "x\($0)" }.filter(badHash).prefix(count).makeIterator()
        let bad = keys.next() ?? "x0"
        var document = ""
        while let key = keys.next() { document += "[\(key)]: /url\n\n[\(bad)]\n\n" }
        return document
    }

    /// Every input of cmark's `test/pathological_tests.py` (0.31), at its size, with what the check says of it.
    static let inputs: [(String, String, Verdict)] = [
        (
            "nested strong emph", repeated("*a **a ", 32500) + "b" + repeated(" a** a*", 32500),
            .accepted(repeated("<em>a <strong>a ", 100))
        ),
        ("many emph closers with no openers", repeated("a_ ", 32500), .accepted(repeated("a_ ", 100))),
        ("many emph openers with no closers", repeated("_a ", 32500), .accepted(repeated("_a ", 100))),
        ("many link closers with no openers", repeated("a]", 32500), .accepted(repeated("a]", 100))),
        ("many link openers with no closers", repeated("[a", 32500), .tooManyOpeners(1, 2001)),
        ("mismatched openers and closers", repeated("*a_ ", 25000), .accepted(repeated("*a_ ", 100))),
        ("issue #389", repeated("*a ", 20000) + repeated("_a*_ ", 20000), .accepted(repeated("<em>a ", 100))),
        ("openers and closers multiple of 3", "a**b" + repeated("c* ", 25000), .accepted(repeated("c* ", 100))),
        ("link openers and emph closers", repeated("[ a_", 25000), .tooManyOpeners(1, 4001)),
        ("pattern [ (]( repeated", repeated("[ (](", 40000), .tooManyOpeners(1, 5001)),
        ("pattern ![[]() repeated", repeated("![[]()", 160000), .tooManyOpeners(1, 3002)),
        ("hard link/emph case", "**x [a*b**c*](d)", .accepted("**x <a href=\"d\">a<em>b**c</em></a>")),
        ("nested brackets", repeated("[", 25000) + "a" + repeated("]", 25000), .tooManyOpeners(1, 1001)),
        ("nested block quotes", repeated("> ", 25000) + "a", .tooDeep(1, 65)),
        ("deeply nested lists", (0..<500).map { repeated("  ", $0) + "* a\n" }.joined(), .tooDeep(33, 65)),
        ("U+0000 in input", "abc\u{0}de\u{0}", .accepted("abc\u{FFFD}de\u{FFFD}")),
        (
            "backticks", (1..<2500).map { "e" + repeated("`", $0) }.joined(),
            .accepted("<p>e`e``e```")
        ),
        ("unclosed links A", repeated("[a](<b", 30000), .tooManyOpeners(1, 6001)),
        ("unclosed links B", repeated("[a](b", 30000), .tooManyOpeners(1, 5001)),
        ("unclosed <!--", "</" + repeated("<!--", 300000), .accepted("&lt;/&lt;!--&lt;!--")),
        (
            "empty lines in deeply nested lists", repeated("- ", 30000) + "x" + repeated("\n", 30000),
            .tooDeep(1, 65)
        ),
        (
            "empty lines in deeply nested lists in blockquote",
            "> " + repeated("- ", 30000) + "x\n" + repeated(">\n", 30000), .tooDeep(1, 65)
        ),
        ("emph in deep blockquote", repeated(">", 100000) + repeated("a*", 100000), .tooDeep(1, 33)),
        ("reference collisions", referenceCollisions(count: 25000), .accepted("<p>[x")),
        (
            "nested inlines", repeated("*", 20000) + "a" + repeated("*", 20000),
            .accepted(repeated("<strong>", 100) + "a</strong>")
        ),
        // Commented out in cmark's list ("many references", an allowed failure), here too: refused.
        (
            "many references", (1..<(5000 * 16)).map { "[\($0)]: u\n" }.joined() + repeated("[0] ", 5000),
            .tooManyOpeners(1001, 1)
        ),
    ]

    @Test("cmark's pathological inputs are refused, or within the bounds and rendered", arguments: inputs)
    func pathologicalInput(name: String, markdown: String, verdict: Verdict) throws {
        let problem: SyntaxError?
        do {
            try MarkdownBounds.check(markdown)
            problem = nil
        } catch {
            problem = error
        }
        switch verdict {
        case .tooDeep(let line, let column):
            #expect(problem?.message == "block quotes and lists are nested more than 32 deep here", "\(name)")
            #expect(problem?.position == SourcePosition(line: line, column: column), "\(name)")
        case .tooManyOpeners(let line, let column):
            #expect(problem?.message == "this paragraph opens more than 1000 links or images ('[')", "\(name)")
            #expect(problem?.position == SourcePosition(line: line, column: column), "\(name)")
        case .accepted(let fragment):
            #expect(problem == nil, "\(name): \(String(describing: problem))")
            let html = CommonMark.html(from: markdown)
            #expect(html.contains(fragment), "\(name): \(html.prefix(200))")
        }
    }

    @Test("The bounds are inclusive: 32 levels and 1,000 openers pass, one more does not")
    func boundsAreInclusive() throws {
        let deepest = Self.repeated("> ", 16) + Self.repeated("- ", 16) + "x\n"
        #expect(throws: Never.self) { try MarkdownBounds.check(deepest) }
        #expect(throws: SyntaxError.self) { try MarkdownBounds.check("> " + deepest) }
        let indented = (0..<32).map { Self.repeated("  ", $0) + "- a\n" }.joined()
        #expect(throws: Never.self) { try MarkdownBounds.check(indented) }
        #expect(throws: SyntaxError.self) { try MarkdownBounds.check(indented + Self.repeated("  ", 32) + "- a\n") }
        let links = (0..<1000).map { "[l\($0)](u)" }.joined(separator: " ")
        #expect(throws: Never.self) { try MarkdownBounds.check(links) }
        #expect(throws: SyntaxError.self) { try MarkdownBounds.check(links + " [more") }
        // Escaped brackets open nothing; a blank line, also inside a block quote, ends a paragraph.
        #expect(throws: Never.self) { try MarkdownBounds.check(links + " \\[not one") }
        #expect(throws: Never.self) { try MarkdownBounds.check("> " + links + "\n>\n> " + links) }
        #expect(throws: SyntaxError.self) { try MarkdownBounds.check("> " + links + "\n> " + links) }
        // `- - -` is a thematic break, not three list markers.
        #expect(throws: Never.self) { try MarkdownBounds.check(Self.repeated("- ", 200) + "\n") }
    }

    @Test("The repository's guide pages are within the bounds")
    func samplePagesAreAccepted() throws {
        let folder = TemporaryProject.repository.appendingPathComponent("Content/pages").path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".md") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            #expect(throws: Never.self, "\(name)") { try MarkdownBounds.check(text) }
        }
    }

    /// The deepest nesting of block quotes and list items in cmark's HTML.
    static func nesting(ofHTML html: String) -> Int {
        var depth = 0
        var deepest = 0
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            if rest.hasPrefix("<blockquote>") || rest.hasPrefix("<li>") {
                depth += 1
                deepest = max(deepest, depth)
            } else if rest.hasPrefix("</blockquote>") || rest.hasPrefix("</li>") {
                depth -= 1
            }
            rest = rest.dropFirst()
        }
        return deepest
    }

    @Test("Whatever the check lets through nests no deeper than its bound in cmark's own parse")
    func estimateIsAnUpperBound() throws {
        var random = SplitMix64(seed: 40_11)
        let pieces = ["> ", ">", "- ", "* ", "+ ", "1. ", "2) ", "  ", "   ", "    ", "\t", " "]
        var accepted = 0
        for round in 0..<600 {
            var lines: [String] = []
            // Half the documents climb: each line indented about as far as the one before, give or take a level, so
            // that lists nest through indentation as well as through markers.
            let climbs = round % 2 == 1
            var indent = 0
            for _ in 0..<Int.random(in: 1...(climbs ? 120 : 60), using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: lines.append("")
                case 1: lines.append("lazy text")
                default:
                    var prefix = (0..<Int.random(in: climbs ? 1...2 : 0...40, using: &random)).map { _ in
                        (climbs ? ["- ", "* ", "1. ", "> "] : pieces).randomElement(using: &random) ?? ""
                    }
                    if climbs {
                        indent = max(0, indent + Int.random(in: -2...4, using: &random))
                        prefix.insert(String(repeating: " ", count: indent), at: 0)
                    }
                    lines.append(prefix.joined() + (Bool.random(using: &random) ? "a" : ""))
                }
            }
            let markdown = lines.joined(separator: "\n")
            guard (try? MarkdownBounds.check(markdown)) != nil else { continue }
            accepted += 1
            let depth = Self.nesting(ofHTML: CommonMark.html(from: markdown))
            #expect(depth <= MarkdownBounds.maximumNesting, "\(depth) levels in:\n\(markdown)")
        }
        #expect(accepted > 200)
    }
}
