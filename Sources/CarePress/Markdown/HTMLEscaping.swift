/// HTML escaping by Unicode scalars, never by `Character`s.
///
/// Swift's `Character` is a grapheme cluster: a combining mark after `>` or a prepended mark such as U+0600
/// before `<` glues the bracket into a larger `Character`, so an escaper that looks characters up in a table
/// misses it (swift-mustache's own HTML escaping does). Walking scalars sees every `<`, `>`, `&`, `"` and `'`.
public enum HTMLEscaping {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by the entities swift-mustache uses, so it is safe in
    /// element content and in quoted attribute values.
    public static func escaped(_ text: String) -> String {
        // Fast path: most values contain nothing to escape; every byte that matters is ASCII, and in UTF-8 an
        // ASCII byte is always a whole scalar, so a byte scan is a scalar scan.
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends the UTF-8 of `escaped(text)` to `output`, with no `String` made on the way.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices where needsEscaping(utf8[index]) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch utf8[index] {
                case UInt8(ascii: "&"): output += "&amp;".utf8
                case UInt8(ascii: "<"): output += "&lt;".utf8
                case UInt8(ascii: ">"): output += "&gt;".utf8
                case UInt8(ascii: "\""): output += "&quot;".utf8
                default: output += "&#39;".utf8
                }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
