/// What a record's report reads besides the record itself, as keys the build manifest stores and the next build
/// resolves against the current project.
///
/// Keys: `schema:<id>` (a consult's questionnaire), `area:<id>`, `condition:<name>` and `exercise:<name>` (knowledge
/// items looked up by the names a record uses, whether or not they exist: a name that starts to match changes the
/// report), and `knowledge` (the whole store, for a physio record the model did not answer, which the fallback
/// fills from the knowledge store). This must list everything `ReportRenderer` and `RecordLoader` read for a record;
/// the templates, the site settings and the tool are added for every record by `BuildInputs`.
enum RecordDependencies {
    /// The dependency keys of a loaded record, in a stable order without repeats.
    static func of(_ record: Record) -> [String] {
        var keys: [String] = []
        var transcript: [TranscriptMessage] = []
        switch record {
        case .consult(let consult):
            keys.append("schema:" + consult.schemaID)
            transcript = consult.transcript
        case .physio(let physio):
            if let area = physio.bodyArea { keys.append("area:" + area) }
            if let response = physio.response {
                keys.append("condition:" + response.conditionName)
                keys += response.suggestedExercises.map { "exercise:" + $0.name }
            } else {
                keys.append("knowledge")
            }
            transcript = physio.transcript
        case .stack:
            break
        }
        for message in transcript where message.kind == .leaflet {
            keys += ["condition:" + message.text, "exercise:" + message.text]
        }
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}
