import CarePressTestSupport
import FuzzSupport

@testable import CarePress

/// Fuzz target: Markdown escaping read back by libcmark. Escaped text renders as exactly that text in every inline
/// place a template puts a value; escaped paragraphs keep their lines and paragraphs; an escaped link destination
/// comes back as the same URL, or empty when it is dangerous. The text as a guide page's Markdown: refused by
/// `MarkdownBounds` at a position inside it, or nested no deeper than the bound in cmark's own parse.
func fuzzMarkdownEscaping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzing.bytes(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    checkBounds(text, bytes: bytes)

    let escaped = MarkdownEscaping.escaped(text)
    for context in EscapedRendering.inlineContexts(escaped: escaped, literal: EscapedRendering.literal(text)) {
        let html = CommonMark.html(from: context.markdown, options: context.options)
        Invariant.require(
            RenderedHTML(html) == context.expected,
            "\(text.debugDescription) escaped as \(context.markdown.debugDescription) renders as "
                + "\(html.debugDescription), not \(context.expected)")
    }

    let paragraphs = MarkdownEscaping.escapedParagraphs(text)
    let paragraphsHTML = CommonMark.html(from: paragraphs)
    let expected = EscapedRendering.expectedParagraphs(text)
    Invariant.require(
        RenderedHTML(paragraphsHTML) == expected,
        "\(text.debugDescription) as paragraphs \(paragraphs.debugDescription) renders as "
            + "\(paragraphsHTML.debugDescription), not \(expected)")

    // `%` is left alone in destinations (existing escapes keep their meaning), so only URLs without one come back
    // exactly after percent-decoding.
    if !text.unicodeScalars.contains("%") {
        let destination = MarkdownEscaping.escapedLinkDestination(text)
        let html = CommonMark.html(from: "[link](" + destination + ")")
        let rendered = RenderedHTML(html)
        let href = rendered?.firstHref.flatMap(EscapedRendering.percentDecoded)
        let expectedHref = EscapedRendering.isDangerous(text) ? "" : text
        Invariant.require(
            rendered?.tags.count == 4 && rendered?.texts == ["", "", "link", "", "\n"]
                && href.map { Array($0.unicodeScalars) } == Array(expectedHref.unicodeScalars),
            "\(text.debugDescription) as a destination \(destination.debugDescription) renders as "
                + "\(html.debugDescription)")
    }
    return 0
}

/// Finding 11 of issue 40: `MarkdownBounds` over-estimates cmark's nesting, so what it accepts nests no deeper than
/// its bound in cmark's HTML (raw HTML is omitted in safe mode, so every `<li>` and `<blockquote>` is cmark's).
private func checkBounds(_ text: String, bytes: [UInt8]) {
    do {
        try MarkdownBounds.check(text)
    } catch {
        Invariant.requireLocated([error.position], in: bytes)
        return
    }
    let html = CommonMark.html(from: text)
    var depth = 0
    var deepest = 0
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
        rest = rest[open...]
        if rest.hasPrefix("<blockquote>") || rest.hasPrefix("<li>") {
            depth += 1
            deepest = max(deepest, depth)
        } else if rest.hasPrefix("</blockquote>") || rest.hasPrefix("</li>") {
            depth -= 1
        }
        rest = rest.dropFirst()
    }
    Invariant.require(
        deepest <= MarkdownBounds.maximumNesting,
        "accepted, but cmark nests it \(deepest) deep: \(text.debugDescription)")
}
