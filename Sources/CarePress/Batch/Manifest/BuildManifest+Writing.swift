extension BuildManifest {
    /// Commits changes in one transaction, synced to disk before it returns.
    ///
    /// The first commit of a build marks the build unfinished (so the next build checks the database and does not
    /// trust this build's rows if it never finishes); `finishing` marks it finished, with where the output folder's
    /// `files` stand: when some may not be on disk, the rows from this build's generation (or an earlier unflushed
    /// one's) are not trusted by a build in another boot. Nothing is written when there is nothing to change.
    func commit(_ changes: ManifestChanges, finishing: Bool = false, files: FilesOnDisk = .flushed) throws(SQLiteError)
    {
        try store.withLock { store throws(SQLiteError) in
            let unflushed =
                switch files {
                case .flushed: Int?.none
                case .unflushed: store.unflushedFrom ?? store.generation
                case .asBefore: store.unflushedFrom
                }
            guard
                !changes.isEmpty
                    || (finishing && (!store.finishedOnDisk || unflushed != store.unflushedFrom))
            else { return }
            let generation = store.generation
            try store.database.transaction { () throws(SQLiteError) in
                if !store.started || store.finishedOnDisk {
                    try store.database.prepare("UPDATE build SET generation = ?, finished = 0 WHERE one = 1")
                        .run(.integer(generation))
                    if store.vouchesByBoot, let boot = store.boot {
                        // Killed from here on, this build leaves its rows to be trusted in this boot only (until it
                        // finishes, which says where its files stand).
                        try store.database.prepare(
                            "UPDATE build SET unflushed_from = coalesce(unflushed_from, ?), unflushed_boot = ? "
                                + "WHERE one = 1"
                        ).run(.integer(generation), .text(boot))
                    }
                }
                for path in changes.removedEntries { try store.delete.run(.blob(Array(path.utf8))) }
                for (path, changed) in changes.entries {
                    var (entry, summary) = (changed, [UInt8]?.none)
                    if let stored = entry.summary, stored.bytes == nil {
                        // Not held in memory: the row has the bytes (this entry was read from it).
                        summary = Self.summaryBytes(at: path, in: store).flatMap {
                            $0.digest == stored.digest ? $0 : nil
                        }
                        .flatMap(\.bytes)
                        if summary == nil {
                            // Gone meanwhile (never, short of an edit from outside): the record is rendered again.
                            (entry.summary, entry.digest) = (nil, nil)
                        }
                    }
                    let values = ManifestRow.valuesWithChecksum(
                        path: path, entry: entry, generation: generation, summary: summary)
                    defer { store.upsert.reset() }
                    for (offset, value) in values.enumerated() { try store.upsert.bind(value, at: Int32(offset + 1)) }
                    try store.upsert.step()
                }
                for path in changes.settledOrphans { try store.removeOrphan.run(.blob(Array(path.utf8))) }
                for path in changes.orphans {
                    let key = SQLiteValue.blob(Array(path.utf8))
                    try store.addOrphan.run(key, ManifestRow.checksum([key]))
                }
                if let shared = changes.shared {
                    let values: [SQLiteValue] = [
                        shared.digest.map { .blob(ManifestRow.bytes(of: $0)) } ?? .null,
                        shared.guideDigest.map { .blob(ManifestRow.bytes(of: $0)) } ?? .null,
                        .blob(ManifestRow.joined(shared.outputs)),
                    ]
                    try store.database.prepare(
                        "UPDATE build SET shared_digest = ?, shared_guide_digest = ?, shared_outputs = ?, checksum = ? "
                            + "WHERE one = 1"
                    ).run(values[0], values[1], values[2], ManifestRow.checksum(values))
                }
                if finishing {
                    let boot = unflushed == nil ? nil : store.boot
                    try store.database.prepare(
                        "UPDATE build SET finished = 1, unflushed_from = ?, unflushed_boot = ? WHERE one = 1"
                    ).run(unflushed.map { .integer($0) } ?? .null, boot.map { .text($0) } ?? .null)
                }
            }
            store.started = true
            store.finishedOnDisk = finishing
            if finishing { store.unflushedFrom = unflushed }
        }
    }

    /// Lets the rows this build commits be trusted by the next build in the same boot should this build be killed:
    /// for an output folder on this machine's own file system (`LocalFileSystem`), where a killed process's files are
    /// in the page cache, so that a killed build's rerun renders only what it had not finished. A build killed after
    /// a restart, or one whose earlier rows were not vouched for, still has its rows rendered again; so has every
    /// killed build of a folder on another machine's file system.
    func vouchByBoot() {
        store.withLock { store in
            guard store.boundToBoot, !store.started || store.finishedOnDisk else { return }
            store.vouchesByBoot = true
        }
    }

    /// Whether files that builds wrote may not be on disk yet (they left them to the system's writeback).
    var hasUnflushedFiles: Bool { store.withLock { $0.unflushedFrom != nil } }

    /// Where the files of the output folder stand when a build finishes.
    enum FilesOnDisk {
        /// All on disk: the build flushed the output folder's file system.
        case flushed
        /// The build wrote files that it left for the system to write to disk.
        case unflushed
        /// The build wrote nothing: as the builds before left them.
        case asBefore
    }

    /// A record's stored summary as its row has it, bytes held; nil when the row has none. For the reports index,
    /// which reads the summaries back a page at a time rather than holding them all.
    func summary(at path: String) -> StoredSummary? {
        store.withLock { store in
            store.summariesRead += 1
            return Self.summaryBytes(at: path, in: store)
        }
    }

    /// How many summaries `summary(at:)` has read back.
    var summariesRead: Int { store.withLock { $0.summariesRead } }

    private static func summaryBytes(at path: String, in store: Store) -> StoredSummary? {
        let select = store.selectSummary
        defer { select.reset() }
        guard (try? select.bind(.blob(Array(path.utf8)), at: 1)) != nil, (try? select.step()) == true,
            let bytes = select.bytes(0)
        else { return nil }
        return StoredSummary(bytes: bytes)
    }
}
