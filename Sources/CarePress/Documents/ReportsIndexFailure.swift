/// One failed record as the reports index lists it, first (`reports/index-failures.md.mustache`): who and which file,
/// each error where it is, and the last good report when an earlier build's is still there.
///
/// Pre-escaped: `hrefDestination` (a link destination); everything else is plain text the template escapes.
struct ReportsIndexFailure: ViewModel {
    /// One error, located: `line:column: path: message`, with its hint.
    struct LocatedError: ViewModel {
        var text: String

        func field(_ name: FieldName) -> TemplateValue? {
            name.key == .text ? .text(text) : nil
        }
    }

    /// The last good report.
    struct LastGood: ViewModel {
        var title: String
        var hrefDestination: String
        /// Its attention level in words, and why.
        var level: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .title: .text(title)
            case .hrefDestination: .text(hrefDestination)
            case .level: .text(level)
            default: nil
            }
        }
    }

    /// The kind of record in words.
    var kind: String
    var file: String
    var id: String
    var patient: String?
    var errors: [LocatedError]
    var lastGood: LastGood?

    /// The entry of a failed record on the index page at `page`.
    init(_ failure: FailedRecord, from page: String) {
        kind = ReportsIndex.kindName(failure.kind)
        file = failure.file
        id = failure.id ?? "unknown"
        patient = failure.patient
        errors = failure.errors.map { error in
            let subject = error.path.isEmpty ? "" : error.path + ": "
            return LocatedError(
                text: "line \(error.position.line), column \(error.position.column): " + subject + error.message
                    + (error.hint.map { " (hint: \($0))" } ?? ""))
        }
        lastGood = failure.lastGood.map { summary in
            let attention =
                summary.attention.isNeeded
                ? summary.attention.level.words + ": " + summary.attention.reasons.joined(separator: "; ")
                : summary.attention.level.words
            return LastGood(
                title: summary.title,
                hrefDestination: ReportMarkdown.destination(RelativeLink.to(summary.htmlPath, from: page)),
                level: attention)
        }
    }

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .kind: .text(kind)
        case .file: .text(file)
        case .id: .text(id)
        case .patient: .text(patient)
        case .errors: .objects(errors)
        case .lastGood: lastGood.map { .object($0) }
        default: nil
        }
    }

    /// The failed records of a page: what `reports/index-failures.md.mustache` lists.
    struct List: ViewModel {
        var failures: [ReportsIndexFailure]

        func field(_ name: FieldName) -> TemplateValue? {
            name.key == .failures ? .objects(failures) : nil
        }
    }
}
