/// HTML escaping by Unicode scalars, never by `Character`s.
///
/// Swift's `Character` is a grapheme cluster: a combining mark after `>` or a prepended mark such as U+0600
/// before `<` glues the bracket into a larger `Character`, so an escaper that looks characters up in a table
/// misses it (swift-mustache's own HTML escaping does). Walking scalars sees every `<`, `>`, `&`, `"` and `'`.
public enum HTMLEscaping {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by the entities swift-mustache uses, so it is safe in
    /// element content and in quoted attribute values.
    public static func escaped(_ text: String) -> String {
        let utf8 = text.utf8
        // Fast path: most values contain nothing to escape; every byte that matters is ASCII, and in UTF-8 an
        // ASCII byte is always a whole scalar, so a byte scan is a scalar scan.
        guard utf8.contains(where: needsEscaping) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#39;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
