/// Strings: the plain run of bytes, escapes (`\uXXXX` pairs included) and UTF-8 output.
extension JSONByteParser {
    /// Parses the string whose opening quote is at `index`.
    mutating func parseString() throws(SyntaxError) -> String {
        let quote = index
        let contentStart = index + 1
        let cursor = skipPlainStringBytes(from: contentStart)
        guard cursor < end else {
            throw unterminatedString(quote: quote)
        }
        let byte = base[cursor]
        if byte == UInt8(ascii: "\"") {
            index = cursor + 1
            return String(
                decoding: UnsafeBufferPointer(start: base + contentStart, count: cursor - contentStart),
                as: UTF8.self)
        } else if byte == UInt8(ascii: "\\") {
            return try parseEscapedString(quote: quote, contentStart: contentStart, cursor: cursor)
        }
        throw controlCharacter(at: cursor, quote: quote)
    }

    /// Finishes a string that has escapes, the first of which is at `cursor`.
    mutating func parseEscapedString(quote: Int, contentStart: Int, cursor start: Int) throws(SyntaxError)
        -> String
    {
        scratch.removeAll(keepingCapacity: true)
        var runStart = contentStart
        var cursor = start
        while true {
            // `cursor` is at a quote, a backslash, a control character or the end; copy the run before it.
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: cursor - runStart))
            guard cursor < end else {
                throw unterminatedString(quote: quote)
            }
            let byte = base[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                runStart = try parseEscape(at: cursor, quote: quote)
                cursor = skipPlainStringBytes(from: runStart)
            } else {
                throw controlCharacter(at: cursor, quote: quote)
            }
        }
    }

    /// The offset of the next quote, backslash or control character at or after `start` (or the end),
    /// counting the UTF-8 continuation bytes passed over for the column.
    @inline(__always)
    mutating func skipPlainStringBytes(from start: Int) -> Int {
        var cursor = start
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
            while cursor + 8 <= end {
                let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                if Self.needsAttention(word) { break }
                cursor += 8
            }
            guard cursor < end else { return end }
            let byte = base[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                return cursor
            }
            if byte & 0xC0 == 0x80 {
                continuations += 1
            }
            cursor += 1
        }
    }

    /// Appends the character of the escape at `backslash` to `scratch` and returns the offset after it.
    mutating func parseEscape(at backslash: Int, quote: Int) throws(SyntaxError) -> Int {
        guard backslash + 1 < end else { throw unterminatedString(quote: quote) }
        let code = base[backslash + 1]
        let simple: UInt8
        switch code {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try parseUnicodeEscape(at: backslash)
        default:
            if code < 0x20 || code >= 0x80 {
                throw error(
                    at: backslash, "invalid escape sequence in string",
                    hint: "write \\\\ for a backslash")
            }
            throw error(
                at: backslash, "invalid escape sequence '\\\(Character(Unicode.Scalar(code)))' in string",
                hint: "write \\\\ for a backslash")
        }
        scratch.append(simple)
        return backslash + 2
    }

    /// Handles `\uXXXX`, pairing surrogates; returns the offset after the escape (or pair).
    mutating func parseUnicodeEscape(at backslash: Int) throws(SyntaxError) -> Int {
        guard let unit = hexQuad(at: backslash + 2) else {
            throw error(at: backslash, "invalid \\u escape in string: expected four hexadecimal digits")
        }
        var scalarValue = UInt32(unit)
        var after = backslash + 6
        if (0xD800...0xDBFF).contains(unit) {
            guard after + 1 < end, base[after] == UInt8(ascii: "\\"), base[after + 1] == UInt8(ascii: "u"),
                let low = hexQuad(at: after + 2), (0xDC00...0xDFFF).contains(low)
            else {
                throw loneSurrogate(unit, at: backslash)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            after += 6
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw loneSurrogate(unit, at: backslash)
        }
        appendUTF8(scalarValue)
        return after
    }

    /// Appends the UTF-8 encoding of a scalar value (never a surrogate) to `scratch`.
    mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    func hexQuad(at offset: Int) -> UInt16? {
        guard offset + 4 <= end else { return nil }
        var value: UInt16 = 0
        for digitOffset in offset..<(offset + 4) {
            let byte = base[digitOffset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Whether any byte of `word` is a quote, a backslash, below 0x20 or non-ASCII.
    @inline(__always)
    static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs != 0
    }
}
