import Testing

@testable import CarePress

extension Parsing {
    @Suite("YAML loading")
    struct YAMLLoaderTests {
        func at(_ line: Int, _ column: Int) -> SourcePosition {
            SourcePosition(line: line, column: column)
        }

        func error(_ yaml: String, lineOffset: Int = 0) throws -> SyntaxError {
            try #require(throws: SyntaxError.self) { try YAMLLoader.parse(yaml, lineOffset: lineOffset) }
        }

        static let knowledge = """
            title: Knee pain
            summary: "Zoë 😀 x"
            phases:
              - name: early
                days: 14
              - name: late
            meta: {a: 1, é😀: [x, y]}
            notes: |
              Line one
              Line two
            """

        @Test("a document becomes the expected tree")
        func tree() throws {
            let root = try YAMLLoader.parse(Self.knowledge)
            let expected: ContentTree = .object([
                .init(key: "title", value: .string("Knee pain")),
                .init(key: "summary", value: .string("Zoë 😀 x")),
                .init(
                    key: "phases",
                    value: .array([
                        .object([.init(key: "name", value: .string("early")), .init(key: "days", value: .integer(14))]),
                        .object([.init(key: "name", value: .string("late"))]),
                    ])),
                .init(
                    key: "meta",
                    value: .object([
                        .init(key: "a", value: .integer(1)),
                        .init(key: "é😀", value: .array([.string("x"), .string("y")])),
                    ])),
                .init(key: "notes", value: .string("Line one\nLine two")),
            ])
            #expect(ContentTree(root) == expected)
        }

        @Test("values and keys carry libyaml's positions, columns in Unicode scalars")
        func positions() throws {
            let root = try YAMLLoader.parse(Self.knowledge)
            #expect(root.position == at(1, 1))
            #expect(root.members[0].keyPosition == at(1, 1))
            #expect(root["title"]?.position == at(1, 8))
            #expect(root["summary"]?.position == at(2, 10))
            // A nested value on line 5.
            #expect(root["phases"]?.position == at(4, 3))
            #expect(root["phases"]?[0]?.members[1].keyPosition == at(5, 5))
            #expect(root["phases"]?[0]?["days"]?.position == at(5, 11))
            // After multi-byte characters on the same line: "é😀" is two columns.
            let meta = try #require(root["meta"])
            #expect(meta.position == at(7, 7))
            #expect(meta.members[1].keyPosition == at(7, 14))
            #expect(meta["é😀"]?.position == at(7, 18))
            #expect(meta["é😀"]?[1]?.position == at(7, 22))
            #expect(root["notes"]?.position == at(8, 8))
        }

        @Test("lineOffset shifts every line, for front matter")
        func lineOffset() throws {
            let root = try YAMLLoader.parse("title: A\norder: 2\n", lineOffset: 1)
            #expect(root.members.map(\.keyPosition) == [at(2, 1), at(3, 1)])
            #expect(root["order"]?.position == at(3, 8))
            let problem = try error("a: [1, 2\nb: 3\n", lineOffset: 10)
            #expect(problem.position == at(12, 2))
            #expect(problem.hint == "while parsing a flow sequence that starts at 11:4")
            #expect(try error("", lineOffset: 3).position == at(4, 1))
        }

        /// A scalar, the value Yams' resolution gives it, and its text.
        struct TagCase: Sendable, CustomTestStringConvertible {
            var yaml: String
            var value: ContentTree
            var text: String
            var testDescription: String { yaml }
        }

