import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BuildManifest {
    /// What the database holds, as this connection read it at opening and changed it since, so that the next build
    /// of a session (`carepress serve`) takes the manifest from here rather than reading and checking every row again
    /// (see `reopened`).
    struct Mirror: Sendable {
        /// The rows as read, or as merged by the last `contents()`, in byte order of their paths.
        var rows: [(path: String, entry: Entry)]
        /// Rows written (or deleted: nil) since.
        var changed: [BytePath: Entry?] = [:]
        var orphans: Set<BytePath>
        var shared: SharedPages
        /// Whether it stands for the database: false when the database was opened damaged or after a build that did
        /// not finish (what was read is not what is stored), or when a commit failed (it may or may not have reached
        /// the database).
        var faithful: Bool

        /// A mirror of what was read.
        init(_ contents: Contents, faithful: Bool) {
            rows = contents.entries
            orphans = Set(contents.orphans.map(BytePath.init))
            shared = contents.shared
            self.faithful = faithful
        }

        /// Follows a commit of `changes`, in the order the commit applies them.
        mutating func apply(_ changes: ManifestChanges) {
            for path in changes.removedEntries { changed[BytePath(path)] = .some(nil) }
            for (path, entry) in changes.entries {
                // The summary's bytes are in the row now: the mirror keeps its digest, as a row read back has.
                var entry = entry
                entry.summary?.release()
                changed[BytePath(path)] = entry
            }
            for path in changes.settledOrphans { orphans.remove(BytePath(path)) }
            for path in changes.orphans { orphans.insert(BytePath(path)) }
            if let pages = changes.shared { shared = pages }
        }

        /// What opening the database now would read.
        mutating func contents() -> Contents {
            if !changed.isEmpty {
                let updates = changed.sorted { $0.key < $1.key }
                var merged: [(path: String, entry: Entry)] = []
                merged.reserveCapacity(rows.count + updates.count)
                var next = 0
                for (path, entry) in updates {
                    while next < rows.count && BytePath(rows[next].path) < path {
                        merged.append(rows[next])
                        next += 1
                    }
                    if next < rows.count && BytePath(rows[next].path) == path { next += 1 }
                    if let entry { merged.append((path.text, entry)) }
                }
                merged += rows[next...]
                rows = merged
                changed = [:]
            }
            var contents = Contents()
            contents.entries = rows
            contents.orphans = orphans.sorted().map(\.text)
            contents.shared = shared
            return contents
        }
    }

    /// The identity of the file at a path (device and inode), or nil when there is none.
    static func fileIdentity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// What the manifest holds now, for the next build of a session, from what this connection read and wrote,
    /// without reading the database; nil when that may not be what it holds: the last build did not finish or a
    /// commit failed, another connection (another build) wrote to it since (`PRAGMA data_version`), or the file at
    /// `path` is no longer the one opened (the output folder was removed). Then the manifest must be opened again.
    func reopened(at path: String) -> Contents? {
        store.withLock { store -> Contents? in
            guard store.mirror?.faithful == true, store.finishedOnDisk, Self.fileIdentity(path) == store.identity,
                let version = try? store.database.integer("PRAGMA data_version"), version == store.dataVersion
            else { return nil }
            // As opening does: rows this build writes carry the generation after the last one written.
            if store.started { store.generation += 1 }
            store.started = false
            return store.mirror?.contents()
        }
    }
}
