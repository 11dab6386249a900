/// Turns untrusted text into Markdown that CommonMark renders as exactly that text, and vets link destinations.
///
/// Reports are written as Markdown and rendered by libcmark, so every value taken from a record (a name, an answer,
/// a citation title) goes through here before it is spliced into Markdown.
public enum MarkdownEscaping {
    /// Escapes `text` so that it renders literally as inline content, on a single Markdown line.
    ///
    /// The result can be placed anywhere inline text can: as a whole paragraph, after `- ` in a list item, after
    /// `# ` in an ATX heading, or between `[` and `](destination)` as link text. CommonMark (safe or unsafe, without
    /// `.smart`, which CarePress never uses for untrusted text) then renders exactly the characters of `text`:
    ///
    /// - The characters that can start inline or block markup get a backslash before them: `\` `` ` `` `*` `_` `[`
    ///   `]` `(` `)` `<` `>` `&` `!` `#` `|` `~` `{` `}`. So no emphasis, link, image, code span, raw HTML, entity
    ///   (`&amp;` stays the text `&amp;`), autolink, heading, block quote or fence can start. Other punctuation
    ///   (`.` `,` `:` `-` `'` `"` …) stays as it is, so the Markdown reads naturally.
    /// - At the start of the text, a `-`, `+` or `=` (list item, setext underline) and the `.` after 1 to 9 digits
    ///   (ordered list) get a backslash too.
    /// - Line feed, carriage return, vertical tab and form feed become the numeric character references `&#10;`,
    ///   `&#13;`, `&#11;` and `&#12;`: they come out as the same characters in the HTML, but the result is always
    ///   one line, so it can never start a new block.
    /// - Spaces and tabs in the whitespace at the start and at the end of `text` become `&#32;` and `&#9;`, so that
    ///   CommonMark neither trims them nor reads them as indentation or a hard line break; spaces and tabs inside
    ///   the text stay as they are.
    /// - NUL cannot survive CommonMark (it must become U+FFFD), so it is written as U+FFFD.
    /// - A byte order mark (U+FEFF) becomes `&#65279;`, because libcmark drops one at the start of a document.
    /// - Everything else, including other control characters and all non-ASCII text (right-to-left scripts,
    ///   combining marks, emoji, U+2028), is copied unchanged.
    ///
    /// The empty string stays empty; in a paragraph of its own it therefore renders as nothing at all.
    public static func escaped(_ text: String) -> String {
        var text = text
        let changed: String? = text.withUTF8 { utf8 in
            let plan = Plan(utf8)
            guard plan.first < utf8.count else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(utf8.count + utf8.count / 4 + 8)
            plan.write(utf8, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        return changed ?? text
    }

    /// Appends the UTF-8 of `escaped(text)` to `output`, with no `String` made on the way (how the compiled
    /// templates write every value).
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in Plan(utf8).write(utf8, to: &output) }
    }

    /// Where `escaped(_:)` has work to do in a text's UTF-8.
    private struct Plan {
        /// The end of the whitespace at the start, and the start of the whitespace at the end.
        let leadingEnd: Int
        let trailingStart: Int
        /// The byte that would make a list item or setext underline (see `lineStartMarker`), or -1.
        let listMarker: Int
        /// The first byte that changes (the count when none does).
        let first: Int

        init(_ utf8: UnsafeBufferPointer<UInt8>) {
            leadingEnd = utf8.firstIndex { !isEdgeWhitespace($0) } ?? utf8.count
            trailingStart = (utf8.lastIndex { !isEdgeWhitespace($0) } ?? -1) + 1
            listMarker = lineStartMarker(utf8, from: leadingEnd)
            // Most values (names, labels, ordinary sentences) need nothing.
            var first = utf8.firstIndex(where: needsAttention) ?? utf8.count
            if leadingEnd > 0 { first = 0 }
            if listMarker >= 0 { first = min(first, listMarker) }
            if trailingStart < utf8.count { first = min(first, trailingStart) }
            self.first = first
        }

