extension RecordBatch {
    /// What a batch does with the records: check them, or build their reports.
    enum Mode: Sendable {
        /// Load and check every record; nothing is rendered or written.
        case check
        /// Render and write this shard's records, recording what was made in the manifest.
        case build(writer: OutputWriter, inputs: BuildInputs, renderer: ReportRenderer, manifest: BuildManifest)
    }
}
