import CarePress
import Testing

/// `MarkdownEscaping.escaped` copies runs and returns unchanged text as it is; it must give exactly what escaping one
/// byte at a time gives.
@Suite("Markdown escaping fast path")
struct MarkdownEscapingFastPathTests {
    /// The byte-at-a-time escaping `escaped` was first written as.
    static func oneByteAtATime(_ text: String) -> String {
        let utf8 = Array(text.utf8)
        func isEdge(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let leadingEnd = utf8.firstIndex { !isEdge($0) } ?? utf8.count
        let trailingStart = (utf8.lastIndex { !isEdge($0) } ?? -1) + 1
        var marker = -1
        if leadingEnd < utf8.count {
            switch utf8[leadingEnd] {
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="): marker = leadingEnd
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = leadingEnd
                while end < utf8.count, end - leadingEnd < 10, (48...57).contains(utf8[end]) { end += 1 }
                marker = end - leadingEnd <= 9 && end < utf8.count && utf8[end] == UInt8(ascii: ".") ? end : -1
            default: break
            }
        }
        var output: [UInt8] = []
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let atEdge = index < leadingEnd || index >= trailingStart
            if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBB, utf8[index + 2] == 0xBF {
                output += "&#65279;".utf8
                index += 3
                continue
            }
            if index == marker {
                output += [UInt8(ascii: "\\"), byte]
            } else {
                switch byte {
                case 0x00: output += [0xEF, 0xBF, 0xBD]
                case 0x09 where atEdge: output += "&#9;".utf8
                case 0x20 where atEdge: output += "&#32;".utf8
                case 0x0A, 0x0B, 0x0C, 0x0D: output += "&#\(byte);".utf8
                case _ where "\\`*_[]()<>&!#|~{}".utf8.contains(byte): output += [UInt8(ascii: "\\"), byte]
                default: output.append(byte)
                }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func randomTextEscapesAsOneByteAtATime() {
        let pieces = [
            "a", "Zoë", " ", "  ", "\t", "\n", "\r\n", "-", "+", "=", "1.", "12", ".", "*", "_", "#", "&amp;", "<b>",
            "\u{FEFF}", "\u{0}", "👩🏽‍⚕️", "ألم", "\\", "`", "[x](y)", "!", "|", "~", "{", "}", "e\u{301}", "\u{EF}",
        ]
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<20_000 {
            let text = (0..<(next() % 8)).map { _ in pieces[next() % pieces.count] }.joined()
            #expect(MarkdownEscaping.escaped(text) == Self.oneByteAtATime(text), "\(Array(text.utf8))")
        }
    }

    /// Every ASCII character, and non-ASCII scalars whose UTF-8 bytes lie at the ends of their ranges (0xEF, which
    /// starts a byte order mark, among them), inside a run and at the edges: each byte's class is read from bit masks.
    @Test func everyByteValueEscapesAsOneByteAtATime() {
        let scalars =
            (0..<128).compactMap(Unicode.Scalar.init) + [
                "\u{80}", "\u{7FF}", "\u{800}", "\u{EFFF}", "\u{F000}", "\u{FEFF}", "\u{FFFD}", "\u{10000}",
                "\u{10FFFF}",
            ]
        for scalar in scalars {
            for text in ["a\(scalar)b", String(scalar), "\(scalar)\(scalar)x"] {
                #expect(MarkdownEscaping.escaped(text) == Self.oneByteAtATime(text), "\(Array(text.utf8))")
            }
        }
    }
}
