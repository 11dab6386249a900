import CCmark

/// How libcmark parses and renders Markdown; the empty set is safe CommonMark.
///
/// With no options, rendering is safe: raw HTML is replaced by an `<!-- raw HTML omitted -->` comment and links or
/// images whose destination starts with `javascript:`, `vbscript:`, `file:` or `data:` (other than
/// `data:image/png`, `gif`, `jpeg` and `webp`) get an empty destination.
public struct MarkdownOptions: OptionSet, Sendable, Hashable {
    /// The libcmark option bits (`CMARK_OPT_*`).
    public let rawValue: Int32

    /// Creates options from libcmark `CMARK_OPT_*` bits.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Keeps raw HTML and dangerous link destinations (`CMARK_OPT_UNSAFE`); only for trusted Markdown.
    public static let unsafe = MarkdownOptions(rawValue: CMARK_OPT_UNSAFE)

    /// Turns straight quotes into curly quotes, `--` and `---` into dashes and `...` into an ellipsis
    /// (`CMARK_OPT_SMART`).
    public static let smart = MarkdownOptions(rawValue: CMARK_OPT_SMART)

    /// Replaces bytes that are not valid UTF-8 with U+FFFD before parsing (`CMARK_OPT_VALIDATE_UTF8`).
    public static let validateUTF8 = MarkdownOptions(rawValue: CMARK_OPT_VALIDATE_UTF8)
}
