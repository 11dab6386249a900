/// The recursive-descent machinery of `JSONParser`: parsing state over a validated UTF-8 buffer.
///
/// Lines only break in whitespace and non-ASCII bytes only occur inside strings (anything else is
/// an error), so the column is tracked incrementally: the byte distance from the start of the line
/// minus the UTF-8 continuation bytes seen on the line.
///
/// Two ways in: `parseDocument()` builds the whole tree; the streaming API (`enterObject()`, `nextKey()`,
/// `readString()`, `skipValue()`) walks an object's members without building anything, for scanners such as
/// `RecordIDScanner`. The cursor and the rest of the state belong to this file and its extensions
/// (`JSONByteParser+Streaming`, `+Strings`, `+Numbers`, `+Errors`); other code uses the two ways in.
struct JSONByteParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    let contentStart: Int
    var index: Int
    var line = 1
    var lineStart: Int
    var continuations = 0
    var depth = 0
    var scratch: [UInt8] = []

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
}
