/// Makes a PDF from Chromium the same bytes every time the same page is printed.
///
/// Chromium (Skia's PDF writer) has no switch for reproducible output. Printing one page twice gives files that
/// differ only in the document information dictionary's `/CreationDate` and `/ModDate` (the wall clock); newer or
/// other builds may also write a trailer `/ID`. This removes both dates (overwriting key and value with spaces, so no
/// byte moves and the cross-reference offsets stay right) and replaces the hex digits of each `/ID` string with a
/// digest of the rest of the file. Everything else Chromium writes depends only on the page, the fonts installed and
/// the Chromium version (which `/Creator` and `/Producer` name). Then `PDFAccessibility` appends what PDF/UA-1 asks
/// for (the header and footer as artifacts, an XMP packet), made from those bytes alone.
enum PDFNormalizer {
    /// The keys whose values are the time of printing.
    static let dateKeys: [[UInt8]] = [Array("CreationDate".utf8), Array("ModDate".utf8)]

    /// The bytes with the dates removed and the `/ID` made from the content.
    static func normalized(_ pdf: [UInt8]) -> [UInt8] {
        var bytes = pdf
        if let info = infoDictionaryStart(in: bytes) {
            for (start, end) in dateEntries(inDictionaryAt: info, of: bytes) {
                for index in start..<end { bytes[index] = UInt8(ascii: " ") }
            }
        }
        let ids = idStrings(in: bytes)
        guard !ids.isEmpty else { return PDFAccessibility.amended(bytes) }
        for range in ids {
            for index in range { bytes[index] = UInt8(ascii: "0") }
        }
        let digest = Array(ContentDigest(bytes).description.utf8)
        for range in ids {
            for (offset, index) in range.enumerated() { bytes[index] = digest[offset % digest.count] }
        }
        return PDFAccessibility.amended(bytes)
    }

    // MARK: Finding things

    /// Where the dictionary of the object the last `/Info n g R` names begins (its `<<`).
    static func infoDictionaryStart(in bytes: [UInt8]) -> Int? {
        guard let key = lastIndex(of: Array("/Info".utf8), in: bytes) else { return nil }
        var cursor = key + 5
        guard let number = readInteger(bytes, &cursor), let generation = readInteger(bytes, &cursor) else {
            return nil
        }
        skipWhitespace(bytes, &cursor)
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "R") else { return nil }
        let header = Array("\(number) \(generation) obj".utf8)
        var search = 0
        while let found = firstIndex(of: header, in: bytes, from: search) {
            search = found + 1
            guard found == 0 || !isDigit(bytes[found - 1]) else { continue }
            var position = found + header.count
            skipWhitespace(bytes, &position)
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<"),
                bytes[position + 1] == UInt8(ascii: "<")
            {
                return position
            }
        }
        return nil
    }

    /// The byte ranges (key through value) of the date entries at the top level of the dictionary at `start`.
    static func dateEntries(inDictionaryAt start: Int, of bytes: [UInt8]) -> [(Int, Int)] {
        var entries: [(Int, Int)] = []
        var depth = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: ">"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                depth -= 1
                index += 2
                if depth == 0 { return entries }
            } else if byte == UInt8(ascii: "(") {
                index = endOfLiteralString(bytes, from: index)
            } else if byte == UInt8(ascii: "<") {
                index = (bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1) + 1
            } else if byte == UInt8(ascii: "/") {
                var end = index + 1
                while end < bytes.count, !isDelimiter(bytes[end]), !isWhitespace(bytes[end]) { end += 1 }
                let name = Array(bytes[(index + 1)..<end])
                index = end
                guard depth == 1, dateKeys.contains(name) else { continue }
                skipWhitespace(bytes, &index)
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "(") {
                    index = endOfLiteralString(bytes, from: index)
                    entries.append((end - name.count - 1, index))
                } else if bytes[index] == UInt8(ascii: "<") {
                    index = (bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1) + 1
                    entries.append((end - name.count - 1, index))
                }
            } else {
                index += 1
            }
        }
        return entries
    }

    /// The ranges of the hex digits of the strings in the last `/ID [<…> <…>]`.
    static func idStrings(in bytes: [UInt8]) -> [Range<Int>] {
        guard let key = lastIndex(of: Array("/ID".utf8), in: bytes) else { return [] }
        var index = key + 3
        skipWhitespace(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return [] }
        index += 1
        var ranges: [Range<Int>] = []
        while index < bytes.count {
            skipWhitespace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { break }
            let start = index + 1
            var end = start
            while end < bytes.count, isHexDigit(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ">") else { return [] }
            ranges.append(start..<end)
            index = end + 1
        }
        return ranges
    }

    // MARK: Bytes

    /// The end of the literal string `(…)` that opens at `open` (nested parentheses, backslash escapes): just after
    /// its closing parenthesis, or the end of the bytes.
    static func endOfLiteralString(_ bytes: [UInt8], from open: Int) -> Int {
        var depth = 0
        var index = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return bytes.count
    }

    private static func readInteger(_ bytes: [UInt8], _ cursor: inout Int) -> Int? {
        skipWhitespace(bytes, &cursor)
        var value = 0
        let start = cursor
        while cursor < bytes.count, isDigit(bytes[cursor]), cursor - start < 12 {
            value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        return cursor > start ? value : nil
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ cursor: inout Int) {
        while cursor < bytes.count, isWhitespace(bytes[cursor]) { cursor += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        "()<>[]{}/%".utf8.contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle),
                index + needle.count == bytes.count || !isRegularNameByte(bytes[index + needle.count])
            {
                return index
            }
            index -= 1
        }
        return nil
    }

    /// Whether a byte continues a name (so `/ID` is not found inside `/IDTree`).
    private static func isRegularNameByte(_ byte: UInt8) -> Bool {
        !isDelimiter(byte) && !isWhitespace(byte)
    }
}
