import CCmark

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

    /// Calls libcmark on `markdown` and hands the HTML it returns to `body` before freeing it.
    private static func render<Result>(
        _ markdown: UnsafeBufferPointer<UInt8>, options: MarkdownOptions,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let html: UnsafeMutablePointer<CChar>? = markdown.withMemoryRebound(to: CChar.self) { text in
            guard let start = text.baseAddress else {
                return cmark_markdown_to_html("", 0, options.rawValue)
            }
            return cmark_markdown_to_html(start, text.count, options.rawValue)
        }
        guard let html else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { free(html) }
        // libcmark turns every NUL in the input into U+FFFD, so the first NUL ends the HTML.
        let length = strlen(html)
        return html.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            body(UnsafeBufferPointer(start: start, count: length))
        }
    }
}
