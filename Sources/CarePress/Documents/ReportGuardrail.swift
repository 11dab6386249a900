import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks that a rendered report shows texts it must never leave out: the disclaimer, and a physio report's red flags.
///
/// This is a guardrail, not a convention: templates are per-project data, so a theme could drop the disclaimer or
/// the red flags by accident. The check reads the report's Markdown as a reader would see it (rendered by libcmark,
/// tags removed, entities decoded, runs of whitespace as one space), so a text hidden in an HTML comment, a link
/// destination or an escaped code span does not count; the layout's footer is not part of it either.
enum ReportGuardrail {
    /// Throws an error located in `templatePath` for each required text that `markdown` does not show.
    static func check(
        _ markdown: String, shows required: [(what: String, text: String)], templatePath: String
    ) throws(TemplateErrors) {
        try check(html: CommonMark.html(from: markdown), shows: required, templatePath: templatePath)
    }

    /// `check(html:shows:templatePath:)` of UTF-8: the batch's path, where the common case (each text shown as an
    /// element's whole content) makes no `String` of the page.
    static func check(
        html: [UInt8], shows required: [(what: String, text: String)], templatePath: String
    ) throws(TemplateErrors) {
        let unseen = html.withUnsafeBufferPointer { html in required.filter { !showsAsElement(in: html, $0.text) } }
        guard !unseen.isEmpty else { return }
        try check(html: String(decoding: html, as: UTF8.self), shows: unseen, templatePath: templatePath)
    }

    /// Throws an error located in `templatePath` for each required text that `html`, the HTML libcmark made of a
    /// report's Markdown, does not show.
    static func check(
        html: String, shows required: [(what: String, text: String)], templatePath: String
    ) throws(TemplateErrors) {
        let unseen = required.filter { !showsAsElement(html, $0.text) }
        guard !unseen.isEmpty else { return }
        let shown = normalized(visibleText(ofHTML: html))
        let missing = unseen.filter { !shows(shown, normalized($0.text)) }
        guard !missing.isEmpty else { return }
        let theme = "Templates/" + templatePath.split(separator: "/").suffix(2).joined(separator: "/")
        throw TemplateErrors(
            diagnostics: missing.map { item in
                Diagnostic(
                    .error, file: templatePath, position: .start,
                    message: "the template leaves out \(item.what)",
                    hint: "a report must show the disclaimer ({{site.disclaimer}}), and a physio report every red flag "
                        + "of the conditions it shows ({{#redFlags}}); copy them from the default \(theme)"
                )
            })
    }

    /// Whether `html` holds `text`, escaped as libcmark escapes text, as the whole content of an element
    /// (`>text<`): the common case, answered by one byte search (`ByteSearch`).
    ///
    /// libcmark in safe mode escapes `<`, `>` and `&` in text and attributes, so a bare `>` ends a tag and a bare `<`
    /// starts one: the text between them is shown (tags are what `visibleText` removes). Only a text that is already
    /// normalized and starts and ends with ASCII is looked for, so that a match is one `shows` would find.
    static func showsAsElement(_ html: String, _ text: String) -> Bool {
        var html = html
        return html.withUTF8 { showsAsElement(in: $0, text) }
    }

