#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the start tags of an HTML document with their attributes, for `LinkCheck`, working on its UTF-8 bytes.
///
/// It understands what libcmark and the theme's templates write, which is all the link check needs: start and end
/// tags, quoted and unquoted attribute values, character references, comments, doctypes, and the raw text of
/// `<script>` and `<style>` elements (skipped with a byte search, so an inlined stylesheet or script is never read as
/// markup). Every byte that matters to HTML syntax is ASCII, and in UTF-8 an ASCII byte is always a whole character,
/// so scanning bytes finds exactly the tags that scanning characters would; names are compared as ASCII in any case,
/// as HTML does. Only the attributes whose values are URLs are kept, and a tag's name is made into a `String` only
/// for a tag that has one; positions are worked out only when asked for (`position(of:)`), for the links that are
/// reported.
struct HTMLScanner {
    /// One URL-valued attribute of a start tag.
    struct Attribute {
        /// The name, lower-cased: `href`, `src`, `srcset`, `poster` or `action`.
        var name: String
        /// Where the value's bytes are (quotes left out); empty for an attribute without a value, at its name.
        var valueRange: Range<Int>
        /// The byte offset where the value (or, without one, the name) starts.
        var offset: Int { valueRange.lowerBound }
    }

    /// One start tag.
    struct Tag {
        /// The element's name, lower-cased; empty when the tag has no URL-valued attribute.
        var name: String
        /// Its URL-valued attributes, in order.
        var attributes: [Attribute]
        /// Where the tag is in the document, from its `<` to just after its `>`.
        var range: Range<Int> = 0..<0
    }

    private let bytes: [UInt8]
    private var index = 0

    /// A scanner at the start of a document.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A scanner at the start of a document given as text.
    init(_ html: String) {
        self.init(Array(html.utf8))
    }

    /// An attribute's value with character references decoded (read only for the attributes that matter).
    func value(of attribute: Attribute) -> String {
        Self.decodeReferences(String(decoding: bytes[attribute.valueRange], as: UTF8.self))
    }

    /// The line and column (in Unicode scalars, from 1) of a byte offset of the document.
    func position(of offset: Int) -> SourcePosition {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    /// The next start tag, or nil at the end of the document.
    ///
    /// The document is read through a buffer pointer (`Cursor`): reading the array byte by byte, with its bounds
    /// checked at each byte, was most of the link check's time.
    mutating func nextStartTag() -> Tag? {
        let start = index
        let (tag, end) = bytes.withUnsafeBufferPointer { buffer -> (Tag?, Int) in
            var cursor = Cursor(bytes: buffer, index: start)
            let tag = cursor.nextStartTag()
            return (tag, cursor.index)
        }
        index = end
        return tag
    }

    /// A position in a document's bytes, and the reading of its tags from there.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        private func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// Whether the bytes at `index` are `text` (ASCII), compared case-insensitively when asked.
        private func lookingAt(_ text: StaticString, caseInsensitive: Bool = false) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let expected = UnsafeBufferPointer(start: text.utf8Start, count: count)
            for offset in 0..<count {
                let actual = bytes[index + offset]
                let matches =
                    caseInsensitive ? HTMLScanner.lowercased(actual) == expected[offset] : actual == expected[offset]
                if !matches { return false }
            }
            return true
        }

        /// Moves `index` to the next `byte`, or to the end.
        private mutating func skip(to byte: UInt8) {
            guard index < bytes.count, let base = bytes.baseAddress,
                let hit = memchr(base + index, Int32(byte), bytes.count - index)
            else {
                index = bytes.count
                return
            }
            index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }

        /// Moves `index` past the next `text` (lower-case ASCII, starting with a byte that is not a letter, so a byte
        /// search finds its start in any case; the rest matched case-insensitively when asked), or to the end.
        private mutating func skip(past text: StaticString, caseInsensitive: Bool = false) {
            let first = text.utf8Start.pointee
            while index < bytes.count {
                skip(to: first)
                if index >= bytes.count { return }
                if lookingAt(text, caseInsensitive: caseInsensitive) {
                    index += text.utf8CodeUnitCount
                    return
                }
                index += 1
            }
        }

        private mutating func skipWhitespace() {
            while let byte = peek(), HTMLScanner.isWhitespace(byte) { index += 1 }
        }

