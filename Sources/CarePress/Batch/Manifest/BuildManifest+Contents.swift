extension BuildManifest {
    /// Everything the manifest held when it was opened.
    struct Contents: Sendable {
        /// The entries by record path relative to the content folder, in byte order of the paths.
        var entries: [(path: String, entry: Entry)] = []
        /// The shared pages as the last build left them.
        var shared = SharedPages()
        /// Files that a build stopped listing but may not have removed yet (see `orphans` in `ManifestChanges`).
        var orphans: [String] = []
        /// Why rows were not trusted, or why the whole manifest was made again: each becomes a warning.
        var warnings: [String] = []
        /// Whether the last build into it finished (not killed, not still running).
        var finished = true
    }

    /// The pages every shard shares (home, guide, reports index, assets), as the build that writes them (a whole
    /// build, or the fan-in of a batch) last wrote them.
    struct SharedPages: Sendable, Equatable {
        /// The digest of their inputs; nil when they must be written again.
        var digest: ContentDigest?
        /// The digest of what the guide and the assets are made from (their inputs but the records' summaries): when
        /// only the summaries changed, only the reports index and the home page are written again.
        var guideDigest: ContentDigest?
        /// The files written; empty for the shards of a batch.
        var outputs: [String] = []
    }
}
