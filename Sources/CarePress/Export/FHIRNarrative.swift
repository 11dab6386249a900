/// A resource's generated narrative (`text`): paragraphs of escaped text in an XHTML `div`, status `generated`.
///
/// Untrusted text stays text: `&`, `<`, `>`, `"` and `'` are escaped as in every page CarePress writes, and the
/// characters XML 1.0 cannot hold (control characters but tab, line feed and carriage return; U+FFFE, U+FFFF)
/// become U+FFFD, so the `div` is always well-formed XHTML.
enum FHIRNarrative {
    /// The narrative of paragraphs, each one line of plain text; an empty list says so rather than being empty.
    static func text(_ paragraphs: [String]) -> JSONValue {
        let lines = paragraphs.isEmpty ? ["(nothing recorded)"] : paragraphs
        let body = lines.map { "<p>" + escaped($0) + "</p>" }.joined()
        return .object([
            ("status", .string("generated")),
            ("div", .string(#"<div xmlns="http://www.w3.org/1999/xhtml">"# + body + "</div>")),
        ])
    }

    /// Text escaped for XHTML element content.
    static func escaped(_ text: String) -> String {
        var clean = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let allowed = value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D
            clean.unicodeScalars.append(allowed && value != 0xFFFE && value != 0xFFFF ? scalar : "\u{FFFD}")
        }
        return HTMLEscaping.escaped(clean)
    }
}
