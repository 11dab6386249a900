import Testing

@testable import CarePress

extension Parsing {
    @Suite("JSON errors")
    struct JSONParserErrorTests {
        /// Malformed JSON and the error it must produce.
        struct Case: Sendable, CustomTestStringConvertible {
            var text: String
            var line: Int
            var column: Int
            var message: String
            /// Checked when set.
            var hint: String?

            init(_ text: String, _ line: Int, _ column: Int, _ message: String, hint: String? = nil) {
                self.text = text
                self.line = line
                self.column = column
                self.message = message
                self.hint = hint
            }

            var testDescription: String { text.debugDescription }
        }

        static let cases: [Case] = [
            // Structure
            Case(#"{"a": 1 "b": 2}"#, 1, 9, "expected ',' or '}' after object member"),
            Case("{\"a\": 1\n\"b\": 2}", 2, 1, "expected ',' or '}' after object member"),
            Case(#"[1, 2 3]"#, 1, 7, "expected ',' or ']' after array element"),
            Case(#"{"a" 1}"#, 1, 6, "expected ':' after object key"),
            Case(
                #"{a: 1}"#, 1, 2, "expected a key in double quotes, found 'a'",
                hint: "JSON object keys are strings in double quotes"),
            Case(#"{"a": 1,}"#, 1, 8, "trailing comma is not allowed in JSON"),
            Case("{\"a\": 1,\n  \"b\": [1, 2,\n  ]}", 2, 13, "trailing comma is not allowed in JSON"),
            Case("[1,\n]", 1, 3, "trailing comma is not allowed in JSON"),
            Case(#"{"a": 1} x"#, 1, 10, "unexpected content after the JSON value"),
            Case("[1]]", 1, 4, "unexpected content after the JSON value"),
            Case("{}\n{}", 2, 1, "unexpected content after the JSON value"),
            Case("[,1]", 1, 2, "expected a value, found ','"),
            Case(#"{"a": x}"#, 1, 7, "expected a value, found 'x'"),
            Case(#"{"é😀": x}"#, 1, 8, "expected a value, found 'x'"),
            Case(#"{"a": }"#, 1, 7, "expected a value, found '}'"),
            Case("[é]", 1, 2, "expected a value, found 'é'"),
            Case("[\u{A0}1]", 1, 2, "expected a value, found character U+00A0"),
            Case(
                #"["a", hello]"#, 1, 7, "expected a value, found 'hello'",
                hint: "JSON strings are written in double quotes"),
            Case("[tru]", 1, 2, "expected a value, found 'tru'"),
            Case(
                "[True]", 1, 2, "expected a value, found 'True'", hint: "JSON literals are lowercase: true, false, null"
            ),
            Case("nulll", 1, 1, "expected a value, found 'nulll'"),
            Case(
                "[1, NaN]", 1, 5, "expected a value, found 'NaN'",
                hint: "JSON has no NaN or Infinity; use null or a string"),
            Case(
                "-Infinity", 1, 1, "expected a value, found '-Infinity'",
                hint: "JSON has no NaN or Infinity; use null or a string"),
            // Comments and single quotes
            Case("{\"a\": 1 // note\n}", 1, 9, "comments are not allowed in JSON"),
            Case("/* header */ {}", 1, 1, "comments are not allowed in JSON"),
            Case("[1, /* two */ 2]", 1, 5, "comments are not allowed in JSON"),
            Case("{\"a\": 1}\n// end", 2, 1, "comments are not allowed in JSON"),
            Case("{'a': 1}", 1, 2, "single quotes are not allowed in JSON", hint: "JSON strings use double quotes"),
            Case("{\"a\": 'b'}", 1, 7, "single quotes are not allowed in JSON", hint: "JSON strings use double quotes"),
            // Strings
            Case(#"{"a": "abc"#, 1, 7, "unterminated string"),
            Case(
                "[\"abc\ndef\"]", 1, 2, "unterminated string",
                hint: "a JSON string cannot contain a line break; write \\n for one"),
            Case("[\"a\tb\"]", 1, 4, "control character U+0009 is not allowed in a string", hint: "write it as \\t"),
            Case(
                "[\"é\u{1}\"]", 1, 4, "control character U+0001 is not allowed in a string", hint: "write it as \\u0001"
            ),
            Case(#"["\x"]"#, 1, 3, "invalid escape sequence '\\x' in string"),
            Case(#"["ab\u12G4"]"#, 1, 5, "invalid \\u escape in string: expected four hexadecimal digits"),
            Case(#"["\u12"]"#, 1, 3, "invalid \\u escape in string: expected four hexadecimal digits"),
            Case(#"["\uD800"]"#, 1, 3, "lone surrogate \\uD800 in string"),
            Case(#"["é\uDC00x"]"#, 1, 4, "lone surrogate \\uDC00 in string"),
            Case(#"["\uD83D\u0041"]"#, 1, 3, "lone surrogate \\uD83D in string"),
            Case(#"["\uD83D\uD83D"]"#, 1, 3, "lone surrogate \\uD83D in string"),
            Case(#"["\"#, 1, 2, "unterminated string"),
            // Numbers
            Case("012", 1, 1, "numbers must not have leading zeros"),
            Case("[-01]", 1, 2, "numbers must not have leading zeros"),
            Case("[+1]", 1, 2, "expected a value, found '+1'", hint: "JSON numbers have no '+' sign"),
            Case(
                "[.5]", 1, 2, "expected a value, found '.5'", hint: "write a digit before the decimal point, as in 0.5"),
            Case(
                "[-.5]", 1, 2, "expected a value, found '-.5'",
                hint: "write a digit before the decimal point, as in 0.5"),
            Case("[1.]", 1, 4, "expected a digit after the decimal point"),
            Case("1.e5", 1, 3, "expected a digit after the decimal point"),
            Case("[1e]", 1, 4, "expected a digit in the exponent"),
            Case("1e+", 1, 4, "expected a digit in the exponent"),
            Case("-", 1, 1, "expected a value, found '-'"),
            Case("[0x1F]", 1, 3, "expected ',' or ']' after array element"),
            Case("[1e400]", 1, 2, "number is too large"),
            // End of file
            Case("[1, 2", 1, 6, "expected ',' or ']' after array element", hint: "the '[' at 1:1 is never closed"),
            Case(
                "{\"a\": [1], \"b\": {\"c\": 1}", 1, 25, "expected ',' or '}' after object member",
                hint: "the '{' at 1:1 is never closed"),
            Case("{\"a\": ", 1, 7, "expected a value, found end of file"),
            Case("{\"a\"", 1, 5, "expected ':' after object key", hint: "the '{' at 1:1 is never closed"),
            Case(
                "{", 1, 2, "expected a key in double quotes, found end of file", hint: "the '{' at 1:1 is never closed"),
            // Empty
            Case("", 1, 1, "file is empty"),
            Case(" \n\t\r\n ", 1, 1, "file is empty"),
        ]

        @Test("malformed JSON is reported at the offending character", arguments: cases)
        func reports(_ testCase: Case) throws {
            let error = try #require(throws: SyntaxError.self) { try JSONParser.parse(Array(testCase.text.utf8)) }
            #expect(error.message == testCase.message)
            #expect(error.position == SourcePosition(line: testCase.line, column: testCase.column))
            if let hint = testCase.hint {
                #expect(error.hint == hint)
            }
        }

        @Test("nesting beyond the depth limit is an error, not a crash")
        func tooDeep() throws {
            let depth = JSONParser.maximumDepth + 1
            for open in ["[", "{\"k\":"] {
                let text = String(repeating: open, count: depth) + "1"
                let error = try #require(throws: SyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
                #expect(error.message == "arrays and objects are nested more than 512 levels deep")
                #expect(error.position == SourcePosition(line: 1, column: 1 + (depth - 1) * open.count))
            }
            // Far deeper input fails the same way rather than overflowing the stack.
            let huge = String(repeating: "[", count: 1_000_000)
            #expect(throws: SyntaxError.self) { try JSONParser.parse(Array(huge.utf8)) }
        }

        @Test("invalid UTF-8 gives the same error as SourceText")
        func invalidUTF8() throws {
            let bytes = Array("[\"a".utf8) + [0xFF] + Array("b\"]".utf8)
            let jsonError = try #require(throws: SyntaxError.self) { try JSONParser.parse(bytes) }
            let textError = try #require(throws: SyntaxError.self) { try SourceText.decode(bytes) }
            #expect(jsonError == textError)
            #expect(jsonError.position == SourcePosition(line: 1, column: 4))
            #expect(jsonError.hint == "save the file as UTF-8")
            // Reported even when it sits after a syntax error: the encoding is checked first.
            let later = Array("[1,]".utf8) + [0xC0, 0x80]
            let laterError = try #require(throws: SyntaxError.self) { try JSONParser.parse(later) }
            #expect(laterError.message.hasPrefix("the file is not valid UTF-8"))
        }

        @Test("a BOM alone is an empty file")
        func bomOnly() {
            #expect(throws: SyntaxError(at: .start, "file is empty")) {
                try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x20])
            }
        }
    }
}
