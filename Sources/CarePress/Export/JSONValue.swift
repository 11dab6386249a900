/// A JSON document built in memory for an export, written out deterministically.
///
/// Objects keep their members in the order they were built (FHIR resources read best with `resourceType`
/// first); `text(sortedKeys: true)` sorts them instead, for the `json` export.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int)
    /// A number that may have a fraction; whole values are written without one.
    case number(Double)
    /// A string, written with only the escapes JSON requires.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Members in the order given; keys are expected to be unique.
    case object([(String, JSONValue)])

    /// A string, or null when there is none.
    static func string(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// Pretty-printed text: two-space indentation, `"key": value`, a final newline, non-ASCII kept as UTF-8.
    public func text(sortedKeys: Bool) -> String {
        var output = ""
        write(to: &output, indent: 0, sortedKeys: sortedKeys)
        output.append("\n")
        return output
    }

    /// The member with a key, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Whether two values are the same, object members compared in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    private func write(to output: inout String, indent: Int, sortedKeys: Bool) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .integer(let value):
            output += String(value)
        case .number(let value):
            output += Self.numberText(value)
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                item.write(to: &output, indent: indent + 2, sortedKeys: sortedKeys)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let ordered = sortedKeys ? members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) } : members
            output += "{\n"
            for (index, member) in ordered.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.writeString(member.0, to: &output)
                output += ": "
                member.1.write(to: &output, indent: indent + 2, sortedKeys: sortedKeys)
                output += index == ordered.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// A finite number as JSON: whole values up to 2^53 as integers, others in Swift's shortest round-trip form.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value && abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// Writes a string literal, escaping only what JSON requires: `"`, `\` and control characters.
    static func writeString(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }
}
