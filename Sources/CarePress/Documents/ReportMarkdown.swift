/// Markdown blocks that report code escapes itself, for template values spliced in raw with `{{{...}}}`.
///
/// Report templates use `{{value}}` for everything (escaped by ``MarkdownEscaping/escaped(_:)``) except context keys
/// whose names end in `Markdown` (whole blocks made here from escaped text) or `Destination` (link destinations made
/// here with ``MarkdownEscaping/escapedLinkDestination(_:)``). Only those keys may be used with triple braces.
enum ReportMarkdown {
    /// Free text quoted exactly as a block quote: its lines and paragraphs kept, every line rendering literally.
    ///
    /// The text goes through ``MarkdownEscaping/escapedParagraphs(_:)``; each resulting line is prefixed with `> `
    /// and each blank line between paragraphs becomes `>`. Text with no visible line gives a quote saying it was
    /// left empty.
    static func quoted(_ text: String) -> String {
        let paragraphs = MarkdownEscaping.escapedParagraphs(text)
        guard !paragraphs.isEmpty else { return "> *(left empty)*" }
        return paragraphs.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? ">" : "> " + $0 }
            .joined(separator: "\n")
    }

    /// Free text as plain Markdown paragraphs, every line rendering literally; `*(left empty)*` when blank.
    static func paragraphs(_ text: String) -> String {
        let paragraphs = MarkdownEscaping.escapedParagraphs(text)
        return paragraphs.isEmpty ? "*(left empty)*" : paragraphs
    }

    /// Markdown moved right by `indent` on every non-empty line, e.g. to continue a list item.
    static func indented(_ markdown: String, by indent: String) -> String {
        markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : indent + $0 }
            .joined(separator: "\n")
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
