#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Callouts in a Markdown document: blocks a template marks as urgent (or a caution), shown in HTML as the guide's
/// callout (an `<aside>` with a border, an icon and its heading in words) by `layouts/callout.html.mustache`.
///
/// A template marks a callout with two lines of its own, around a heading and what it introduces:
///
/// ```
/// <!-- callout urgent -->
/// ### Get urgent help if…
///
/// - The knee is hot
/// <!-- /callout -->
/// ```
///
/// The marks are HTML comments, so the Markdown file reads (and renders anywhere) as the plain document. Only a
/// template can write them: every value is Markdown-escaped, which turns `<` into `\<`, so no text from a record can
/// make a line that is a mark. Each part, the callouts' headings and bodies included, is rendered by libcmark in safe
/// mode as any Markdown is; the HTML around them comes from the template. A document whose marks do not pair up, or
/// whose callout does not start with a `##`, `###` or `####` heading, is rendered as plain Markdown.
enum CalloutMarkdown {
    /// The HTML template of one callout.
    static let template = "layouts/callout.html"

    /// A run of a document: plain Markdown, or a callout.
    enum Part: Equatable {
        /// Markdown outside any callout.
        case markdown(String)
        /// A callout: its tone (a CSS class, e.g. `urgent`), its heading level and Markdown text, and its body.
        case callout(tone: String, level: Int, heading: String, body: String)
    }

    /// A part as slices of the document's UTF-8 bytes (no copy of them): what `html` renders.
    enum Piece {
        /// Markdown outside any callout.
        case markdown(ArraySlice<UInt8>)
        /// A callout: its tone, its heading level and Markdown line, and its body.
        case callout(tone: String, level: Int, heading: ArraySlice<UInt8>, body: ArraySlice<UInt8>)
    }

    /// The pieces of a document's UTF-8, or nil when it has no callout or its marks are malformed.
    ///
    /// One pass over the bytes: each piece is a slice of the document (a mark is a whole line of ASCII, which
    /// compares byte for byte as it does by `Character`s). A document with a carriage return is split by
    /// `Character`s instead (`parts(ofLines:)`), where a CR LF pair is one `Character` and so no line break.
    static func pieces(of markdown: [UInt8]) -> [Piece]? {
        enum Split {
            case none, byLines, spans([Span]?)
        }
        let split = markdown.withUnsafeBufferPointer { bytes -> Split in
            guard let base = bytes.baseAddress, ByteSearch.contains(openingMark, in: bytes) else { return .none }
            guard memchr(base, 0x0D, bytes.count) == nil else { return .byLines }
            return .spans(spans(ofBytes: bytes))
        }
        switch split {
        case .none, .spans(nil):
            return nil
        case .byLines:
            return parts(ofLines: String(decoding: markdown, as: UTF8.self))?.map { part in
                switch part {
                case .markdown(let text): .markdown(Array(text.utf8)[...])
                case .callout(let tone, let level, let heading, let body):
                    .callout(tone: tone, level: level, heading: Array(heading.utf8)[...], body: Array(body.utf8)[...])
                }
            }
        case .spans(let spans?):
            return spans.map { span in
                switch span {
                case .plain(let range):
                    .markdown(markdown[range])
                case .callout(let tone, let level, let heading, let body):
                    .callout(
                        tone: String(decoding: markdown[tone], as: UTF8.self), level: level, heading: markdown[heading],
                        body: body.isEmpty ? lineFeed[...] : markdown[body])
                }
            }
        }
    }

    /// A piece as ranges of the document's bytes.
    private enum Span {
        /// A plain run.
        case plain(Range<Int>)
        /// A callout: its tone's range in the mark, its level, its heading line's range, its body's (empty for a
        /// callout with nothing after the heading, which renders as a line feed).
        case callout(tone: Range<Int>, level: Int, heading: Range<Int>, body: Range<Int>)
    }

    private static let lineFeed: [UInt8] = [0x0A]

    /// The start of an opening mark, `<!-- callout ` (a mark line is checked as a whole by `spans(ofBytes:)`).
    private static let openingMark = Array("<!-- callout ".utf8)

