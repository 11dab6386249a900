import CCmark
import CCmarkArena

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders CommonMark to HTML with libcmark, byte for byte as the `cmark` program does.
public enum CommonMark {
    /// Renders `markdown` to HTML (safe unless `options` contains `.unsafe`).
    ///
    /// A NUL character in the input comes out as U+FFFD, as CommonMark requires.
    public static func html(from markdown: String, options: MarkdownOptions = []) -> String {
        var markdown = markdown
        return markdown.withUTF8 { utf8 in
            render(utf8, options: options) { html in String(decoding: html, as: UTF8.self) }
        }
    }

    /// Renders Markdown bytes to HTML bytes, passing the bytes to libcmark unchanged.
    ///
    /// Bytes that are not valid UTF-8 are handled exactly as the `cmark` program handles them: copied through,
    /// unless `options` contains `.validateUTF8`, which replaces them with U+FFFD.
    public static func html(fromBytes markdown: [UInt8], options: MarkdownOptions = []) -> [UInt8] {
        markdown.withUnsafeBufferPointer { bytes in
            render(bytes, options: options) { html in Array(html) }
        }
    }

    /// Appends the HTML of Markdown bytes to `output` (as `html(fromBytes:)`), with no array made on the way.
    static func appendHTML(of markdown: ArraySlice<UInt8>, options: MarkdownOptions = [], to output: inout [UInt8]) {
        markdown.withUnsafeBufferPointer { bytes in
            render(bytes, options: options) { html in output.append(contentsOf: html) }
        }
    }

    /// Calls libcmark on `markdown` and hands the HTML it returns to `body` before its memory goes.
    ///
    /// As `cmark_markdown_to_html` does (a parser fed the whole text, then the HTML renderer), but with every
    /// allocation of the document made from the thread's arena (`carepress_cmark_arena`), taken back at once
    /// afterwards instead of node by node.
    private static func render<Result>(
        _ markdown: UnsafeBufferPointer<UInt8>, options: MarkdownOptions,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        defer { carepress_cmark_arena_reset() }
        guard let parser = cmark_parser_new_with_mem(options.rawValue, carepress_cmark_arena()) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        markdown.withMemoryRebound(to: CChar.self) { text in
            if let start = text.baseAddress { cmark_parser_feed(parser, start, text.count) }
        }
        guard let document = cmark_parser_finish(parser), let html = cmark_render_html(document, options.rawValue)
        else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        // libcmark turns every NUL in the input into U+FFFD, so the first NUL ends the HTML.
        let length = strlen(html)
        return html.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            body(UnsafeBufferPointer(start: start, count: length))
        }
    }
}
