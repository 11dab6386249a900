/// The error wording: what was found where a value, key or closing bracket was expected, and the hint that
/// explains the usual mistakes (comments, single quotes, NaN, capitalised literals, unclosed brackets).
extension JSONByteParser {
    /// What stands at `offset`, quoted for a message: a bare word, one character, or "end of file".
    func found(at offset: Int) -> String {
        guard offset < end else { return "end of file" }
        let byte = base[offset]
        if Self.isWordByte(byte) {
            var stop = offset
            while stop < end, stop - offset < 32, Self.isWordByte(base[stop]) {
                stop += 1
            }
            return "'"
                + String(decoding: UnsafeBufferPointer(start: base + offset, count: stop - offset), as: UTF8.self)
                + "'"
        }
        var length = 1
        if byte >= 0x80 {
            length = SourceText.sequenceLength(base, count: end, at: offset)
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + offset, count: max(length, 1)), as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "end of file" }
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format
        {
            return "character " + SourceText.codePoint(scalar)
        }
        return "'\(text)'"
    }

    /// The error for a place where a value should start.
    func valueExpected() -> SyntaxError {
        if let special = commentOrSingleQuote() { return special }
        let what = found(at: index)
        let hint: String?
        switch what {
        case "'NaN'", "'Infinity'", "'-Infinity'", "'+Infinity'", "'inf'", "'-inf'", "'nan'":
            hint = "JSON has no NaN or Infinity; use null or a string"
        case "'True'", "'TRUE'", "'False'", "'FALSE'", "'Null'", "'NULL'", "'None'", "'nil'", "'undefined'":
            hint = "JSON literals are lowercase: true, false, null"
        default:
            if what.hasPrefix("'+") {
                hint = "JSON numbers have no '+' sign"
            } else if what.hasPrefix("'.") || what.hasPrefix("'-.") {
                hint = "write a digit before the decimal point, as in 0.5"
            } else if what.count > 2, let first = what.dropFirst().first, first.isLetter {
                hint = "JSON strings are written in double quotes"
            } else {
                hint = nil
            }
        }
        return error(at: index, "expected a value, found \(what)", hint: hint)
    }

    /// The error for a place where an object key should start.
    func keyExpected(open: Int) -> SyntaxError {
        if let special = commentOrSingleQuote() { return special }
        let what = found(at: index)
        return error(
            at: index, "expected a key in double quotes, found \(what)",
            hint: index < end ? "JSON object keys are strings in double quotes" : unclosedHint(open))
    }

    /// The error for anything unexpected at `index`, with `message` unless a comment or single quote explains it.
    func unexpected(_ message: String, open: Int? = nil) -> SyntaxError {
        if let special = commentOrSingleQuote() { return special }
        let hint = index >= end ? open.map(unclosedHint) : nil
        return error(at: index, message, hint: hint)
    }

    func unclosedHint(_ open: Int) -> String {
        let bracket = base[open] == UInt8(ascii: "{") ? "{" : "["
        return "the '\(bracket)' at \(position(of: open)) is never closed"
    }

    /// The error for a comment or a single-quoted string at `index`, if that is what stands there.
    func commentOrSingleQuote() -> SyntaxError? {
        guard index < end else { return nil }
        let byte = base[index]
        if byte == UInt8(ascii: "/"), index + 1 < end,
            base[index + 1] == UInt8(ascii: "/") || base[index + 1] == UInt8(ascii: "*")
        {
            return error(at: index, "comments are not allowed in JSON")
        }
        if byte == UInt8(ascii: "'") {
            return error(
                at: index, "single quotes are not allowed in JSON", hint: "JSON strings use double quotes")
        }
        return nil
    }

    func unterminatedString(quote: Int) -> SyntaxError {
        error(at: quote, "unterminated string", hint: "add the closing '\"'")
    }

    func controlCharacter(at offset: Int, quote: Int) -> SyntaxError {
        let byte = base[offset]
        if byte == 0x0A || byte == 0x0D {
            return error(
                at: quote, "unterminated string",
                hint: "a JSON string cannot contain a line break; write \\n for one")
        }
        let escape: String
        switch byte {
        case 0x09: escape = "\\t"
        case 0x08: escape = "\\b"
        case 0x0C: escape = "\\f"
        default: escape = "\\u00" + String(SourceText.hex(byte).dropFirst(2))
        }
        return error(
            at: offset,
            "control character \(SourceText.codePoint(Unicode.Scalar(byte))) is not allowed in a string",
            hint: "write it as \(escape)")
    }

    func loneSurrogate(_ unit: UInt16, at backslash: Int) -> SyntaxError {
        let hex = String(unit, radix: 16, uppercase: true)
        return error(
            at: backslash, "lone surrogate \\u\(hex) in string",
            hint: "\\uD800 to \\uDFFF are only valid as a high-low pair encoding one character")
    }
}