        static let tagCases: [TagCase] = [
            TagCase(yaml: "yes", value: .bool(true), text: "yes"),
            TagCase(yaml: "no", value: .bool(false), text: "no"),
            TagCase(yaml: "On", value: .bool(true), text: "On"),
            TagCase(yaml: "off", value: .bool(false), text: "off"),
            TagCase(yaml: "True", value: .bool(true), text: "True"),
            TagCase(yaml: "y", value: .string("y"), text: "y"),
            TagCase(yaml: "\"yes\"", value: .string("yes"), text: "yes"),
            TagCase(yaml: "1.0", value: .number(1), text: "1.0"),
            TagCase(yaml: "1e3", value: .number(1000), text: "1e3"),
            TagCase(yaml: "-.inf", value: .number(-.infinity), text: "-.inf"),
            TagCase(yaml: "\"1\"", value: .string("1"), text: "1"),
            TagCase(yaml: "'1'", value: .string("1"), text: "1"),
            TagCase(yaml: "1", value: .integer(1), text: "1"),
            TagCase(yaml: "-42", value: .integer(-42), text: "-42"),
            TagCase(yaml: "012", value: .integer(10), text: "012"),
            TagCase(yaml: "0x1F", value: .integer(31), text: "0x1F"),
            TagCase(yaml: "1_000", value: .integer(1000), text: "1_000"),
            TagCase(yaml: "1:30", value: .integer(90), text: "1:30"),
            TagCase(yaml: "99999999999999999999", value: .number(1e20), text: "99999999999999999999"),
            TagCase(yaml: "~", value: .null, text: "~"),
            TagCase(yaml: "null", value: .null, text: "null"),
            TagCase(yaml: "", value: .null, text: ""),
            TagCase(yaml: "''", value: .string(""), text: ""),
            TagCase(yaml: "2024-01-02", value: .string("2024-01-02"), text: "2024-01-02"),
            TagCase(yaml: "!!str 12", value: .string("12"), text: "12"),
            TagCase(yaml: "! 12", value: .string("12"), text: "12"),
            TagCase(yaml: "focus", value: .string("focus"), text: "focus"),
            TagCase(yaml: "3 sets", value: .string("3 sets"), text: "3 sets"),
            TagCase(yaml: "60", value: .integer(60), text: "60"),
            TagCase(yaml: "!!int abc", value: .string("abc"), text: "abc"),
            TagCase(yaml: "!!float 2", value: .number(2), text: "2"),
            TagCase(yaml: "knee pain", value: .string("knee pain"), text: "knee pain"),
        ]

        @Test("scalars are typed by Yams' resolved tag and keep their text", arguments: tagCases)
        func tags(_ tagCase: TagCase) throws {
            let root = try YAMLLoader.parse("value: \(tagCase.yaml)\n")
            let value = try #require(root["value"])
            #expect(ContentTree(value) == tagCase.value)
            #expect(value.scalarText == tagCase.text)
        }

        @Test("NaN and keys keep their text too")
        func nanAndKeys() throws {
            let root = try YAMLLoader.parse("[.nan, {1: x}]")
            guard case .number(let nan) = root[0]?.value else {
                Issue.record("not a number")
                return
            }
            #expect(nan.isNaN)
            #expect(root[0]?.scalarText == ".nan")
            #expect(root[1]?.members.first?.key == "1")
            #expect(root.scalarText == nil)
        }

        @Test("anchors and aliases resolve to the anchored value")
        func aliases() throws {
            let root = try YAMLLoader.parse("base: &b {x: 1}\nuse: *b\nlist: [&s text, *s]\n")
            #expect(ContentTree(try #require(root["use"])) == .object([.init(key: "x", value: .integer(1))]))
            // An alias is the anchored node itself, so it reports the anchor's position.
            #expect(root["use"]?.position == at(1, 7))
            #expect(ContentTree(try #require(root["list"])) == .array([.string("text"), .string("text")]))
        }

        @Test("merge keys are kept as a literal '<<' key, not merged")
        func mergeKey() throws {
            let root = try YAMLLoader.parse("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n")
            #expect(root["other"]?.members.map(\.key) == ["<<", "y"])
        }

        /// Malformed YAML and what libyaml (through Yams) reports for it.
        struct ErrorCase: Sendable, CustomTestStringConvertible {
            var name: String
            var yaml: String
            var line: Int
            var column: Int
            var message: String
            var hint: String?
            var testDescription: String { name }
        }