        /// Writes the escaped text.
        func write(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<first]))
            var index = first
            while index < utf8.count {
                let byte = utf8[index]
                let atEdge = index < leadingEnd || index >= trailingStart
                if !atEdge && index != listMarker && !needsAttention(byte) {
                    // Copy the run of bytes that need nothing in one go.
                    var end = index + 1
                    let limit = listMarker > index ? min(trailingStart, listMarker) : trailingStart
                    while end < limit && !needsAttention(utf8[end]) { end += 1 }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                    index = end
                    continue
                }
                if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBB, utf8[index + 2] == 0xBF {
                    output.append(contentsOf: "&#65279;".utf8)
                    index += 3
                    continue
                }
                if index == listMarker {
                    output.append(UInt8(ascii: "\\"))
                    output.append(byte)
                } else {
                    appendEscaped(byte, atEdge: atEdge, to: &output)
                }
                index += 1
            }
        }
    }

    /// Whether `escaped(_:)` may change a byte wherever it is (edges and list markers aside): markup characters,
    /// line breaks, NUL, and 0xEF, the first byte of a byte order mark.
    ///
    /// Asked of every byte of every value a template prints, so it is two bit masks over ASCII (constants the
    /// compiler folds; a static table would be a lazy global, checked for every byte) rather than a `switch`.
    @inline(__always)
    private static func needsAttention(_ byte: UInt8) -> Bool {
        // NUL, LF, VT, FF, CR, and ! # & ( ) * < >
        let low: UInt64 =
            1 << 0x00 | 1 << 0x0A | 1 << 0x0B | 1 << 0x0C | 1 << 0x0D | 1 << 0x21 | 1 << 0x23 | 1 << 0x26 | 1 << 0x28
            | 1 << 0x29 | 1 << 0x2A | 1 << 0x3C | 1 << 0x3E
        // [ \ ] _ ` { | } ~
        let high: UInt64 =
            1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x5D - 64) | 1 << (0x5F - 64) | 1 << (0x60 - 64)
            | 1 << (0x7B - 64) | 1 << (0x7C - 64) | 1 << (0x7D - 64) | 1 << (0x7E - 64)
        if byte < 64 { return low >> byte & 1 != 0 }
        if byte < 128 { return high >> (byte &- 64) & 1 != 0 }
        return byte == 0xEF
    }

    /// Escapes multi-line free text as a sequence of Markdown paragraphs, each line rendering literally.
    ///
    /// - `\n`, `\r\n` and `\r` all end a line.
    /// - A blank line (empty, or only spaces and tabs) ends a paragraph; a run of blank lines counts as one, and blank
    ///   lines at the start or end are dropped. Each paragraph renders as its own `<p>`.
    /// - Inside a paragraph, every line ending becomes a backslash hard line break, rendered as `<br />` followed by
    ///   a newline.
    /// - Each line is escaped with ``escaped(_:)``, so its leading and trailing spaces and tabs are kept (as
    ///   character references), NUL becomes U+FFFD and every other character renders as itself.
    ///
    /// The paragraphs are separated by one blank line, with no newline after the last; text with no non-blank line
    /// gives the empty string. Place the result as top-level blocks, with a blank line before and after it.
    public static func escapedParagraphs(_ text: String) -> String {
        escapedParagraphs(text, linePrefix: "", emptyLine: "")
    }

    /// `escapedParagraphs(text)` with `linePrefix` before each of its lines and `emptyLine` for each blank line
    /// between its paragraphs, made in the same pass: a block quote is `("> ", ">")`.
    static func escapedParagraphs(_ text: String, linePrefix: String, emptyLine: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            var output: [UInt8] = []
            output.reserveCapacity(utf8.count + utf8.count / 4 + 8 + linePrefix.utf8.count)
            // Whether a paragraph was written, and whether the current one has a line.
            var written = false
            var open = false
            forEachLine(utf8) { line in
                guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
                    open = false
                    return
                }
                if open {
                    output += "\\\n".utf8
                } else if written {
                    output.append(0x0A)
                    output += emptyLine.utf8
                    output.append(0x0A)
                }
                output += linePrefix.utf8
                Plan(line).write(line, to: &output)
                (written, open) = (true, true)
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Writes `url` as a link destination for `[text](HERE)` or `![alt](HERE)`, in the `<...>` form.
    ///
    /// The destination CommonMark reads back is exactly `url`: `<`, `>` and `\` get a backslash, `&` is written as
    /// `&#38;` (so text such as `&amp;` is not decoded: libcmark decodes entities in destinations even after a
    /// backslash), and spaces and control characters (including NUL, tabs and line endings), which could end the
    /// destination or be trimmed from it, are percent-encoded as UTF-8 (`%20`, `%0A`). `%` itself is left alone, so
    /// existing percent-escapes keep their meaning. libcmark percent-encodes the `href` it writes (spaces, non-ASCII
    /// and other characters not allowed in a URL), which does not change where the link goes.
    ///
    /// This does not decide whether the URL is safe to link to: use ``safeWebURL(_:)`` for that. (Safe rendering
    /// still empties `javascript:` and similar destinations.)
    public static func escapedLinkDestination(_ url: String) -> String {
        // The links CarePress makes itself have nothing to escape.
        guard url.utf8.contains(where: changesInDestination) else { return .concatenating("<", url, ">") }
        var output: [UInt8] = [UInt8(ascii: "<")]
        output.reserveCapacity(url.utf8.count + 8)
        for byte in url.utf8 {
            guard changesInDestination(byte) else {
                output.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case UInt8(ascii: "&"):
                // libcmark decodes entities in a destination before backslash escapes, so `\&amp;` would still
                // become `&`; a reference to `&` itself is decoded once and leaves what follows alone.
                output.append(contentsOf: "&#38;".utf8)
            default:  // a control character, a space or DEL
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        output.append(UInt8(ascii: ">"))
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `escapedLinkDestination` writes a byte otherwise: `<`, `>`, `\`, `&`, control characters, space and DEL.
    private static func changesInDestination(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&")
    }

    /// Returns `candidate` unchanged if it is an absolute web address that is safe to link to, otherwise nil.
    ///
    /// Accepted: a URL starting with `http://` or `https://` (scheme in any case) whose host is non-empty and made
    /// of letters, digits, `-`, `.`, `_`, `~`, `%` or non-ASCII characters (or is a bracketed IPv6 address),
    /// optionally followed by `:port` (digits only). Rejected: anything else, including URLs with user information
    /// (`user@host`, a common disguise), any backslash (browsers read it as `/`, so the real host would differ from
    /// the apparent one), and any whitespace, control or invisible formatting character (such as a bidirectional
    /// override) anywhere in the URL.
    public static func safeWebURL(_ candidate: String) -> String? {
        for scalar in candidate.unicodeScalars {
            if scalar.isASCII {
                // ASCII's whitespace and control characters are below `!` and DEL; it has no format or separator.
                if scalar.value < 0x21 || scalar.value == 0x7F || scalar == "\\" { return nil }
                continue
            }
            let category = scalar.properties.generalCategory
            if scalar.properties.isWhitespace || category == .control || category == .format
                || category == .lineSeparator || category == .paragraphSeparator || scalar == "\\"
            {
                return nil
            }
        }
        let scheme = String(candidate.unicodeScalars.prefix(8).map(asciiLowercased))
        let schemeLength: Int
        if scheme.hasPrefix("https://") {
            schemeLength = 8
        } else if scheme.hasPrefix("http://") {
            schemeLength = 7
        } else {
            return nil
        }
        let rest = candidate.unicodeScalars.dropFirst(schemeLength)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else {
            return nil
        }
        let host: Substring.UnicodeScalarView
        let port: Substring.UnicodeScalarView
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else {
                return nil
            }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0 == ":" || $0 == "." || $0.properties.isASCIIHexDigit })
            else {
                return nil
            }
            host = authority[...close]
            port = authority[authority.index(after: close)...]
        } else {
            let colon = authority.firstIndex(of: ":") ?? authority.endIndex
            host = authority[..<colon]
            port = authority[colon...]
            let allowed = host.allSatisfy { scalar in
                !scalar.isASCII || isASCIILetterOrDigit(scalar) || "-._~%".unicodeScalars.contains(scalar)
            }
            guard !host.isEmpty, allowed else {
                return nil
            }
        }
        if !port.isEmpty {
            let digits = port.dropFirst()
            guard port.first == ":", !digits.isEmpty, digits.count <= 5,
                digits.allSatisfy({ $0 >= "0" && $0 <= "9" })
            else {
                return nil
            }
        }
        return candidate
    }

    /// The index of the byte that would make the text's first line a list item or setext underline: a leading `-`,
    /// `+` or `=`, or the `.` after 1 to 9 leading digits; -1 when there is none.
    private static func lineStartMarker(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < utf8.count else { return -1 }
        switch utf8[start] {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
            return start
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = start
            while end < utf8.count, end - start < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[end]) {
                end += 1
            }
            return end - start <= 9 && end < utf8.count && utf8[end] == UInt8(ascii: ".") ? end : -1
        default:
            return -1
        }
    }

    /// Upper-case hexadecimal digits for percent-encoding.
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Whether `byte` is whitespace that CommonMark may trim or read as indentation at the edges of a line.
    private static func isEdgeWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether `scalar` is an ASCII letter or digit.
    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
    }

    /// `scalar` with ASCII upper-case letters turned to lower case and everything else unchanged.
    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Character {
        guard scalar >= "A" && scalar <= "Z", let lower = Unicode.Scalar(scalar.value + 32) else {
            return Character(scalar)
        }
        return Character(lower)
    }

    /// Appends the escaped form of one byte of UTF-8 text (BOMs are handled by the caller).
    private static func appendEscaped(_ byte: UInt8, atEdge: Bool, to output: inout [UInt8]) {
        switch byte {
        case 0x00:
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
        case 0x09 where atEdge:
            output.append(contentsOf: "&#9;".utf8)
        case 0x20 where atEdge:
            output.append(contentsOf: "&#32;".utf8)
        case 0x0A, 0x0B, 0x0C, 0x0D:
            output.append(contentsOf: "&#\(byte);".utf8)
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "|"), UInt8(ascii: "~"),
            UInt8(ascii: "{"), UInt8(ascii: "}"):
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
        default:
            output.append(byte)
        }
    }

    /// Calls `body` with each line of UTF-8 text, split at `\n`, `\r\n` and `\r` (ASCII bytes, so the lines are
    /// whole scalars).
    private static func forEachLine(
        _ utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var start = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            body(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            index += byte == 0x0D && index + 1 < utf8.count && utf8[index + 1] == 0x0A ? 2 : 1
            start = index
        }
        body(UnsafeBufferPointer(rebasing: utf8[start...]))
    }
}
