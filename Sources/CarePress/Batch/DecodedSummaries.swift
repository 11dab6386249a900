import Foundation

/// Report summaries decoded by earlier builds of a session, by their stored bytes: a rebuild after an edit decodes
/// only the summaries that changed, rather than every record's (the reports index needs them all).
///
/// Looked up by the whole of the stored bytes, so a summary is never taken for another; only the summaries of the
/// latest build are kept.
public final class DecodedSummaries: Sendable {
    private struct State {
        var summaries: [BuildManifest.StoredSummary: ReportSummary] = [:]
        var decoded = 0
    }

    private let state = Mutex(State())

    /// None yet.
    public init() {}

    /// How many summaries were decoded (not found here) over the session.
    public var decodedCount: Int { state.withLock { $0.decoded } }

    /// The summaries of stored ones, in order, decoding only those no earlier build decoded; nil for bytes that are
    /// not a summary. Keeps exactly these for the next build.
    func summaries(of stored: [BuildManifest.StoredSummary]) -> [ReportSummary?] {
        let earlier = state.withLock { state in
            let summaries = state.summaries
            state.summaries = [:]
            return summaries
        }
        var kept: [BuildManifest.StoredSummary: ReportSummary] = [:]
        kept.reserveCapacity(stored.count)
        var decoded = 0
        let result = stored.map { stored -> ReportSummary? in
            if let summary = kept[stored] ?? earlier[stored] {
                kept[stored] = summary
                return summary
            }
            decoded += 1
            guard let summary = stored.summary else { return nil }
            kept[stored] = summary
            return summary
        }
        state.withLock { state in
            state.summaries = kept
            state.decoded += decoded
        }
        return result
    }
}