    /// `showsAsElement` in UTF-8.
    private static func showsAsElement(in html: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last, first < 0x80, last < 0x80,
            isNormalizedASCII(text) || normalized(text).hasSameUTF8(as: text)
        else { return false }
        var needle: [UInt8] = [UInt8(ascii: ">")]
        needle.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): needle += Array("&amp;".utf8)
            case UInt8(ascii: "<"): needle += Array("&lt;".utf8)
            case UInt8(ascii: ">"): needle += Array("&gt;".utf8)
            case UInt8(ascii: "\""): needle += Array("&quot;".utf8)
            default: needle.append(byte)
            }
        }
        needle.append(UInt8(ascii: "<"))
        return ByteSearch.contains(needle, in: html)
    }

    /// Whether `text` is ASCII that `normalized` leaves as it is (no NUL, no white space but single spaces between
    /// other characters), found without making the normalized copy: the disclaimer every report is checked for.
    static func isNormalizedASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20  // as if a space came first: a leading space is not normalized
        for byte in text.utf8 {
            guard byte != 0, byte < 0x80, !(0x09...0x0D).contains(byte), !(byte == 0x20 && previous == 0x20) else {
                return false
            }
            previous = byte
        }
        return text.utf8.isEmpty || previous != 0x20
    }

    /// Whether `shown` contains `text`, as `shown.contains(text)` answers, found first by a byte search.
    ///
    /// `contains` (Foundation's) matches whole composed character sequences, with canonical equivalence. A byte match
    /// that starts and ends with ASCII, between ASCII bytes (or the ends of `shown`) and not inside a CR LF pair, is
    /// one: so it answers yes at once. Anything else is left to `contains`.
    static func shows(_ shown: String, _ text: String) -> Bool {
        let haystack = Array(shown.utf8)
        let needle = Array(text.utf8)
        if let first = needle.first, let last = needle.last, first < 0x80, last < 0x80,
            haystack.count >= needle.count
        {
            var start = 0
            while let found = haystack[start...].firstIndex(of: first), found + needle.count <= haystack.count {
                let end = found + needle.count
                let before: UInt8? = found > 0 ? haystack[found - 1] : nil
                let after: UInt8? = end < haystack.count ? haystack[end] : nil
                if haystack[found..<end].elementsEqual(needle), (before ?? 0) < 0x80, (after ?? 0) < 0x80,
                    !(before == 0x0D && first == 0x0A), !(last == 0x0D && after == 0x0A)
                {
                    return true
                }
                start = found + 1
            }
        }
        return shown.contains(text)
    }

    /// The text of HTML as libcmark writes it: tags removed, its four entities and numeric references decoded.
    ///
    /// Worked on UTF-8 bytes: `<`, `>`, `&` and `;` are ASCII, so they are whole scalars; an entity is looked for
    /// within the 12 scalars from its `&`.
    static func visibleText(ofHTML html: String) -> String {
        let bytes = Array(html.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
                text.append(UInt8(ascii: " "))
                index = close + 1
            } else if byte == UInt8(ascii: "&"), let semicolon = semicolon(in: bytes, from: index) {
                let entity = bytes[index...semicolon]
                if let decoded = decodeEntity(String(decoding: entity, as: UTF8.self)) {
                    text.append(contentsOf: String(decoded).utf8)
                } else {
                    text.append(contentsOf: entity)
                }
                index = semicolon + 1
            } else {
                text.append(byte)
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The offset of the first `;` among the 12 scalars that start at `start`.
    private static func semicolon(in bytes: [UInt8], from start: Int) -> Int? {
        var scalars = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                scalars += 1
                if scalars > 12 { return nil }
            }
            if byte == UInt8(ascii: ";") { return index }
            index += 1
        }
        return nil
    }

    /// The text with every run of white space (by `Character`) turned into one space and none at either end, and
    /// NUL as U+FFFD (as CommonMark shows it).
    static func normalized(_ text: String) -> String {
        var text = text
        if text.utf8.contains(0) {
            text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: every byte is a Character (a CR LF pair is white space either way).
            var result: [UInt8] = []
            result.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        // By `Character`s, whose bytes are copied as they are: a `Character` is white space when its first scalar is
        // (`Character.isWhitespace`), and a run of them becomes one space.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        let utf8 = text.utf8
        var index = text.startIndex
        while index < text.endIndex {
            let first = utf8[index]
            let afterFirst = utf8.index(after: index)
            if first < 0x80, first != 0x0D, afterFirst == text.endIndex || utf8[afterFirst] < 0x80 {
                // An ASCII byte before another (not CR before LF) is a `Character` of its own.
                if first == 0x20 || (0x09...0x0C).contains(first) {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    result.append(first)
                }
                index = afterFirst
                continue
            }
            let next = text.index(after: index)
            let isWhitespace =
                first < 0x80
                ? first == 0x20 || (0x09...0x0D).contains(first) : text.unicodeScalars[index].properties.isWhitespace
            if isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(contentsOf: utf8[index..<next])
            }
            index = next
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The scalar of an HTML entity (`&amp;`, `&#60;`, `&#x3C;`); nil for one it does not know.
    static func decodeEntity(_ entity: String) -> Unicode.Scalar? {
        switch entity {
        case "&amp;": return "&"
        case "&lt;": return "<"
        case "&gt;": return ">"
        case "&quot;": return "\""
        default: break
        }
        let body = entity.dropFirst(2).dropLast()
        guard entity.hasPrefix("&#"), !body.isEmpty else { return nil }
        let value = body.first == "x" || body.first == "X" ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
        return value.flatMap(Unicode.Scalar.init)
    }
}
