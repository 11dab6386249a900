extension BuildManifest {
    /// Commits changes in one transaction, synced to disk before it returns.
    ///
    /// The first commit of a build marks the build unfinished (so the next build checks the database and does not
    /// trust this build's rows if it never finishes); `finishing` marks it finished. Nothing is written when there
    /// is nothing to change.
    func commit(_ changes: ManifestChanges, finishing: Bool = false) throws(SQLiteError) {
        try store.withLock { store throws(SQLiteError) in
            guard !changes.isEmpty || (finishing && !store.finishedOnDisk) else { return }
            let generation = store.generation
            // Until it is known to have been committed, the mirror may not stand for the database.
            let faithful = store.mirror.faithful
            store.mirror.faithful = false
            try store.database.transaction { () throws(SQLiteError) in
                if !store.started || store.finishedOnDisk {
                    try store.database.prepare("UPDATE build SET generation = ?, finished = 0 WHERE one = 1")
                        .run(.integer(generation))
                }
                for path in changes.removedEntries { try store.delete.run(.blob(Array(path.utf8))) }
                for (path, entry) in changes.entries {
                    let values = ManifestRow.valuesWithChecksum(path: path, entry: entry, generation: generation)
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
                    try store.database.prepare("UPDATE build SET finished = 1 WHERE one = 1").run()
                }
            }
            store.started = true
            store.finishedOnDisk = finishing
            store.mirror.apply(changes)
            store.mirror.faithful = faithful
        }
    }
}
