/// The last listing of the reports index that a session's builds made (`carepress serve`), so that the next one is
/// made by updating it where the summaries changed rather than by listing and sorting every report again.
///
/// It is found by the digests of the stored summaries, position by position (their bytes, never a summary that merely
/// compares equal): a build whose summaries are those of the last build but for a few positions takes the last
/// order, takes the changed reports out and puts them back where their new keys sort. The order is the same as a
/// full sort's, since the keys are totally ordered (file position is the last tie-break). Anything else (another
/// number of summaries, many changes, a changed report path, which the link check's set of report files would have
/// to follow) lists afresh.
public final class KeptIndexListing: Sendable {
    /// A listing as kept.
    struct Listed: Sendable {
        /// The digests of the stored summaries, by position in the source.
        var digests: [ContentDigest]
        /// The keys, sorted.
        var keys: [ReportsIndexListing.Key]
        /// The HTML report's path at each position, nil where there is no summary.
        var paths: [String?]
        /// The report files the listing links to (see `ReportsIndexListing.listsReportFile`).
        var reportFiles: FileNameDigests
    }

    /// At most this many changed positions are put back one by one; more are listed afresh.
    static let updateLimit = 64

    private struct State {
        var listed: Listed?
        var updated = 0
    }

    private let state = Mutex(State())

    /// None yet.
    public init() {}

    /// How many listings were made by updating the kept one, over the session.
    public var updatedCount: Int { state.withLock { $0.updated } }

    /// The kept listing updated to `source` (whose digests are `digests`), kept in its place; nil when it must be
    /// listed afresh.
    func updated(to source: ReportsIndexListing.Source, digests: [ContentDigest]) -> Listed? {
        state.withLock { state -> Listed? in
            guard var listed = state.listed, listed.digests.count == digests.count else { return nil }
            var changed: [(position: Int, fields: ReportsIndexListing.Fields?)] = []
            for position in digests.indices where digests[position] != listed.digests[position] {
                guard changed.count < Self.updateLimit else { return nil }
                let fields = source.fields(position)
                // The set of report files stays as it is only if every report keeps its path.
                guard fields?.htmlPath == listed.paths[position] else { return nil }
                changed.append((position, fields))
            }
            if !changed.isEmpty {
                let positions = Set(changed.map { Int32($0.position) })
                var keys = listed.keys.filter { !positions.contains($0.position) }
                for (position, fields) in changed {
                    guard let fields else { continue }
                    let key = ReportsIndexListing.Key(fields, position: position)
                    var (low, high) = (0, keys.count)
                    while low < high {
                        let middle = (low + high) / 2
                        if keys[middle].precedes(key) { low = middle + 1 } else { high = middle }
                    }
                    keys.insert(key, at: low)
                }
                listed.keys = keys
                listed.digests = digests
            }
            state.listed = listed
            state.updated += 1
            return listed
        }
    }

    /// Keeps a listing just made.
    func keep(_ listed: Listed) {
        state.withLock { $0.listed = listed }
    }
}
