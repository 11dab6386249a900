/// Text from content made safe to print on a terminal: control characters are written as escapes, so a record
/// can neither send terminal escape sequences nor forge a line of output.
///
/// Escaped are the C0 controls (`\n`, `\r`, `\t`, others as `\u{1B}`), DEL, the C1 controls, the bidirectional
/// formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line and paragraph
/// separators (U+2028, U+2029). Everything else, including a backslash, is kept as it is.
public enum DisplayText {
    /// `text` with every control character written as an escape; `text` itself when it has none.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Whether a scalar is written as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A file name read from disk as bytes: the name itself when it is UTF-8 (escaped as above), else its valid
    /// UTF-8 parts with every other byte written `\xFF`, so that names that differ in such bytes look different.
    public static func fileName(bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
        var result = ""
        var offset = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            let width = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : 4
            if offset + width <= bytes.count,
                let scalar = String(validating: bytes[offset..<(offset + width)], as: UTF8.self)
            {
                result += escaped(scalar)
                offset += width
            } else {
                result += "\\x" + (lead < 16 ? "0" : "") + String(lead, radix: 16, uppercase: true)
                offset += 1
            }
        }
        return result
    }
}
