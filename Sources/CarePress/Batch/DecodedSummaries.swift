import Foundation

/// Report summaries decoded by earlier builds of a session: a rebuild after an edit decodes only the summaries that
/// changed, rather than every record's (the reports index needs them all).
///
/// Found by the record's digest (16 bytes, cheap to hash) and taken only when the stored bytes are the same, byte for
/// byte, so a summary is never taken for another. The summaries of the latest builds are kept, updated in place (a
/// rebuild after one edit adds one): those no longer used go once they are as many as the latest build's.
public final class DecodedSummaries: Sendable {
    private struct State {
        var summaries: [ContentDigest: (stored: BuildManifest.StoredSummary, summary: ReportSummary)] = [:]
        var decoded = 0
    }

    private let state = Mutex(State())

    /// None yet.
    public init() {}

    /// How many summaries were decoded (not found here) over the session.
    public var decodedCount: Int { state.withLock { $0.decoded } }

    /// How many summaries are kept.
    var keptCount: Int { state.withLock { $0.summaries.count } }

    /// The summaries of stored ones (each with the digest of its record, if it has one), in order, decoding (with
    /// `decode`, by position, when the stored summary does not hold its bytes) only those no earlier build decoded;
    /// nil for bytes that are not a summary. Keeps them for the next build.
    func summaries(
        of stored: [(digest: ContentDigest?, stored: BuildManifest.StoredSummary)],
        decode: (Int) -> ReportSummary? = { _ in nil }
    ) -> [ReportSummary?] {
        var known = state.withLock { state in
            let summaries = state.summaries
            state.summaries = [:]
            return summaries
        }
        var decoded = 0
        let result = stored.indices.map { position -> ReportSummary? in
            let (digest, stored) = stored[position]
            if let digest, let earlier = known[digest], earlier.stored == stored { return earlier.summary }
            decoded += 1
            guard let summary = stored.summary ?? decode(position) else { return nil }
            var light = stored
            light.release()
            if let digest { known[digest] = (light, summary) }
            return summary
        }
        if known.count >= 2 * max(stored.count, 64) {
            // As many unused as used (or more): keep only this build's.
            let used = Set(stored.compactMap(\.digest))
            known = known.filter { used.contains($0.key) }
        }
        state.withLock { state in
            state.summaries = known
            state.decoded += decoded
        }
        return result
    }
}
