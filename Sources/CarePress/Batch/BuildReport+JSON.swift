import Foundation

extension BuildReport {
    /// What `build --json` prints: the counts and timings of a build (see docs/reference/json.md).
    public struct JSONSummary: Encodable, Sendable {
        /// Record files in the build (in this shard).
        public var records: Int
        /// Records rendered.
        public var rendered: Int
        /// Records whose manifest entry showed that nothing changed.
        public var skipped: Int
        /// Records with errors.
        public var failed: Int
        /// Files created or changed.
        public var written: Int
        /// Files rendered again with the same bytes.
        public var unchanged: Int
        /// Files of deleted records removed.
        public var deleted: Int
        /// `written` + `unchanged`.
        public var files: Int
        /// PDFs printed (`--pdf`; also counted in `written` or `unchanged`).
        public var pdfs: Int
        /// PDFs due that were not printed (`--pdf`: the browser failed them, or there is none).
        public var pdfsFailed: Int
        /// Errors reported.
        public var errors: Int
        /// Warnings reported.
        public var warnings: Int
        /// Template renders that fell back from the compiled renderer to swift-mustache.
        public var templateFallbacks: Int
        /// Seconds per stage, to the millisecond.
        public var seconds: [String: Double]
        /// Every error, located, in order: a record that failed is named here, with where and why.
        public var failures: [Failure]
        /// How many reports the reports index lists at each attention level; absent from a shard that does not
        /// write the index.
        public var attention: AttentionCounts?

        /// One error, as `build` prints it: `path:line:column: error: message`.
        public struct Failure: Encodable, Sendable {
            public var path: String
            public var line: Int
            public var column: Int
            public var message: String
        }

        /// Reports at each attention level that the triage index lists first.
        public struct AttentionCounts: Encodable, Sendable {
            public var urgent: Int
            public var review: Int
            public var followUp: Int
        }
    }

    /// The report's JSON summary.
    public var jsonSummary: JSONSummary {
        let stages = [
            "scan": timings.scan, "records": timings.records, "load": timings.load, "render": timings.render,
            "write": timings.write, "pdf": timings.pdf, "shared": timings.shared, "total": timings.total,
            "wait": timings.wait,
        ]
        return JSONSummary(
            records: records, rendered: rendered, skipped: skipped, failed: failedRecords, written: written,
            unchanged: unchanged, deleted: deleted, files: written + unchanged, pdfs: pdfs, pdfsFailed: pdfsFailed,
            errors: errorCount,
            warnings: warningCount, templateFallbacks: templateFallbacks,
            seconds: stages.mapValues { (max(0, $0) * 1000).rounded() / 1000 },
            failures: diagnostics.filter { $0.severity == .error }.map { error in
                JSONSummary.Failure(
                    path: error.file, line: error.position.line, column: error.position.column,
                    message: error.path.isEmpty ? error.message : error.path + ": " + error.message)
            },
            attention: attention.map {
                JSONSummary.AttentionCounts(
                    urgent: $0[.urgent] ?? 0, review: $0[.review] ?? 0, followUp: $0[.followUp] ?? 0)
            })
    }

    /// The build's counts and timings as one JSON object with sorted keys, for scripts.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Integers and finite numbers always encode.
        return (try? encoder.encode(jsonSummary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