    /// The spans of a document without a carriage return, or nil when its marks are malformed.
    private static func spans(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> [Span]? {
        let closingMark = Array("<!-- /callout -->".utf8)
        var spans: [Span] = []
        // Where the current plain run starts; the open callout's tone and where its lines start.
        var plainStart = 0
        var open: (tone: Range<Int>, start: Int)?
        var lineStart = 0
        let end = bytes.count
        while lineStart <= end {
            var lineEnd = end
            if lineStart < end, let base = bytes.baseAddress,
                let found = memchr(base + lineStart, 0x0A, end - lineStart)
            {
                lineEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            let next = lineEnd + 1  // past the line feed (or the end, past the last line)
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            // A mark starts with `<`: other lines (nearly all of them) are passed over at their first byte.
            if line.first != UInt8(ascii: "<") {
                lineStart = next
                continue
            }
            if let tone = openingTone(line) {
                guard open == nil else { return nil }
                if lineStart > plainStart { spans.append(.plain(plainStart..<lineStart)) }
                open = ((lineStart + tone.lowerBound)..<(lineStart + tone.upperBound), min(next, end))
            } else if line.elementsEqual(closingMark) {
                guard let marked = open,
                    let callout = callout(tone: marked.tone, bytes: bytes, lines: marked.start..<lineStart)
                else { return nil }
                spans.append(callout)
                open = nil
                plainStart = min(next, end)
            }
            lineStart = next
        }
        guard open == nil else { return nil }
        if bytes[plainStart...].contains(where: { $0 != 0x0A }) { spans.append(.plain(plainStart..<end)) }
        return spans
    }

    /// The range of the tone in an opening mark line, `<!-- callout TONE -->` with a tone of lower-case letters.
    private static func openingTone(_ line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let prefix = "<!-- callout ".utf8
        let suffix = " -->".utf8
        guard line.count > prefix.count + suffix.count, line.starts(with: prefix),
            line[(line.count - suffix.count)...].elementsEqual(suffix)
        else { return nil }
        let tone = prefix.count..<(line.count - suffix.count)
        guard line[tone].allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else { return nil }
        return tone
    }

    /// A callout from the range of its lines (each ending with a line feed): blank lines, then an ATX heading of
    /// level 2 to 4, then its body.
    private static func callout(tone: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, lines: Range<Int>) -> Span? {
        var start = lines.lowerBound
        while start < lines.upperBound && bytes[start] == 0x0A { start += 1 }
        guard start < lines.upperBound else { return nil }
        var headingEnd = start
        while bytes[headingEnd] != 0x0A { headingEnd += 1 }
        // The heading is checked by `Character`s, as a `#` with a combining mark is no `#`.
        let heading = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<headingEnd]), as: UTF8.self)
        guard let level = headingLevel(Substring(heading)) else { return nil }
        let body = headingEnd + 1 < lines.upperBound ? (headingEnd + 1)..<lines.upperBound : 0..<0
        return .callout(tone: tone, level: level, heading: start..<headingEnd, body: body)
    }

    /// The level of an ATX heading line of level 2 to 4 (`### Title`), or nil.
    private static func headingLevel(_ heading: Substring) -> Int? {
        let level = heading.prefix { $0 == "#" }.count
        guard (2...4).contains(level), heading.dropFirst(level).first == " " else { return nil }
        return level
    }

    /// The parts of a document by `Character` lines, for one with a carriage return; also the reference the byte pass is
    /// tested against, on documents with and without one.
    static func parts(ofLines markdown: String) -> [Part]? {
        var parts: [Part] = []
        var plain: [Substring] = []
        var open: (tone: String, lines: [Substring])?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let tone = openingTone(line) {
                guard open == nil else { return nil }
                if !plain.isEmpty { parts.append(.markdown(plain.joined(separator: "\n") + "\n")) }
                plain = []
                open = (tone, [])
            } else if line == "<!-- /callout -->" {
                guard let marked = open, let part = makeCallout(tone: marked.tone, lines: marked.lines) else {
                    return nil
                }
                parts.append(part)
                open = nil
            } else if open != nil {
                open?.lines.append(line)
            } else {
                plain.append(line)
            }
        }
        guard open == nil else { return nil }
        if plain.contains(where: { !$0.isEmpty }) { parts.append(.markdown(plain.joined(separator: "\n"))) }
        return parts
    }

    /// The tone of an opening mark, `<!-- callout TONE -->` with a tone of lower-case letters.
    private static func openingTone(_ line: Substring) -> String? {
        guard line.hasPrefix("<!-- callout "), line.hasSuffix(" -->") else { return nil }
        let tone = line.dropFirst("<!-- callout ".count).dropLast(" -->".count)
        guard !tone.isEmpty, tone.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
            return nil
        }
        return String(tone)
    }

    /// A callout from its lines: blank lines, then an ATX heading of level 2 to 4, then its body.
    private static func makeCallout(tone: String, lines: [Substring]) -> Part? {
        guard let first = lines.firstIndex(where: { !$0.isEmpty }) else { return nil }
        let heading = lines[first]
        guard let level = headingLevel(heading) else { return nil }
        let body = lines[(first + 1)...].joined(separator: "\n")
        return .callout(tone: tone, level: level, heading: String(heading), body: body + "\n")
    }

    /// The document (UTF-8) as an HTML fragment (UTF-8): each part rendered by libcmark in safe mode, each callout
    /// wrapped by the callout template; plain libcmark output when the document has no callout.
    static func html(fromMarkdown markdown: [UInt8], templates: TemplateSet) throws(TemplateErrors) -> [UInt8] {
        var html: [UInt8] = []
        html.reserveCapacity(markdown.count * 3 / 2)
        guard let pieces = pieces(of: markdown) else {
            CommonMark.appendHTML(of: markdown[...], to: &html)
            return html
        }
        var number = 0
        for piece in pieces {
            switch piece {
            case .markdown(let text):
                CommonMark.appendHTML(of: text, to: &html)
            case .callout(let tone, let level, let heading, let body):
                number += 1
                // libcmark renders the heading line alone as `<hN>…</hN>\n`; the template writes the element.
                var headingHTML: [UInt8] = []
                CommonMark.appendHTML(of: heading, to: &headingHTML)
                var bodyHTML: [UInt8] = []
                CommonMark.appendHTML(of: body, to: &bodyHTML)
                while bodyHTML.last == UInt8(ascii: "\n") { bodyHTML.removeLast() }
                let callout = CalloutViewModel(
                    tone: tone, id: "callout-\(number)", level: String(level),
                    headingHTML: Array(headingHTML.dropFirst("<hN>".utf8.count).dropLast("</hN>\n".utf8.count)),
                    bodyHTML: bodyHTML)
                html += try templates.renderUTF8(template, callout)
            }
        }
        return html
    }
}
