import Foundation

extension BuildManifest {
    /// A record's `ReportSummary` (its line in the reports index) as the manifest stores it: one encoded value, so
    /// fields added to the summary need no change to the manifest's tables.
    ///
    /// Kept encoded in memory too: a build that renders no index page never decodes it, and the digest of the shared
    /// pages' inputs is taken over these bytes.
    struct StoredSummary: Sendable, Hashable {
        /// The summary as JSON with sorted keys, so the same summary always has the same bytes.
        var bytes: [UInt8]

        /// The stored form of a summary.
        init(_ summary: ReportSummary) {
            bytes = (try? Self.encoder.encode(summary)).map { Array($0) } ?? []
        }

        /// Hashes the bytes in one pass (the synthesized hash would combine them one by one).
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        /// Whether two stored summaries have the same bytes (one `memcmp`).
        static func == (first: StoredSummary, second: StoredSummary) -> Bool {
            first.bytes.count == second.bytes.count
                && first.bytes.withUnsafeBytes { one in
                    second.bytes.withUnsafeBytes { other in
                        guard let one = one.baseAddress, let other = other.baseAddress else { return true }
                        return memcmp(one, other, first.bytes.count) == 0
                    }
                }
        }

        /// Stored bytes as read back.
        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The summary; nil when the bytes are not one (a manifest written by another version).
        var summary: ReportSummary? {
            try? JSONDecoder().decode(ReportSummary.self, from: Data(bytes))
        }

        private static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return encoder
        }()
    }
}
