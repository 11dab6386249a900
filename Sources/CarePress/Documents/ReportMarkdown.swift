#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Markdown blocks that report code escapes itself, for template values spliced in raw with `{{{...}}}`.
///
/// Report templates use `{{value}}` for everything (escaped by ``MarkdownEscaping/escaped(_:)``) except context keys
/// whose names end in `Markdown` (whole blocks made here from escaped text) or `Destination` (link destinations made
/// here with ``MarkdownEscaping/escapedLinkDestination(_:)``). Only those keys may be used with triple braces.
enum ReportMarkdown {
    /// Free text quoted exactly as a block quote: its lines and paragraphs kept, every line rendering literally.
    ///
    /// The text is escaped as ``MarkdownEscaping/escapedParagraphs(_:)`` escapes it; in the same pass, each line
    /// is prefixed with `> ` and each blank line between paragraphs becomes `>`. Text with no visible line gives a
    /// quote saying it was left empty.
    static func quoted(_ text: String) -> String {
        let quoted = MarkdownEscaping.escapedParagraphs(text, linePrefix: "> ", emptyLine: ">")
        return quoted.isEmpty ? "> *(left empty)*" : quoted
    }

    /// Free text as plain Markdown paragraphs, every line rendering literally; `*(left empty)*` when blank.
    static func paragraphs(_ text: String) -> String {
        let paragraphs = MarkdownEscaping.escapedParagraphs(text)
        return paragraphs.isEmpty ? "*(left empty)*" : paragraphs
    }

    /// Markdown moved right by `indent` on every non-empty line, e.g. to continue a list item.
    static func indented(_ markdown: String, by indent: String) -> String {
        prefixingLines(markdown, with: indent, emptyLine: "")
    }

    /// Each line of `text` (split at `\n`) with `prefix` in front, and each empty line as `emptyLine`.
    ///
    /// Works on UTF-8 bytes: a line feed is always a `Character` of its own (Unicode never joins anything to it), so
    /// splitting bytes at it is splitting `Character`s at it; text with a carriage return, which forms one
    /// `Character` with a line feed after it, is split as `Character`s.
    static func prefixingLines(_ text: String, with prefix: String, emptyLine: String) -> String {
        var text = text
        let hasCarriageReturn = text.withUTF8 { utf8 in
            utf8.baseAddress.map { memchr($0, 0x0D, utf8.count) != nil } ?? false
        }
        guard !hasCarriageReturn else {
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? emptyLine : prefix + $0 }
                .joined(separator: "\n")
        }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 16 + prefix.utf8.count + 8)
        text.withUTF8 { utf8 in
            var start = 0
            while true {
                let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.count
                // Each line, with its prefix (or, empty, as `emptyLine`), then its line feed.
                output.append(contentsOf: (end == start ? emptyLine : prefix).utf8)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
                guard end < utf8.count else { break }
                output.append(0x0A)
                start = end + 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A link destination for `[text](HERE)` or `![alt](HERE)`, in the `<...>` form.
    ///
    /// Only for destinations CarePress made itself (relative paths into the output) or vetted with
    /// ``MarkdownEscaping/safeWebURL(_:)``: this escapes, it does not decide whether a link is safe.
    static func destination(_ url: String) -> String {
        MarkdownEscaping.escapedLinkDestination(url)
    }

    /// Joins words as a sentence list: `a`, `a and b`, `a, b and c`.
    static func sentenceList(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// `1 day`, `2 days`: a count with the singular or plural of a noun.
    static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}