        /// The next start tag, or nil at the end of the document.
        mutating func nextStartTag() -> Tag? {
            while index < bytes.count {
                skip(to: UInt8(ascii: "<"))
                guard index < bytes.count else { return nil }
                if lookingAt("<!--") {
                    skip(past: "-->")
                } else if let next = peek(1),
                    next == UInt8(ascii: "!") || next == UInt8(ascii: "?") || next == UInt8(ascii: "/")
                {
                    skip(past: ">")
                } else if let next = peek(1), HTMLScanner.isLetter(next) {
                    let start = index
                    index += 1
                    var (tag, name) = readTag()
                    tag.range = start..<index
                    if isName(name, "script") {
                        skip(past: "</script", caseInsensitive: true)
                        skip(past: ">")
                    } else if isName(name, "style") {
                        skip(past: "</style", caseInsensitive: true)
                        skip(past: ">")
                    }
                    return tag
                } else {
                    index += 1
                }
            }
            return nil
        }

        /// Reads a tag's name and attributes, from just after its `<` to just after its `>`; the tag, and where its name
        /// is.
        private mutating func readTag() -> (Tag, Range<Int>) {
            let name = readName()
            var attributes: [Attribute] = []
            while true {
                skipWhitespace()
                guard let byte = peek() else { break }
                if byte == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if byte == UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                let start = index
                let nameRange = readName()
                if nameRange.isEmpty {
                    index += 1  // a stray "=": step over it
                    continue
                }
                let attributeName = urlAttribute(at: nameRange)
                skipWhitespace()
                guard peek() == UInt8(ascii: "=") else {
                    if let attributeName {
                        attributes.append(Attribute(name: attributeName, valueRange: start..<start))
                    }
                    continue
                }
                index += 1
                skipWhitespace()
                let valueStart: Int
                let valueEnd: Int
                if let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    index += 1
                    valueStart = index
                    skip(to: quote)
                    valueEnd = index
                    index = min(index + 1, bytes.count)
                } else {
                    valueStart = index
                    while let byte = peek(), !HTMLScanner.isWhitespace(byte), byte != UInt8(ascii: ">") { index += 1 }
                    valueEnd = index
                }
                if let attributeName {
                    attributes.append(Attribute(name: attributeName, valueRange: valueStart..<valueEnd))
                }
            }
            let tagName =
                attributes.isEmpty
                ? "" : String(decoding: bytes[name].map { HTMLScanner.lowercased($0) }, as: UTF8.self)
            return (Tag(name: tagName, attributes: attributes), name)
        }

        /// Where a tag or attribute name is: up to whitespace, `/`, `>` or `=`.
        private mutating func readName() -> Range<Int> {
            let start = index
            while let byte = peek(), !HTMLScanner.isNameEnd(byte) { index += 1 }
            return start..<index
        }

        /// The name of the attribute at `range` when its value is a URL (`href`, `src`, `poster`, `action`) or a list
        /// of them (`srcset`).
        private func urlAttribute(at range: Range<Int>) -> String? {
            // Most attribute names (`class`, `id`, `lang`, `rel`…) are ruled out by their length and first letter.
            guard (3...6).contains(range.count) else { return nil }
            switch HTMLScanner.lowercased(bytes[range.lowerBound]) {
            case UInt8(ascii: "h"): return isName(range, "href") ? "href" : nil
            case UInt8(ascii: "s"): return isName(range, "src") ? "src" : isName(range, "srcset") ? "srcset" : nil
            case UInt8(ascii: "p"): return isName(range, "poster") ? "poster" : nil
            case UInt8(ascii: "a"): return isName(range, "action") ? "action" : nil
            default: return nil
            }
        }

        /// Whether the name at `range` is `name` (lower-case ASCII), in any case (ASCII letters only, as HTML does).
        private func isName(_ range: Range<Int>, _ name: StaticString) -> Bool {
            guard range.count == name.utf8CodeUnitCount else { return false }
            let expected = UnsafeBufferPointer(start: name.utf8Start, count: range.count)
            for offset in 0..<range.count
            where HTMLScanner.lowercased(bytes[range.lowerBound + offset]) != expected[offset] {
                return false
            }
            return true
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// HTML's whitespace: space, tab, line feed, form feed and carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
    }

    /// The text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric character references decoded.
    static func decodeReferences(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let body = rest[afterAmpersand..<semicolon]
            var decoded: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if body.hasPrefix("#") {
                decoded = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = named[String(body)]
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }
}
