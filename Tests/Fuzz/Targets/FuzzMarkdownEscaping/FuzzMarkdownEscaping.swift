import CarePress
import CarePressTestSupport
import FuzzSupport

/// Fuzz target: Markdown escaping read back by libcmark. Escaped text renders as exactly that text in every inline
/// place a template puts a value; escaped paragraphs keep their lines and paragraphs; an escaped link destination
/// comes back as the same URL, or empty when it is dangerous.
func fuzzMarkdownEscaping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzzing.bytes(data, size), as: UTF8.self)

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
