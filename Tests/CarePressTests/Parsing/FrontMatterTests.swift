import Testing

@testable import CarePress

extension Parsing {
    @Suite("Front matter")
    struct FrontMatterTests {
        @Test("front matter and body are split, with their file lines")
        func split() throws {
            let page = "---\ntitle: About\norder: 2\n---\n# About\n\nText.\n"
            let parts = try FrontMatter.split(page)
            #expect(parts.yaml == "title: About\norder: 2\n")
            #expect(parts.yamlStartLine == 2)
            #expect(parts.body == "# About\n\nText.\n")
            #expect(parts.bodyStartLine == 5)
        }

        @Test("positions from the front matter are file positions")
        func positions() throws {
            let page = "---\ntitle: About\norder: [1\n---\nBody\n"
            let parts = try FrontMatter.split(page)
            let yaml = try #require(parts.yaml)
            let problem = try #require(throws: SyntaxError.self) {
                try YAMLLoader.parse(yaml, lineOffset: parts.yamlStartLine - 1)
            }
            #expect(problem.position.line == 4)
            #expect(problem.hint == "while parsing a flow sequence that starts at 3:8")

            let good = try FrontMatter.split("---\ntitle: Zoë\norder: 2\n---\n")
            let root = try YAMLLoader.parse(try #require(good.yaml), lineOffset: good.yamlStartLine - 1)
            #expect(
                root.members.map(\.keyPosition) == [
                    SourcePosition(line: 2, column: 1), SourcePosition(line: 3, column: 1),
                ])
            #expect(root["order"]?.position == SourcePosition(line: 3, column: 8))
            #expect(good.body == "")
            #expect(good.bodyStartLine == 5)
        }

        @Test("a page without front matter is all body")
        func none() throws {
            for page in ["# Title\n---\nx: 1\n", "", "----\ntitle: x\n----\n", " ---\na: 1\n---\n"] {
                let parts = try FrontMatter.split(page)
                #expect(parts.yaml == nil)
                #expect(parts.body == page)
                #expect(parts.bodyStartLine == 1)
                #expect(parts.yamlStartLine == 1)
            }
        }

        @Test("CRLF, trailing spaces on the delimiters, an empty block and a BOM are accepted")
        func variants() throws {
            let crlf = try FrontMatter.split("---\r\ntitle: A\r\n---\r\nBody\r\n")
            #expect(crlf.yaml == "title: A\r\n")
            #expect(crlf.body == "Body\r\n")
            #expect(crlf.bodyStartLine == 4)

            let spaced = try FrontMatter.split("---  \ntitle: A\n--- \t\nBody")
            #expect(spaced.yaml == "title: A\n")
            #expect(spaced.body == "Body")

            let empty = try FrontMatter.split("---\n---\nBody\n")
            #expect(empty.yaml == "")
            #expect(empty.bodyStartLine == 3)

            let bom = try FrontMatter.split("\u{FEFF}---\ntitle: A\n---\nBody\n")
            #expect(bom.yaml == "title: A\n")
            #expect(bom.bodyStartLine == 4)

            // A '---' inside the body after the closing delimiter is body text.
            let rule = try FrontMatter.split("---\na: 1\n---\nabove\n---\nbelow\n")
            #expect(rule.body == "above\n---\nbelow\n")
        }

        @Test("an unclosed front matter block is an error at the opening line")
        func unclosed() {
            for page in ["---\ntitle: About\n# About\n", "---", "---\n", "---\ntitle: x\n----\n"] {
                #expect(
                    throws: SyntaxError(
                        at: .start, "front matter is not closed",
                        hint: "end the front matter with a line that holds only '---'")
                ) {
                    try FrontMatter.split(page)
                }
            }
        }
    }
}
