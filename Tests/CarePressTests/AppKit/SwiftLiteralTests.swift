import CarePress
import CarePressTestSupport
import Testing

/// Generated string literals hold exactly their value: the escapes a compiler needs, nothing an editor could
/// show differently from what the compiler reads. (The CLI tests compile hostile literals with swiftc.)
@Suite("Swift string literals")
struct SwiftLiteralTests {
    @Test(
        "Each dangerous character is escaped",
        arguments: [
            ("say \"hi\"", #""say \"hi\"""#),
            (#"C:\path"#, #""C:\\path""#),
            (#"\(exit(1))"#, #""\\(exit(1))""#),
            ("two\nlines\r\n", #""two\nlines\r\n""#),
            ("tab\tNUL\0", #""tab\tNUL\0""#),
            ("\u{202E}gnp.exe", #""\u{202E}gnp.exe""#),
            ("\u{2066}\u{2069}\u{200F}\u{FEFF}", #""\u{2066}\u{2069}\u{200F}\u{FEFF}""#),
            ("\u{2028}\u{2029}\u{85}\u{7F}\u{1}", #""\u{2028}\u{2029}\u{85}\u{7F}\u{1}""#),
            ("\"\u{301}", #""\"\u{301}""#),
            ("Caf\u{E9} \u{1F600}", #""Caf\u{E9} \u{1F600}""#),
            ("\"\"\"", #""\"\"\"""#),
            ("#\"raw\"#", ##""#\"raw\"#""##),
            ("", #""""#),
        ])
    func escapes(text: String, literal: String) {
        #expect(SwiftLiteral.string(text) == literal)
    }

    @Test func anOptionalIsItsLiteralOrNil() {
        #expect(SwiftLiteral.string(String?.none) == "nil")
        #expect(SwiftLiteral.string(String?.some("a\"b")) == #""a\"b""#)
    }

    /// A literal is printable ASCII on one line, and reading it back (as Swift's lexer does) gives every scalar.
    @Test func randomTextRoundTripsThroughTheLiteral() throws {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "(", ")", "#", "\n", "\r", "\t", "\0", "\u{1}", "\u{1F}", "\u{7F}",
            "\u{85}", "\u{A0}", "\u{E9}", "\u{301}", "\u{200B}", "\u{200D}", "\u{202A}", "\u{202E}", "\u{2066}",
            "\u{2069}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{E000}", "\u{5D0}", "\u{627}", "\u{D55C}",
            "\u{1F600}", "\u{1F3FD}", "\u{10FFFF}",
        ]
        var random = SplitMix64(seed: 13)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let value = String(text)
            let literal = SwiftLiteral.string(value)
            #expect(literal.unicodeScalars.allSatisfy { (" "..."~").contains($0) }, "\(literal) is printable ASCII")
            let read = try #require(Self.read(literal), "\(literal) reads back")
            #expect(Array(read.unicodeScalars) == Array(value.unicodeScalars))
        }
    }

    /// Reads a literal with the escapes SwiftLiteral writes; nil if it is not one.
    static func read(_ literal: String) -> String? {
        var scalars = Array(literal.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
        scalars = Array(scalars.dropFirst().dropLast())
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return nil }  // an unescaped quote would end the literal early
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard index < scalars.count else { return nil }
            let escape = scalars[index]
            index += 1
            switch escape {
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "0": result.append("\0")
            case "u":
                guard index < scalars.count, scalars[index] == "{",
                    let close = scalars[index...].firstIndex(of: "}"),
                    let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                result.append(decoded)
                index = close + 1
            default: return nil
            }
        }
        return String(result)
    }
}