        static let errorCases: [ErrorCase] = [
            ErrorCase(
                name: "tab indentation", yaml: "a:\n\tb: 1\n", line: 2, column: 1,
                message: "found character that cannot start any token",
                hint: "YAML does not allow tabs for indentation; indent with spaces"),
            ErrorCase(
                name: "tab after spaces", yaml: "a:\n  b: 1\n\tc: 2\n", line: 3, column: 1,
                message: "found a tab character that violates indentation",
                hint: "YAML does not allow tabs for indentation; indent with spaces"),
            ErrorCase(
                name: "unclosed [", yaml: "a: [1, 2\nb: 3\n", line: 2, column: 2,
                message: "did not find expected ',' or ']'", hint: "while parsing a flow sequence that starts at 1:4"),
            // libyaml puts the end of a file without a final line break on a line after the last; the error is
            // reported just after the last character instead, inside the file (found by the YAML fuzz target).
            ErrorCase(
                name: "unclosed [ at end of file", yaml: "a: [1, 2", line: 1, column: 9,
                message: "did not find expected ',' or ']'", hint: "while parsing a flow sequence that starts at 1:4"),
            ErrorCase(
                name: "missing ':' at end of file", yaml: "- id: knee\n  name: Knee\n  description", line: 3,
                column: 14, message: "could not find expected ':'",
                hint: "while scanning a simple key that starts at 3:3"),
            ErrorCase(
                name: "unclosed quote at end of file after CRLF lines", yaml: "a: 1\r\nb: \"x\r\nyz", line: 3,
                column: 3,
                message: "found unexpected end of stream", hint: "while scanning a quoted scalar that starts at 2:4"),
            ErrorCase(
                name: "unclosed quote", yaml: "a: \"abc\nb: 2\n", line: 3, column: 1,
                message: "found unexpected end of stream", hint: "while scanning a quoted scalar that starts at 1:4"),
            ErrorCase(
                name: "bad indentation", yaml: "a:\n  b: 1\n c: 2\n", line: 3, column: 2,
                message: "did not find expected key", hint: "while parsing a block mapping that starts at 1:1"),
            ErrorCase(
                name: "mapping in a plain scalar", yaml: "a: b: c\n", line: 1, column: 5,
                message: "mapping values are not allowed in this context"),
            ErrorCase(
                name: "two documents", yaml: "a: 1\n---\nb: 2\n", line: 2, column: 1,
                message: "expected one YAML document",
                hint: "this file holds more than one; remove the second '---' or split the file"),
            ErrorCase(
                name: "duplicate key", yaml: "a: 1\nb: 2\na: 3\n", line: 1, column: 1,
                message: "key 'a' appears more than once in this mapping", hint: "each key may appear only once"),
            ErrorCase(
                name: "undefined alias", yaml: "a: *nope\n", line: 1, column: 4, message: "found undefined alias"),
            ErrorCase(
                name: "control character", yaml: "a: b\u{7}c\n", line: 1, column: 5,
                message: "control characters are not allowed (U+0007)"),
            ErrorCase(
                name: "control character after multi-byte", yaml: "x: 1\nzoë😀: \u{1}\n", line: 2, column: 7,
                message: "control characters are not allowed (U+0001)"),
            ErrorCase(
                name: "list as key", yaml: "? [a, b]\n: 1\n", line: 1, column: 3,
                message: "a mapping key must be a plain value, not a list or a mapping"),
            ErrorCase(
                name: "too deep", yaml: String(repeating: "[", count: 1500), line: 1, column: 1,
                message: "lists and mappings are nested more than 1000 levels deep"),
            ErrorCase(name: "empty", yaml: "", line: 1, column: 1, message: "file is empty"),
            ErrorCase(name: "blank", yaml: "  \n\t\n", line: 1, column: 1, message: "file is empty"),
            ErrorCase(
                name: "only comments", yaml: "# nothing\n", line: 1, column: 1, message: "file is empty",
                hint: "the file holds only comments"),
            ErrorCase(
                name: "only a document marker", yaml: "---\n", line: 1, column: 1, message: "file is empty",
                hint: "the file holds no value"),
        ]

        @Test("malformed YAML is reported at libyaml's position", arguments: errorCases)
        func errors(_ errorCase: ErrorCase) throws {
            let problem = try error(errorCase.yaml)
            #expect(problem.message == errorCase.message)
            #expect(problem.position == at(errorCase.line, errorCase.column))
            if let hint = errorCase.hint {
                #expect(problem.hint == hint)
            }
        }

        @Test("deep but allowed nesting converts without overflowing the stack")
        func deepNesting() throws {
            let depth = 900
            var node = try YAMLLoader.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
            var levels = 1
            while case .array(let elements) = node.value, let first = elements.first {
                node = first
                levels += 1
            }
            #expect(levels == depth)
        }

