/// Reads the start tags of an HTML document with their attributes and positions, for `LinkCheck`.
///
/// It understands what libcmark and the theme's templates write, which is all the link check needs: start and end
/// tags, quoted and unquoted attribute values, character references, comments, doctypes, and the raw text of
/// `<script>` and `<style>` elements (skipped, so an inlined stylesheet is not read as markup).
struct HTMLScanner {
    /// One attribute of a start tag.
    struct Attribute {
        /// The name, lower-cased.
        var name: String
        /// The value with character references decoded; empty for an attribute without a value.
        var value: String
        /// Where the value (or, without one, the name) starts.
        var position: SourcePosition
    }

    /// One start tag.
    struct Tag {
        /// The element's name, lower-cased.
        var name: String
        /// Its attributes, in order.
        var attributes: [Attribute]
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    /// A scanner at the start of a document.
    init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        guard index < scalars.count else { return }
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func lookingAt(_ text: String, caseInsensitive: Bool = false) -> Bool {
        var offset = 0
        for expected in text.unicodeScalars {
            guard let actual = peek(offset) else { return false }
            let matches =
                caseInsensitive
                ? actual.properties.lowercaseMapping == expected.properties.lowercaseMapping
                : actual == expected
            if !matches { return false }
            offset += 1
        }
        return true
    }

    private mutating func skip(past text: String, caseInsensitive: Bool = false) {
        while index < scalars.count && !lookingAt(text, caseInsensitive: caseInsensitive) { advance() }
        for _ in text.unicodeScalars { advance() }
    }

    private mutating func skipWhitespace() {
        while let scalar = peek(), scalar.properties.isWhitespace { advance() }
    }

    private static func isNameEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "/" || scalar == ">" || scalar == "="
    }

    /// The next start tag, or nil at the end of the document.
    mutating func nextStartTag() -> Tag? {
        while index < scalars.count {
            guard peek() == "<" else {
                advance()
                continue
            }
            if lookingAt("<!--") {
                skip(past: "-->")
            } else if let next = peek(1), next == "!" || next == "?" || next == "/" {
                skip(past: ">")
            } else if let next = peek(1), next.properties.isAlphabetic {
                advance()
                let tag = readTag()
                if tag.name == "script" || tag.name == "style" {
                    skip(past: "</\(tag.name)", caseInsensitive: true)
                    skip(past: ">")
                }
                return tag
            } else {
                advance()
            }
        }
        return nil
    }

    /// Reads a tag's name and attributes, from just after its `<` to just after its `>`.
    private mutating func readTag() -> Tag {
        var name = ""
        while let scalar = peek(), !Self.isNameEnd(scalar) {
            name.unicodeScalars.append(scalar)
            advance()
        }
        var attributes: [Attribute] = []
        while true {
            skipWhitespace()
            guard let scalar = peek() else { break }
            if scalar == ">" {
                advance()
                break
            }
            if scalar == "/" {
                advance()
                continue
            }
            let start = position
            var attributeName = ""
            while let scalar = peek(), !Self.isNameEnd(scalar) {
                attributeName.unicodeScalars.append(scalar)
                advance()
            }
            if attributeName.isEmpty {
                advance()  // a stray "=": step over it
                continue
            }
            skipWhitespace()
            guard peek() == "=" else {
                attributes.append(Attribute(name: attributeName.lowercased(), value: "", position: start))
                continue
            }
            advance()
            skipWhitespace()
            var raw = ""
            var valueStart = position
            if let quote = peek(), quote == "\"" || quote == "'" {
                advance()
                valueStart = position
                while let scalar = peek(), scalar != quote {
                    raw.unicodeScalars.append(scalar)
                    advance()
                }
                advance()
            } else {
                while let scalar = peek(), !scalar.properties.isWhitespace, scalar != ">" {
                    raw.unicodeScalars.append(scalar)
                    advance()
                }
            }
            attributes.append(
                Attribute(name: attributeName.lowercased(), value: Self.decodeReferences(raw), position: valueStart))
        }
        return Tag(name: name.lowercased(), attributes: attributes)
    }

    /// The text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric character references decoded.
    static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
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
