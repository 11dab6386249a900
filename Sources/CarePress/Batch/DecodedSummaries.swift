import Foundation

/// Report summaries decoded by earlier builds of a session: a rebuild after an edit decodes only the summaries that
/// changed, rather than every record's (the reports index needs them all).
///
/// Found by the record's digest (16 bytes, cheap to hash) and taken only when the stored bytes are the same, byte for
/// byte, so a summary is never taken for another; only the summaries of the latest build are kept.
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

    /// The summaries of stored ones (each with the digest of its record, if it has one), in order, decoding (with
    /// `decode`, by position) only those no earlier build decoded; nil for bytes that are not a summary. Keeps exactly
    /// these for the next build.
    func summaries(
        of stored: [(digest: ContentDigest?, stored: BuildManifest.StoredSummary)],
        decode: (Int) -> ReportSummary? = { _ in nil }
    ) -> [ReportSummary?] {
        let earlier = state.withLock { state in
            let summaries = state.summaries
            state.summaries = [:]
            return summaries
        }
        var kept: [ContentDigest: (stored: BuildManifest.StoredSummary, summary: ReportSummary)] = [:]
        kept.reserveCapacity(stored.count)
        var decoded = 0
        let result = stored.indices.map { position -> ReportSummary? in
            let (digest, stored) = stored[position]
            if let digest, let known = earlier[digest], known.stored == stored {
                kept[digest] = known
                return known.summary
            }
            decoded += 1
            guard let summary = stored.summary ?? decode(position) else { return nil }
            var light = stored
            light.release()
            if let digest { kept[digest] = (light, summary) }
            return summary
        }
        state.withLock { state in
            state.summaries = kept
            state.decoded += decoded
        }
        return result
    }
}
