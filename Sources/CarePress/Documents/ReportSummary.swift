/// What the reports index shows of one report.
public struct ReportSummary: Sendable, Hashable {
    /// The kind of record.
    public var kind: RecordKind
    /// The record id; untrusted.
    public var id: String
    /// A title for the report, e.g. the questionnaire title.
    public var title: String
    /// A line under the title, e.g. the patient's name and status.
    public var detail: String
    /// The record's date, for "newest first".
    public var date: Timestamp?
    /// The HTML report's path in the output folder.
    public var htmlPath: String
}
