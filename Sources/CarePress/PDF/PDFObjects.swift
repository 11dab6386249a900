/// The objects of a PDF that has one classic cross-reference table and no object streams (what Skia writes): where
/// each object starts, and the trailer's entries.
struct PDFObjects {
    let lexer: PDFLexer
    /// Object number → the offset of its `n g obj`.
    let offsets: [Int: Int]
    let size: Int
    let root: Int
    let info: Int?
    /// The trailer's `/ID` value, as written.
    let id: [UInt8]?
    let startXref: Int

    init?(_ bytes: [UInt8]) {
        lexer = PDFLexer(bytes: bytes)
        guard let keyword = Self.lastIndex(of: Array("startxref".utf8), in: bytes) else { return nil }
        let number = lexer.skip(keyword + 9)
        guard let xref = lexer.integer(at: number), xref + 4 <= bytes.count,
            bytes[xref..<(xref + 4)].elementsEqual("xref".utf8)
        else { return nil }
        startXref = xref
        var offsets: [Int: Int] = [:]
        var index = lexer.skip(xref + 4)
        while let first = lexer.integer(at: index) {
            index = lexer.skip(lexer.regularEnd(index))
            guard let count = lexer.integer(at: index) else { return nil }
            index = lexer.skip(lexer.regularEnd(index))
            for number in first..<(first + count) {
                guard let offset = lexer.integer(at: index) else { return nil }
                index = lexer.skip(lexer.regularEnd(index))
                index = lexer.skip(lexer.regularEnd(index))
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "n") { offsets[number] = offset }
                index = lexer.skip(index + 1)
            }
        }
        guard index + 7 <= bytes.count, bytes[index..<(index + 7)].elementsEqual("trailer".utf8) else { return nil }
        let trailer = lexer.skip(index + 7)
        var size: Int?
        var root: Int?
        var info: Int?
        var id: [UInt8]?
        for (key, value) in lexer.entries(ofDictionaryAt: trailer) {
            switch key {
            case "Size": size = lexer.integer(at: value.lowerBound)
            case "Root": root = lexer.referencedObject(value)
            case "Info": info = lexer.referencedObject(value)
            case "ID": id = Array(bytes[value])
            case "Prev", "Encrypt", "XRefStm": return nil
            default: break
            }
        }
        guard let size, let root else { return nil }
        self.offsets = offsets
        self.size = size
        self.root = root
        self.info = info
        self.id = id
    }

    var bytes: [UInt8] { lexer.bytes }

    /// Where the value of object `number` starts (after `n g obj`).
    func valueStart(_ number: Int) -> Int? {
        guard let offset = offsets[number], offset < bytes.count else { return nil }
        var index = lexer.skip(lexer.regularEnd(offset))
        index = lexer.skip(lexer.regularEnd(index))
        guard index + 3 <= bytes.count, bytes[index..<(index + 3)].elementsEqual("obj".utf8) else { return nil }
        return lexer.skip(index + 3)
    }

    /// The top-level entries of object `number`'s dictionary (empty when it is not a dictionary).
    func dictionary(_ number: Int) -> [String: Range<Int>] {
        guard let start = valueStart(number), start + 1 < bytes.count, bytes[start] == UInt8(ascii: "<"),
            bytes[start + 1] == UInt8(ascii: "<")
        else { return [:] }
        var result: [String: Range<Int>] = [:]
        for (key, value) in lexer.entries(ofDictionaryAt: start) { result[key] = value }
        return result
    }

    /// The raw bytes of object `number`'s dictionary, `<<` through `>>`.
    func dictionaryBytes(_ number: Int) -> ArraySlice<UInt8>? {
        guard let start = valueStart(number) else { return nil }
        return bytes[start..<lexer.objectEnd(start)]
    }

    /// The data of stream object `number` (still encoded) and its dictionary's entries.
    func stream(_ number: Int) -> (entries: [String: Range<Int>], data: ArraySlice<UInt8>)? {
        guard let start = valueStart(number) else { return nil }
        let entries = dictionary(number)
        guard let lengthRange = entries["Length"] else { return nil }
        var length = lexer.integer(at: lengthRange.lowerBound)
        if let object = lexer.referencedObject(lengthRange), let value = valueStart(object) {
            length = lexer.integer(at: value)
        }
        var index = lexer.skip(lexer.objectEnd(start))
        guard let length, index + 6 <= bytes.count, bytes[index..<(index + 6)].elementsEqual("stream".utf8) else {
            return nil
        }
        index += 6
        if index < bytes.count, bytes[index] == 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        guard index + length <= bytes.count else { return nil }
        return (entries, bytes[index..<(index + length)])
    }

    /// The value in `range` as text (a name, a number).
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
