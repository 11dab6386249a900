/// The documented limits on one record (formats/README.md, "Limits"); each is a located error on the record, and
/// the other records are still written.
public enum RecordLimits {
    /// The largest record file, in bytes (1 MiB). Rendering costs memory in proportion to the text: Markdown
    /// escaping, then cmark's parse (a node per escaped character), take up to ~180 times the size of text made of
    /// escapable characters, so this bounds what each worker needs for one record to about 200 MB.
    public static let maximumSize = 1024 * 1024
    /// The longest record id, in Unicode scalars: the id becomes a file name (with a suffix and, while it is written,
    /// a temporary prefix), which file systems limit to 255 bytes.
    public static let maximumIDLength = 128
    /// The most calendar days a stack's tracking log may span, first date to last (20 years): the adherence chart
    /// draws one bar per day, week or month of the span, so this bounds it.
    public static let maximumTrackingSpan = 7_305

    /// The longest physio concern, in Unicode scalars: the condition matcher's own bound.
    public static let maximumConcernLength = ConditionMatcher.maximumConcernLength

    /// Reports a record file larger than `maximumSize`; true when the size is within the limit.
    static func checkSize(_ byteCount: Int, log: DiagnosticLog) -> Bool {
        guard byteCount > maximumSize else { return true }
        log.report(FileSizeLimit.record.error(size: byteCount))
        return false
    }
}