        /// Fuzz finding yaml/value-past-the-last-line.yml (Tests/Fuzz/Findings/README.md): libyaml puts the end of a
        /// stream that does not end in a line break on a line of its own, and an empty value found there (`?` alone:
        /// a mapping with an empty key and value) was located on a line the file does not have.
        @Test(
            "a value at the end of a file without a final line break is on the file's last line",
            arguments: [("?", 1, 2), ("a: 1\n?", 2, 2), ("a:", 1, 3), ("- a\n-", 2, 2), ("? x\n:", 2, 2)])
        func valueAtTheEnd(_ yaml: String, _ line: Int, _ column: Int) throws {
            let root = try YAMLLoader.parse(yaml)
            let last = try #require(root.allPositions.max { ($0.line, $0.column) < ($1.line, $1.column) })
            #expect(last == at(line, column), "\(root.allPositions)")
            let shifted = try YAMLLoader.parse(yaml, lineOffset: 3)
            #expect(shifted.allPositions.allSatisfy { $0.line <= line + 3 })
        }

        @Test("a BOM is dropped and not counted")
        func bom() throws {
            let root = try YAMLLoader.parse("\u{FEFF}a: 1\nb: 2\n")
            #expect(root["a"]?.position == at(1, 4))
            #expect(root.members.map(\.key) == ["a", "b"])
        }

        /// A "billion laughs" document: `levels` anchors, each a list of ten aliases of the previous one. Its scalars are
        /// one letter, so that it passes the value bound before the bound on text (`YAMLExpansionTests`).
        static func laughs(_ levels: Int) -> String {
            var yaml = "a0: &a0 [l, l, l, l, l, l, l, l, l, l]\n"
            for level in 1..<levels {
                let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                yaml += "a\(level): &a\(level) [\(aliases)]\n"
            }
            return yaml
        }

        @Test("an alias bomb stops at the node limit")
        func billionLaughs() throws {
            let problem = try error(Self.laughs(9))
            #expect(problem.message == "the document expands to more than 1000000 values")
            #expect(problem.hint == "aliases ('*name') that repeat a large anchored ('&name') value can do this")
        }

        @Test(
            "an alias bomb in a mapping key is refused before Yams hashes it",
            arguments: [
                ("*a8 : boom\n", 10, 1, "an alias cannot be used as a mapping key"),
                ("? *a8\n: boom\n", 10, 3, "an alias cannot be used as a mapping key"),
                ("?\n  *a8\n: boom\n", 11, 3, "an alias cannot be used as a mapping key"),
                ("x: {*a8: 1}\n", 10, 5, "an alias cannot be used as a mapping key"),
                ("[*a8]: boom\n", 10, 1, "a mapping key must be a plain value, not a list or a mapping"),
                ("x: {[*a8]: 1}\n", 10, 5, "a mapping key must be a plain value, not a list or a mapping"),
                ("- *a8 : boom\n", 10, 3, "an alias cannot be used as a mapping key"),
                ("? [*a8, 1]\n: boom\n", 10, 1, "'?' keys cannot be used in a file that uses aliases"),
                ("? - *a8\n: boom\n", 10, 1, "'?' keys cannot be used in a file that uses aliases"),
            ])
        func aliasKeys(_ tail: String, _ line: Int, _ column: Int, _ message: String) throws {
            let problem = try error(Self.laughs(9) + tail)
            #expect(problem.message == message)
            #expect(problem.position == at(line, column))
        }

        @Test(
            "asterisks that are not alias keys pass the alias-key check",
            arguments: [
                "text: see *note* here\n",
                "quote: \"*a: b\"\n",
                "single: '*a: it''s'\n",
                "# *a: b\nx: 1\n",
                "block: |\n  *a: b\n  more\nnext: 1\n",
                "folded: >-\n  *a: b\n",
                "list:\n  - key: |\n      *a: b\n    other: 2\n",
                "base: &b 1\nuse: *b\n",
                "base: &b {x: 1}\nother:\n  <<: *b\n",
                "multi: \"line one\n  *a: still quoted\"\n",
                "? plain key\n: value\nstar: \"*\"\n",
                "list: [*x, 2]\n",
            ])
        func asterisksAllowed(_ yaml: String) {
            do {
                _ = try YAMLLoader.parse(yaml)
            } catch {
                #expect(!error.message.contains("alias cannot") && !error.message.contains("'?' keys"), "\(error)")
            }
        }
    }
}
