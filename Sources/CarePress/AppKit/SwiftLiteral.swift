/// Swift source text for values, so that generated code holds exactly the text of the knowledge store.
public enum SwiftLiteral {
    /// A one-line, double-quoted string literal whose value is exactly `text`, scalar for scalar.
    ///
    /// The literal is plain ASCII: printable ASCII stays as it is, `"` and `\` are escaped (so `\(` cannot start an
    /// interpolation and nothing ends the literal early), tab, line feed, carriage return and NUL take their short
    /// escapes, and every other scalar is written as `\u{…}`: controls, line and paragraph separators, bidi and
    /// other format characters, combining marks, and all text outside ASCII. An editor therefore shows the
    /// literal exactly as the compiler reads it (no Trojan Source reordering, no mark glued to a quote), and
    /// Swift never normalises the escaped scalars, so the value round-trips byte for byte.
    public static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result + "\""
    }

    /// An optional string: its literal, or `nil`.
    public static func string(_ text: String?) -> String {
        text.map { string($0) } ?? "nil"
    }
}
