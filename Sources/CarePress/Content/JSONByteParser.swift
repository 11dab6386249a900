/// The recursive-descent machinery of `JSONParser`: parsing state over a validated UTF-8 buffer.
///
/// Lines only break in whitespace and non-ASCII bytes only occur inside strings (anything else is
/// an error), so the column is tracked incrementally: the byte distance from the start of the line
/// minus the UTF-8 continuation bytes seen on the line.
///
/// Two ways in: `parseDocument()` builds the whole tree; the streaming API (`enterObject()`, `nextKey()`,
/// `readString()`, `skipValue()`) walks an object's members without building anything, for scanners such as
/// `RecordIDScanner`. The cursor and the rest of the state are private to this file.
struct JSONByteParser {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private let contentStart: Int
    private var index: Int
    private var line = 1
    private var lineStart: Int
    private var continuations = 0
    private var depth = 0
    private var scratch: [UInt8] = []

    init(base: UnsafePointer<UInt8>, count: Int, contentStart: Int) {
        self.base = base
        self.end = count
        self.contentStart = contentStart
        self.index = contentStart
        self.lineStart = contentStart
    }

    // MARK: Positions

    /// The position of the byte at `index`.
    @inline(__always)
    var position: SourcePosition {
        SourcePosition(line: line, column: index - lineStart - continuations + 1)
    }

    /// The position of any byte, computed from the start of the file (for error paths only).
    func position(of offset: Int) -> SourcePosition {
        SourceText.position(
            in: UnsafeBufferPointer(start: base, count: end), contentStart: contentStart, offset: offset)
    }

    func error(at offset: Int, _ message: String, hint: String? = nil) -> SyntaxError {
        SyntaxError(at: position(of: offset), message, hint: hint)
    }

    // MARK: Structure

    mutating func parseDocument() throws(SyntaxError) -> ContentNode {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < end {
            throw unexpected("unexpected content after the JSON value")
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
            } else if byte == 0x0A {
                index += 1
                line += 1
                lineStart = index
                continuations = 0
            } else {
                return
            }
        }
    }

    /// Parses the value at `index`; whitespace before it has been skipped.
    mutating func parseValue() throws(SyntaxError) -> ContentNode {
        guard index < end else {
            throw error(at: index, "expected a value, found end of file")
        }
        let start = position
        switch base[index] {
        case UInt8(ascii: "\""):
            return ContentNode(.string(try parseString()), at: start)
        case UInt8(ascii: "{"):
            return try parseObject(at: start)
        case UInt8(ascii: "["):
            return try parseArray(at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return ContentNode(try parseNumber(), at: start)
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return ContentNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return ContentNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return ContentNode(.null, at: start)
        default:
            throw valueExpected()
        }
    }

    mutating func parseLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        guard index + count <= end else { throw valueExpected() }
        for offset in 0..<count where base[index + offset] != text[offset] {
            throw valueExpected()
        }
        if index + count < end, Self.isWordByte(base[index + count]) {
            throw valueExpected()
        }
        index += count
    }

    mutating func parseObject(at start: SourcePosition) throws(SyntaxError) -> ContentNode {
        let open = index
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw error(at: open, "arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep")
        }
        index += 1
        var members: [ContentNode.Member] = []
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return ContentNode(.object(members), at: start)
        }
        // Room for a record's usual object (a message, an answer, a patient) at once: growing from empty took three
        // allocations for four members.
        members.reserveCapacity(4)
        while true {
            guard index < end, base[index] == UInt8(ascii: "\"") else {
                throw keyExpected(open: open)
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: ":") else {
                throw unexpected("expected ':' after object key", open: open)
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(ContentNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < end else {
                throw unexpected("expected ',' or '}' after object member", open: open)
            }
            let byte = base[index]
            if byte == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "}") {
                    throw error(at: comma, "trailing comma is not allowed in JSON")
                }
            } else if byte == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return ContentNode(.object(members), at: start)
            } else {
                throw unexpected("expected ',' or '}' after object member", open: open)
            }
        }
    }

    mutating func parseArray(at start: SourcePosition) throws(SyntaxError) -> ContentNode {
        let open = index
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw error(at: open, "arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep")
        }
        index += 1
        var elements: [ContentNode] = []
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return ContentNode(.array(elements), at: start)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < end else {
                throw unexpected("expected ',' or ']' after array element", open: open)
            }
            let byte = base[index]
            if byte == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "]") {
                    throw error(at: comma, "trailing comma is not allowed in JSON")
                }
            } else if byte == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return ContentNode(.array(elements), at: start)
            } else {
                throw unexpected("expected ',' or ']' after array element", open: open)
            }
        }
    }

    // MARK: Streaming

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

    // MARK: Strings

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

    // MARK: Numbers

    /// Parses a number with the exact JSON grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    mutating func parseNumber() throws(SyntaxError) -> ContentNode.Value {
        let start = index
        var cursor = index
        let negative = base[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        guard cursor < end, Self.isDigit(base[cursor]) else {
            throw valueExpected()
        }
        var mantissa: UInt64 = 0
        var digits = 0
        if base[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < end, Self.isDigit(base[cursor]) {
                throw error(at: start, "numbers must not have leading zeros")
            }
        } else {
            while cursor < end, Self.isDigit(base[cursor]) {
                mantissa = mantissa &* 10 &+ UInt64(base[cursor] &- UInt8(ascii: "0"))
                digits += 1
                cursor += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        if cursor < end, base[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            guard cursor < end, Self.isDigit(base[cursor]) else {
                throw error(at: cursor, "expected a digit after the decimal point")
            }
            while cursor < end, Self.isDigit(base[cursor]) {
                mantissa = mantissa &* 10 &+ UInt64(base[cursor] &- UInt8(ascii: "0"))
                digits += 1
                fractionDigits += 1
                cursor += 1
            }
        }
        var exponent = 0
        if cursor < end, base[cursor] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            var exponentNegative = false
            if cursor < end, base[cursor] == UInt8(ascii: "+") || base[cursor] == UInt8(ascii: "-") {
                exponentNegative = base[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            guard cursor < end, Self.isDigit(base[cursor]) else {
                throw error(at: cursor, "expected a digit in the exponent")
            }
            while cursor < end, Self.isDigit(base[cursor]) {
                if exponent < 100_000 {
                    exponent = exponent * 10 + Int(base[cursor] &- UInt8(ascii: "0"))
                }
                cursor += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        index = cursor
        if isInteger, digits <= 18 {
            let magnitude = Int(truncatingIfNeeded: mantissa)
            return .integer(negative ? -magnitude : magnitude)
        }
        let text = UnsafeBufferPointer(start: base + start, count: cursor - start)
        if isInteger, let value = Int(String(decoding: text, as: UTF8.self)) {
            return .integer(value)
        }
        // Exact when the digits fit in a Double's 53 bits and the power of ten is exact too.
        let decimalExponent = exponent - fractionDigits
        if digits <= 19, mantissa <= 1 << 53, (-22...22).contains(decimalExponent) {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= Self.powersOfTen[-decimalExponent]
            } else {
                value *= Self.powersOfTen[decimalExponent]
            }
            return .number(negative ? -value : value)
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw error(at: start, "number is too large")
        }
        return .number(value)
    }

    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Bytes that make up a bare word, for quoting what was found instead of a value.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    // MARK: Errors

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
