import Testing

@testable import CarePress

extension Parsing {
    @Suite("JSON values and positions")
    struct JSONParserTests {
        func parse(_ text: String) throws -> ContentNode {
            try JSONParser.parse(Array(text.utf8))
        }

        func at(_ line: Int, _ column: Int) -> SourcePosition {
            SourcePosition(line: line, column: column)
        }

        @Test("a document becomes the expected tree")
        func tree() throws {
            let text = """
                {"name": "Zoë", "tags": ["a", "b"], "count": 3, "ratio": 0.5, "ok": true, "no": false,
                 "nothing": null, "empty": {}, "list": []}
                """
            let expected: ContentTree = .object([
                .init(key: "name", value: .string("Zoë")),
                .init(key: "tags", value: .array([.string("a"), .string("b")])),
                .init(key: "count", value: .integer(3)),
                .init(key: "ratio", value: .number(0.5)),
                .init(key: "ok", value: .bool(true)),
                .init(key: "no", value: .bool(false)),
                .init(key: "nothing", value: .null),
                .init(key: "empty", value: .object([])),
                .init(key: "list", value: .array([])),
            ])
            #expect(ContentTree(try parse(text)) == expected)
        }

        @Test("values and keys carry exact positions")
        func positions() throws {
            let text = """
                {
                  "name": "Zoë 😀",
                  "nested": {"deep": [1, {"x": true}]},
                  "zoë😀": "é", "after": 42,
                  "line5": [null]
                }
                """
            let root = try parse(text)
            #expect(root.position == at(1, 1))
            let members = root.members
            #expect(members.map(\.key) == ["name", "nested", "zoë😀", "after", "line5"])
            #expect(members[0].keyPosition == at(2, 3))
            #expect(members[0].value.position == at(2, 11))
            // A nested value: nested.deep[1].x
            let deep = try #require(root["nested"]?["deep"])
            #expect(deep.position == at(3, 22))
            let inner = try #require(deep[1])
            #expect(inner.position == at(3, 26))
            #expect(inner.members.first?.keyPosition == at(3, 27))
            #expect(inner["x"]?.position == at(3, 32))
            // After multi-byte characters on the same line: columns count scalars, not bytes or UTF-16 units.
            #expect(members[2].keyPosition == at(4, 3))
            #expect(members[2].value.position == at(4, 11))
            #expect(members[3].keyPosition == at(4, 16))
            #expect(members[3].value.position == at(4, 25))
            // A value on line 5.
            #expect(members[4].value.position == at(5, 12))
            #expect(root["line5"]?[0]?.position == at(5, 13))
        }

        @Test("CRLF line ends count as one line break")
        func crlf() throws {
            let root = try parse("{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n")
            #expect(root.members[1].keyPosition == at(3, 3))
            #expect(root["b"]?.position == at(3, 8))
        }

        @Test("a leading BOM is skipped and not counted as a column")
        func bom() throws {
            let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
            #expect(root.position == at(1, 1))
            #expect(root.members.first?.keyPosition == at(1, 2))
            #expect(root["a"]?.position == at(1, 7))
        }

        @Test("top-level scalars are documents too")
        func scalars() throws {
            #expect(ContentTree(try parse(" \"x\" ")) == .string("x"))
            #expect(ContentTree(try parse("12")) == .integer(12))
            #expect(ContentTree(try parse("true")) == .bool(true))
            #expect(ContentTree(try parse("null\n")) == .null)
            #expect(try parse("\n\n  7").position == at(3, 3))
        }

        @Test("duplicate keys are kept in source order")
        func duplicates() throws {
            let root = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
            #expect(root.members.map(\.key) == ["a", "b", "a"])
            #expect(root.members.map(\.keyPosition) == [at(1, 2), at(1, 10), at(1, 18)])
            #expect(ContentTree(root.members[2].value) == .integer(3))
        }

        @Test("all escapes decode, including surrogate pairs and NUL")
        func escapes() throws {
            let root = try parse(
                #"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u20AC\uD83D\uDE00\u0000", "plain é 😀", "a\u00e9b😀c\n"]"#)
            #expect(
                ContentTree(root)
                    == .array([
                        .string("\"\\/\u{8}\u{C}\n\r\t"), .string("Aé€😀\u{0}"), .string("plain é 😀"),
                        .string("aéb😀c\n"),
                    ]))
            // Positions after escapes and multi-byte characters inside strings.
            let second = try parse(#"["é\n😀", 1]"#)
            #expect(second[1]?.position == at(1, 10))
        }

        @Test(
            "integers that fit Int are integers, everything else is a Double",
            arguments: [
                ("0", ContentTree.integer(0)),
                ("-0", .integer(0)),
                ("42", .integer(42)),
                ("-17", .integer(-17)),
                ("123456789012345678", .integer(123_456_789_012_345_678)),
                ("9223372036854775807", .integer(Int.max)),
                ("-9223372036854775808", .integer(Int.min)),
                ("9223372036854775808", .number(9_223_372_036_854_775_808)),
                ("-9223372036854775809", .number(-9_223_372_036_854_775_809)),
                ("123456789012345678901234567890", .number(1.2345678901234568e29)),
                ("1.0", .number(1)),
                ("1e2", .number(100)),
                ("1E+2", .number(100)),
                ("-2.5e-3", .number(-0.0025)),
                ("0.1", .number(0.1)),
                ("0.30000000000000004", .number(0.30000000000000004)),
                ("1.7976931348623157e308", .number(1.7976931348623157e308)),
                ("2.2250738585072014e-308", .number(2.2250738585072014e-308)),
                ("5e-324", .number(5e-324)),
                ("1e-400", .number(0)),
                ("0e999999999", .number(0)),
                ("3.141592653589793238462643383279", .number(3.141592653589793)),
                ("9007199254740993", .integer(9_007_199_254_740_993)),
                ("9007199254740993.0", .number(9_007_199_254_740_992)),
                ("0.000001", .number(0.000001)),
                ("1e22", .number(1e22)),
                ("1e23", .number(1e23)),
            ])
        func numbers(_ text: String, _ expected: ContentTree) throws {
            #expect(ContentTree(try parse(text)) == expected)
            #expect(ContentTree(try parse("[\(text)]")) == .array([expected]))
        }

        @Test("nesting up to the depth limit is fine")
        func depthLimit() throws {
            let depth = JSONParser.maximumDepth
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            var node = try parse(text)
            var levels = 1
            while case .array(let elements) = node.value, let first = elements.first {
                node = first
                levels += 1
            }
            #expect(levels == depth)
        }

        @Test("columns on a long minified line are exact")
        func longLine() throws {
            let count = 50_000
            let text = "[" + String(repeating: "\"é😀\",", count: count) + "1]"
            let root = try parse(text)
            guard case .array(let elements) = root.value else {
                Issue.record("not an array")
                return
            }
            #expect(elements.count == count + 1)
            #expect(elements[1].position == at(1, 7))
            #expect(elements[count].position == at(1, 2 + count * 5))
        }
    }
}
