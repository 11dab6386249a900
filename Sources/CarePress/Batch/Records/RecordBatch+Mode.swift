extension RecordBatch {
    /// What a batch does with the records: check them, or build their reports.
    enum Mode: Sendable {
        /// Load and check every record and, with a renderer, render its report in memory, as a build would, for the
        /// errors only rendering finds (the guardrail, links, templates); nothing is written.
        case check(renderer: ReportRenderer?)
        /// Render and write this shard's records, recording what was made in the manifest.
        case build(writer: OutputWriter, inputs: BuildInputs, renderer: ReportRenderer, manifest: BuildManifest)

        /// The renderer of the records' reports, if they are rendered.
        var renderer: ReportRenderer? {
            switch self {
            case .check(let renderer): renderer
            case .build(_, _, let renderer, _): renderer
            }
        }
    }
}
