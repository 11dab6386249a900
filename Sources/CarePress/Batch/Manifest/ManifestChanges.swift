/// Changes to the build manifest that are committed together, in one transaction.
struct ManifestChanges: Sendable {
    /// Rows to write, by record path relative to the content folder.
    var entries: [(path: String, entry: BuildManifest.Entry)] = []
    /// Record paths whose rows go.
    var removedEntries: [String] = []
    /// Output files that rows stop listing in this commit but that may still be on disk: remembered until a build
    /// removes them (or a record makes them again), so a build killed in between leaves no file nobody knows of.
    var orphans: [String] = []
    /// Orphans dealt with: removed from the output folder, or made by a record again.
    var settledOrphans: [String] = []
    /// The shared pages' new state, if it changes.
    var shared: BuildManifest.SharedPages?

    /// No changes.
    init() {}

    /// Changes of the given kinds.
    init(
        entries: [(path: String, entry: BuildManifest.Entry)] = [], removedEntries: [String] = [],
        orphans: [String] = [], settledOrphans: [String] = [], shared: BuildManifest.SharedPages? = nil
    ) {
        self.entries = entries
        self.removedEntries = removedEntries
        self.orphans = orphans
        self.settledOrphans = settledOrphans
        self.shared = shared
    }

    /// Whether there is nothing to commit.
    var isEmpty: Bool {
        entries.isEmpty && removedEntries.isEmpty && orphans.isEmpty && settledOrphans.isEmpty && shared == nil
    }

    /// These changes followed by others (later rows for the same path win).
    mutating func append(_ other: ManifestChanges) {
        entries += other.entries
        removedEntries += other.removedEntries
        orphans += other.orphans
        settledOrphans += other.settledOrphans
        if let shared = other.shared { self.shared = shared }
    }
}
