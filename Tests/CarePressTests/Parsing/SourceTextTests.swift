import CarePressTestSupport
import Testing

@testable import CarePress

extension Parsing {
    @Suite("SourceText")
    struct SourceTextTests {
        /// One ill-formed input and where its first bad byte is.
        struct BadCase: Sendable, CustomTestStringConvertible {
            var name: String
            var bytes: [UInt8]
            var offset: Int
            var line: Int
            var column: Int
            var testDescription: String { name }
        }

        static let badCases: [BadCase] = [
            BadCase(name: "0xFF", bytes: Array("a".utf8) + [0xFF], offset: 1, line: 1, column: 2),
            BadCase(
                name: "stray continuation after multi-byte", bytes: Array("ab\ncé".utf8) + [0x80], offset: 6, line: 2,
                column: 3),
            BadCase(name: "overlong 2-byte C0 AF", bytes: [0x61, 0xC0, 0xAF], offset: 1, line: 1, column: 2),
            BadCase(name: "overlong 2-byte C1 BF", bytes: [0x61, 0xC1, 0xBF], offset: 1, line: 1, column: 2),
            BadCase(name: "overlong 3-byte", bytes: [0x61, 0xE0, 0x80, 0xAF], offset: 1, line: 1, column: 2),
            BadCase(name: "overlong 4-byte", bytes: [0x61, 0xF0, 0x80, 0x80, 0xAF], offset: 1, line: 1, column: 2),
            BadCase(name: "surrogate U+D800", bytes: [0x61, 0xED, 0xA0, 0x80], offset: 1, line: 1, column: 2),
            BadCase(name: "surrogate U+DFFF", bytes: [0x61, 0xED, 0xBF, 0xBF], offset: 1, line: 1, column: 2),
            BadCase(
                name: "above U+10FFFF (F4 90)", bytes: [0x61, 0xF4, 0x90, 0x80, 0x80], offset: 1, line: 1, column: 2),
            BadCase(name: "F5 lead", bytes: [0x61, 0xF5, 0x80, 0x80, 0x80], offset: 1, line: 1, column: 2),
            BadCase(name: "truncated at end", bytes: Array("x\n€".utf8.dropLast()), offset: 2, line: 2, column: 1),
            BadCase(name: "truncated before ASCII", bytes: [0x61, 0xE2, 0x82, 0x41], offset: 1, line: 1, column: 2),
            BadCase(name: "truncated 4-byte", bytes: [0x61, 0xF0, 0x9F, 0x98, 0x41], offset: 1, line: 1, column: 2),
            BadCase(
                name: "after the 8-byte fast path", bytes: Array("abcdefghijklmnop".utf8) + [0xFE], offset: 16, line: 1,
                column: 17),
            BadCase(
                name: "after emoji on line 3", bytes: Array("{\n\n😀😀 \"".utf8) + [0xC3, 0x28], offset: 13, line: 3,
                column: 5),
        ]

        @Test("invalid UTF-8 is reported at its first bad byte", arguments: badCases)
        func invalidUTF8(_ bad: BadCase) {
            #expect(
                throws: SyntaxError(
                    at: SourcePosition(line: bad.line, column: bad.column),
                    "the file is not valid UTF-8: byte \(SourceText.hex(bad.bytes[bad.offset])) at byte offset \(bad.offset) "
                        + "does not start a valid character",
                    hint: "save the file as UTF-8")
            ) {
                try SourceText.decode(bad.bytes)
            }
        }

        @Test("the message names the byte and its offset")
        func messageText() throws {
            let error = try #require(throws: SyntaxError.self) { try SourceText.decode([0x7B, 0x0A, 0x20, 0xFF]) }
            #expect(error.position == SourcePosition(line: 2, column: 2))
            #expect(
                error.message
                    == "the file is not valid UTF-8: byte 0xFF at byte offset 3 does not start a valid character")
            #expect(error.hint == "save the file as UTF-8")
        }

        @Test(
            "well-formed boundaries decode",
            arguments: [
                [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
                [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            ] as [[UInt8]])
        func boundaries(_ bytes: [UInt8]) throws {
            let text = try SourceText.decode(Array("x".utf8) + bytes)
            #expect(text == "x" + String(decoding: bytes, as: UTF8.self))
            #expect(text.unicodeScalars.count == 2)
        }

        @Test("decodes text and strips a BOM")
        func decodesAndStripsBOM() throws {
            #expect(try SourceText.decode(Array("héllo\n".utf8)) == "héllo\n")
            #expect(try SourceText.decode([0xEF, 0xBB, 0xBF] + Array("a: 1".utf8)) == "a: 1")
            // Only a leading BOM is dropped.
            #expect(try SourceText.decode(Array("a\u{FEFF}".utf8)) == "a\u{FEFF}")
        }

        @Test(
            "an empty or blank file is rejected at 1:1",
            arguments: [
                [], Array(" ".utf8), Array(" \n\t\r\n  ".utf8), [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x0A],
            ] as [[UInt8]])
        func empty(_ bytes: [UInt8]) {
            #expect(throws: SyntaxError(at: .start, "file is empty")) { try SourceText.decode(bytes) }
        }

        @Test("agrees with the standard library on random bytes, including the offset of the first error")
        func agreesWithStandardLibrary() throws {
            var generator = SplitMix64(seed: 0x5EED_0001)
            let pieces: [[UInt8]] = [
                Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x80], [0xBF], [0xC0], [0xC2],
                [0xE0], [0xE0, 0xA0], [0xED], [0xED, 0xA0], [0xF0], [0xF0, 0x90], [0xF4], [0xF4, 0x90], [0xF5], [0xFF],
                Array("abcdefgh".utf8),
            ]
            for _ in 0..<5000 {
                var bytes: [UInt8] = Array("x".utf8)
                for _ in 0..<Int.random(in: 0...12, using: &generator) {
                    bytes += pieces.randomElement(using: &generator) ?? []
                }
                let expectedOffset = Self.firstErrorOffset(bytes)
                do {
                    let text = try SourceText.decode(bytes)
                    #expect(expectedOffset == nil, "accepted \(bytes)")
                    #expect(Array(text.utf8) == bytes)
                } catch {
                    let offset = try #require(expectedOffset, "rejected valid \(bytes)")
                    #expect(error.message.contains("at byte offset \(offset) "), "\(bytes): \(error.message)")
                }
            }
        }

        /// Where the standard library's UTF-8 decoder finds its first error.
        static func firstErrorOffset(_ bytes: [UInt8]) -> Int? {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded): offset += encoded.count
                case .error: return offset
                case .emptyInput: return nil
                }
            }
        }
    }
}
