extension BuildManifest {
    /// A record's `ReportSummary` (its line in the reports index) as the manifest stores it: one value in
    /// `SummaryCodec`'s form, so fields added to the summary need a change there, not to the manifest's tables.
    ///
    /// In memory it is its digest, with its bytes only while they are not yet in the manifest (and, for the first
    /// 2 MB of them, while the batch keeps them for the reports index: `RecordBatch.releaseSummary`): at 100,000 records the
    /// summaries' bytes were 40 MB of a build's peak, and a build that renders no index page never needs them. The
    /// reports index reads them back from the manifest (`BuildManifest.summary(at:)`); the digest of the shared
    /// pages' inputs is taken over the digests, and two stored summaries are equal when their digests are.
    struct StoredSummary: Sendable, Hashable {
        /// Where the bytes are.
        enum Held: Sendable {
            /// In memory: made by this build, not yet committed (or the manifest could not be written).
            case bytes([UInt8])
            /// Only in the manifest's row of the record.
            case inManifest
        }

        /// The digest of the bytes (`SummaryCodec`'s form, in which the same summary has the same bytes).
        let digest: ContentDigest
        /// Where the bytes are.
        private(set) var held: Held

        /// The stored form of a summary.
        init(_ summary: ReportSummary) {
            self.init(bytes: SummaryCodec.encode(summary))
        }

        /// Stored bytes, held.
        init(bytes: [UInt8]) {
            digest = ContentDigest(bytes)
            held = .bytes(bytes)
        }

        /// A summary the manifest holds, by the digest of its bytes.
        init(inManifest digest: ContentDigest) {
            self.digest = digest
            held = .inManifest
        }

        /// The bytes, when they are held.
        var bytes: [UInt8]? {
            guard case .bytes(let bytes) = held else { return nil }
            return bytes
        }

        /// Lets go of the bytes, once the manifest has them.
        mutating func release() {
            held = .inManifest
        }

        /// Hashes the digest.
        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }

        /// Whether two stored summaries have the same bytes (the same digest).
        static func == (first: StoredSummary, second: StoredSummary) -> Bool {
            first.digest == second.digest
        }

        /// The summary; nil when the bytes are not held here, or are not one (a manifest written by another version).
        var summary: ReportSummary? {
            bytes.flatMap(SummaryCodec.summary)
        }
    }
}
