/// The lexical level of PDF syntax (ISO 32000-1 §7.2–7.3) over bytes: enough to find an object's dictionary entries
/// and a content stream's operators without building a tree of objects.
struct PDFLexer {
    let bytes: [UInt8]

    static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00: true
        default: false
        }
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: true
        default: false
        }
    }

    /// The index of the first byte after white space and comments.
    func skip(_ index: Int) -> Int {
        var index = index
        while index < bytes.count {
            if Self.isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else {
                break
            }
        }
        return index
    }

    /// The end of the regular token (a number, a keyword, or a name's characters) that starts at `index`.
    func regularEnd(_ index: Int) -> Int {
        var end = index
        while end < bytes.count, !Self.isWhitespace(bytes[end]), !Self.isDelimiter(bytes[end]) { end += 1 }
        return end
    }

    /// The end of the object that starts at `index` (after white space): a dictionary, array, string, name, number
    /// or keyword. An indirect reference `n g R` counts as three objects here.
    func objectEnd(_ start: Int) -> Int {
        var index = skip(start)
        guard index < bytes.count else { return bytes.count }
        switch bytes[index] {
        case UInt8(ascii: "("):
            return PDFNormalizer.endOfLiteralString(bytes, from: index)
        case UInt8(ascii: "<") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "<"):
            return containerEnd(index + 2, closing: UInt8(ascii: ">"), pair: true)
        case UInt8(ascii: "<"):
            return (bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1) + 1
        case UInt8(ascii: "["):
            return containerEnd(index + 1, closing: UInt8(ascii: "]"), pair: false)
        case UInt8(ascii: "/"):
            return regularEnd(index + 1)
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ">"):
            return index + 1
        default:
            return max(regularEnd(index), index + 1)
        }
    }

    private func containerEnd(_ start: Int, closing: UInt8, pair: Bool) -> Int {
        var index = skip(start)
        while index < bytes.count {
            if bytes[index] == closing {
                if !pair { return index + 1 }
                if index + 1 < bytes.count, bytes[index + 1] == closing { return index + 2 }
            }
            index = skip(objectEnd(index))
        }
        return bytes.count
    }

    /// The top-level entries of the dictionary whose `<<` is at `start`: each key (without its slash) and the range
    /// of its value (an indirect reference's three tokens together).
    func entries(ofDictionaryAt start: Int) -> [(key: String, value: Range<Int>)] {
        var found: [(key: String, value: Range<Int>)] = []
        var index = skip(start + 2)
        while index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            let keyEnd = regularEnd(index + 1)
            let key = String(decoding: bytes[(index + 1)..<keyEnd], as: UTF8.self)
            let valueStart = skip(keyEnd)
            var valueEnd = objectEnd(valueStart)
            if let referenceEnd = referenceEnd(after: valueStart) { valueEnd = referenceEnd }
            found.append((key, valueStart..<valueEnd))
            index = skip(valueEnd)
        }
        return found
    }

    /// The end of `n g R` when an indirect reference starts at `start`.
    func referenceEnd(after start: Int) -> Int? {
        guard integer(at: start) != nil else { return nil }
        let second = skip(regularEnd(start))
        guard integer(at: second) != nil else { return nil }
        let letter = skip(regularEnd(second))
        guard letter < bytes.count, bytes[letter] == UInt8(ascii: "R"), regularEnd(letter) == letter + 1 else {
            return nil
        }
        return letter + 1
    }

    /// The non-negative integer whose digits start at `start` and make a whole token.
    func integer(at start: Int) -> Int? {
        let end = regularEnd(start)
        guard end > start, end - start < 12 else { return nil }
        var value = 0
        for byte in bytes[start..<end] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The object number of the indirect reference in `range`.
    func referencedObject(_ range: Range<Int>) -> Int? {
        referenceEnd(after: range.lowerBound) != nil ? integer(at: range.lowerBound) : nil
    }
}
