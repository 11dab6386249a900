/// What the reports index shows of one report.
public struct ReportSummary: Sendable, Hashable {
    /// The kind of record.
    public var kind: RecordKind
    /// The record id; untrusted.
    public var id: String
    /// A title for the report, e.g. the questionnaire title.
    public var title: String
    /// The patient's display name, if the record has one; untrusted.
    public var patient: String?
    /// The report's state in a few words, e.g. "Completed" or "No personalised answer".
    public var status: String
    /// What else a reader should see at a glance, e.g. a physio concern or a stack's supplements; may be empty.
    public var detail: String
    /// The record's date, for "newest first".
    public var date: Timestamp?
    /// The HTML report's path in the output folder.
    public var htmlPath: String
    /// Whether the report needs a clinician's attention, and why: what the triage index puts first.
    public var attention: Attention = .routine
}

/// A summary is stored in the build manifest as one encoded value, so fields added here need no manifest change.
extension ReportSummary: Codable {}
