import CarePress
import CarePressTestSupport
import PropertyBased
import Testing

/// HTML escaping by scalars, as properties of random text made mostly of what makes or hides markup.
@Suite("HTML escaping properties")
struct HTMLEscapingPropertyTests {
    /// Markup, entities, and marks that glue themselves to a neighbouring bracket or quote.
    static let hostile: [Unicode.Scalar] = [
        "<", ">", "&", "\"", "'", ";", "#", "x", "/", "=", " ", "\u{301}", "\u{600}", "\u{200D}", "\u{FE0F}",
        "\u{1F469}", "\u{0}", "\u{1B}", "\u{2028}", "\u{FEFF}",
    ]

    /// A scalar: a hostile one, an ASCII one, or any other.
    static let scalar = Gen<Unicode.Scalar>.oneOf(
        Gen<Unicode.Scalar?>.element(of: hostile).map { $0 ?? "<" },
        Gen<Unicode.Scalar>.unicodeScalar(in: "\u{0}"..."\u{7F}"),
        Gen<UInt32>.value(in: 0x80...0x10_FFFF).map { Unicode.Scalar($0) ?? "\u{FFFD}" }
    )

    /// Text of up to 40 such scalars.
    static let text = scalar.array(of: 0...40).map { String(String.UnicodeScalarView($0)) }

    @Test("escaped text has no <, >, \" or ' scalar, whatever marks are glued to them")
    func noMarkupLeft() async {
        await propertyCheck(count: 2_000, input: Self.text) { text in
            let escaped = HTMLEscaping.escaped(text)
            #expect(
                !escaped.unicodeScalars.contains { ["<", ">", "\"", "'"].contains($0) }, "\(escaped.debugDescription)")
        }
    }

    @Test("decoding the five entities gives back the same bytes")
    func roundTrip() async {
        await propertyCheck(count: 2_000, input: Self.text) { text in
            #expect(HTMLUnescaping.bytes(of: HTMLEscaping.escaped(text)) == Array(text.utf8))
        }
    }

    @Test("text without & < > \" ' comes back unchanged, scalar for scalar")
    func plainTextUnchanged() async {
        let plain = Self.text.map { text in
            String(String.UnicodeScalarView(text.unicodeScalars.filter { !["&", "<", ">", "\"", "'"].contains($0) }))
        }
        await propertyCheck(count: 1_000, input: plain) { text in
            #expect(Array(HTMLEscaping.escaped(text).utf8) == Array(text.utf8))
        }
    }
}
