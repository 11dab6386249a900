import CarePress

/// Parsed JSON written back as JSON, and compared as JSON values, for the parse/print round trip.
public enum JSONTree {
    /// The tree as a `JSONValue`, members in source order (duplicates kept).
    public static func value(of node: ContentNode) -> JSONValue {
        switch node.value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let items): .array(items.map(value(of:)))
        case .object(let members): .object(members.map { ($0.key, value(of: $0.value)) })
        }
    }

    /// Whether two trees hold the same JSON: strings and keys equal scalar for scalar (not merely canonically
    /// equivalent), numbers equal as numbers (`3` and `3.0` are the same number), members in the same order.
    public static func same(_ a: ContentNode, _ b: ContentNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { m, n in
                    m.key.unicodeScalars.elementsEqual(n.key.unicodeScalars) && same(m.value, n.value)
                }
        default:
            guard let x = number(a), let y = number(b) else { return false }
            return x == y
        }
    }

    private static func number(_ node: ContentNode) -> Double? {
        switch node.value {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
