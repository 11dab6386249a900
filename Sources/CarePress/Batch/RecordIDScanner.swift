/// Finds a record's id without parsing the whole file, so a build knows which records claim which report files
/// before it renders any.
///
/// For a valid record the result is exactly the id the loader reads (the same string decoding, escapes and all).
/// For a broken file it may be nil or a guess: that is harmless, because only valid records can own a report file,
/// and a wrong guess only makes the build load that record before settling who owns the file.
enum RecordIDScanner {
    /// The string value of the top-level `"id"` member, if the bytes start like a JSON object that has one.
    static func id(in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let start = try? SourceText.validate(buffer) else { return nil }
            var parser = JSONByteParser(base: base, count: buffer.count, contentStart: start)
            return parser.topLevelString(forKey: "id")
        }
    }
}

extension JSONByteParser {
    /// Scans the top-level object's members, skipping values, until a member named `key` with a string value.
    mutating func topLevelString(forKey key: String) -> String? {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while true {
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: "\""), let name = try? parseString() else { return nil }
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard index < end else { return nil }
            if name == key {
                guard base[index] == UInt8(ascii: "\"") else { return nil }
                return try? parseString()
            }
            guard skipValue() else { return nil }
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// Moves past the value at `index` without building it; false at anything that cannot be skipped.
    mutating func skipValue() -> Bool {
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

    /// Moves past the string whose opening quote is at `index`.
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
