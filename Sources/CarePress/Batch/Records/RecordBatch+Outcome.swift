extension RecordBatch {
    /// What processing one record left behind besides its manifest entry: never the record itself.
    struct Outcome: Sendable {
        /// How far the record got.
        enum State: UInt8, Sendable {
            /// Rendered (and written, unless it was held for a contest).
            case rendered
            /// Its outputs from the last build were still right.
            case reused
            /// Loaded (for its summary or validity) without rendering.
            case loaded
            /// It has errors.
            case failed
        }

        var state: State
        /// Whether the record loaded without errors (so it may own its report files).
        var isValid = false
        /// Whether its PDF was due and not printed (the browser failed, or there is none); with an error on the
        /// record when the browser failed it. The report's other files were written.
        var pdfFailed = false
        /// Whether an old PDF of the record was removed because the new one was not printed.
        var pdfRemoved = false

        var idPosition = SourcePosition.start
        /// Diagnostics to report (this shard's records only; a valid record's are also in its entry).
        var diagnostics: [Diagnostic] = []
        /// A record with errors, as the reports index lists it (whatever this shard's role for it); its last good
        /// report is looked up when the results are gathered (`addResults`).
        var failure: FailedRecord?
        /// Files written to temporary names, waiting for the manifest to record that they are being replaced (or, for
        /// a contested record, for the contest to be settled).
        var staged: [StagedFile] = []
        /// Every file the record's report is made of now, staged or already holding the right bytes; emptied once the
        /// record's entry names them (committed).
        var rendered: [String] = []
        var written: Int32 = 0
        var unchanged: Int32 = 0
        var loadTime: Float = 0
        var renderTime: Float = 0
        var writeTime: Float = 0
        /// PDFs printed, and the time it took (`build --pdf`).
        var pdfs: Int32 = 0
        var pdfTime: Float = 0

        /// The outcome of a record whose outputs from the last build were still right.
        static func reused(diagnostics: [Diagnostic]) -> Outcome {
            var outcome = Outcome(state: .reused)
            outcome.isValid = true
            outcome.diagnostics = diagnostics
            return outcome
        }
    }
}
