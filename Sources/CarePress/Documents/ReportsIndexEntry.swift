/// One report's entry in a section of the reports index (`reports/index-entries.md.mustache`): the patient's name (or
/// the reference, for a record that names nobody) linked to the HTML report, title, kind, status, date, detail, why
/// it needs attention, reference and the Markdown file.
///
/// Pre-escaped: `hrefDestination` and `markdownDestination` (link destinations); everything else is plain text the
/// template escapes.
struct ReportsIndexEntry: ViewModel {
    /// The link's text: the patient's name, or the reference when the record names nobody.
    var name: String
    var title: String
    var status: String
    var id: String
    /// The kind of record in words (`ReportsIndex.kindName`).
    var kind: String
    var hrefDestination: String
    var markdownDestination: String
    var patient: String?
    /// Nil when the summary has none.
    var detail: String?
    /// The record's date in words.
    var date: String?
    /// Why the report needs attention; nil when it needs none.
    var why: String?

    /// The entry of a summary on an index page at `page`.
    init(_ summary: ReportSummary, from page: String) {
        name = Self.linkText(summary)
        title = summary.title
        status = summary.status
        id = summary.id
        kind = ReportsIndex.kindName(summary.kind)
        hrefDestination = ReportMarkdown.destination(RelativeLink.to(summary.htmlPath, from: page))
        markdownDestination = ReportMarkdown.destination(
            RelativeLink.to(String(summary.htmlPath.dropLast(".html".count)) + ".md", from: page))
        patient = summary.patient
        detail = summary.detail.isEmpty ? nil : summary.detail
        date = summary.date?.date.longDescription
        why = summary.attention.isNeeded ? summary.attention.reasons.joined(separator: "; ") : nil
    }

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .name: .text(self.name)
        case .title: .text(title)
        case .status: .text(status)
        case .id: .text(id)
        case .kind: .text(kind)
        case .hrefDestination: .text(hrefDestination)
        case .markdownDestination: .text(markdownDestination)
        case .patient: .text(patient)
        case .detail: .text(detail)
        case .date: .text(date)
        case .why: .text(why)
        default: nil
        }
    }

    /// What an entry's link says: the patient's name, or the reference when the record names nobody (the filter's
    /// matches, made by `assets/reports-filter.js`, are named the same way).
    static func linkText(_ summary: ReportSummary) -> String {
        guard let patient = summary.patient, patient.contains(where: { !$0.isWhitespace }) else { return summary.id }
        return patient
    }

    /// The entries of one section: what `reports/index-entries.md.mustache` lists.
    struct Section: ViewModel {
        var reports: [ReportsIndexEntry]

        func field(_ name: FieldName) -> TemplateValue? {
            name.key == .reports ? .objects(reports) : nil
        }
    }
}
