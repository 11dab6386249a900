/// What a record's report reads besides the record itself, as keys the build manifest stores and the next build
/// resolves against the current project.
///
/// Keys: `schema:<id>` (a consult's questionnaire) and `knowledge` (the whole knowledge store: every file of
/// `Content/knowledge/`). A report that reads the store depends on all of it, not on the items it cites: a physio
/// report shows its condition, exercises and area, or, when the model gave no answer or named a condition the store
/// does not have, the condition matcher's matches with their red flags, and the matcher ranks every condition of the
/// store by its keywords, aliases and body area; a consult's leaflets link to the condition or exercise they name.
/// A list of the items a report shows would have to follow every change to the matcher and the views, and a missed
/// item leaves a report with stale red flags. Sound by construction instead: `knowledge(for:in:)` is the store a
/// report is given (by `ReportFactory`), and it is empty unless the record's keys hold `knowledge`.
///
/// This must list everything `ReportRenderer` and `RecordLoader` read for a record; the templates, the site settings
/// and the tool are added for every record by `BuildInputs`.
enum RecordDependencies {
    /// The key of the whole knowledge store.
    static let knowledgeKey = "knowledge"

    /// The dependency keys of a loaded record, in a stable order without repeats.
    static func of(_ record: Record) -> [String] {
        var keys: [String] = []
        if case .consult(let consult) = record { keys.append("schema:" + consult.schemaID) }
        if readsKnowledge(record) { keys.append(knowledgeKey) }
        return keys
    }

    /// Whether a record's report (and its checks) read the knowledge store: every physio record, and a consult
    /// whose transcript suggests a leaflet.
    static func readsKnowledge(_ record: Record) -> Bool {
        switch record {
        case .consult(let consult): consult.transcript.contains { $0.kind == .leaflet }
        case .physio: true
        case .stack: false
        }
    }

    /// The knowledge store a record's report is given: the project's when the record depends on it, otherwise an
    /// empty one, so that no report can show knowledge its digest does not cover.
    static func knowledge(for record: Record, in project: SiteProject) -> KnowledgeStore {
        readsKnowledge(record) ? project.knowledge : .empty
    }
}
