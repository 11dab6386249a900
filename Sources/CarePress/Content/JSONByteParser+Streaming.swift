/// The streaming API of `JSONByteParser`: walks an object's members without building a tree, for scanners
/// such as `RecordIDScanner`.
extension JSONByteParser {
    /// Moves into the object at the cursor (after any whitespace); false when the value there is not an object.
    mutating func enterObject() -> Bool {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "{") else { return false }
        index += 1
        return true
    }

    /// The key of the next member of the object the cursor is in, with the cursor moved to its value; nil at the
    /// object's end, or at anything that is not a member.
    mutating func nextKey() -> String? {
        skipWhitespace()
        guard index < end else { return nil }
        if base[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
        guard index < end, base[index] == UInt8(ascii: "\""), let key = try? parseString() else { return nil }
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipWhitespace()
        return index < end ? key : nil
    }

    /// The string at the cursor, moving past it; nil when the value there is not a string.
    mutating func readString() -> String? {
        guard index < end, base[index] == UInt8(ascii: "\"") else { return nil }
        return try? parseString()
    }

    /// Moves past the value at the cursor without building it; false at anything that cannot be skipped.
    mutating func skipValue() -> Bool {
        guard index < end else { return false }
        switch base[index] {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < end {
                switch base[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            while index < end {
                switch base[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return true
                default: index += 1
                }
            }
            return true
        }
    }

    /// Moves past the string whose opening quote is at the cursor.
    private mutating func skipString() -> Bool {
        var cursor = skipPlainStringBytes(from: index + 1)
        while cursor < end {
            switch base[cursor] {
            case UInt8(ascii: "\""):
                index = cursor + 1
                return true
            case UInt8(ascii: "\\"):
                cursor = skipPlainStringBytes(from: min(cursor + 2, end))
            default:
                return false
            }
        }
        return false
    }
}
