/// Checks that a rendered report shows texts it must never leave out, such as a physio report's red flags.
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

    /// Throws an error located in `templatePath` for each required text that `html`, the HTML libcmark made of a
    /// report's Markdown, does not show.
    static func check(
        html: String, shows required: [(what: String, text: String)], templatePath: String
    ) throws(TemplateErrors) {
        let shown = normalized(visibleText(ofHTML: html))
        let missing = required.filter { !shown.contains(normalized($0.text)) }
        guard !missing.isEmpty else { return }
        throw TemplateErrors(
            diagnostics: missing.map { item in
                Diagnostic(
                    .error, file: templatePath, position: .start,
                    message: "the template leaves out \(item.what)",
                    hint: "a physio report must show the disclaimer ({{site.disclaimer}}) and every red flag of the "
                        + "conditions it shows ({{#redFlags}}); copy them from the default Templates/reports/physio.md.mustache"
                )
            })
    }

    /// The text of HTML as libcmark writes it: tags removed, its four entities and numeric references decoded.
    static func visibleText(ofHTML html: String) -> String {
        var text = String.UnicodeScalarView()
        var scalars = html.unicodeScalars[...]
        while let first = scalars.first {
            if first == "<" {
                guard let close = scalars.firstIndex(of: ">") else { break }
                text.append(" ")
                scalars = scalars[scalars.index(after: close)...]
            } else if first == "&", let semicolon = scalars.prefix(12).firstIndex(of: ";") {
                let entity = String(scalars[..<scalars.index(after: semicolon)])
                if let decoded = decodeEntity(entity) {
                    text.append(decoded)
                } else {
                    text.append(contentsOf: entity.unicodeScalars)
                }
                scalars = scalars[scalars.index(after: semicolon)...]
            } else {
                text.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return String(text)
    }

    /// The text with every run of white space turned into one space and none at either end, and NUL as U+FFFD (as
    /// CommonMark shows it).
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}").split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    private static func decodeEntity(_ entity: String) -> Unicode.Scalar? {
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
