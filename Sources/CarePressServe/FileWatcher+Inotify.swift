import CarePress
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

#if os(Linux)
    /// inotify: which folders are watched, and how they are watched again when they are replaced.
    ///
    /// Every folder under a root has a watch, known by its path. Each root is also watched for, by name, from its
    /// parent folder (or, while the parent is missing, from its nearest folder that exists). When a root, or a folder
    /// inside one, is made, deleted, moved away, moved in or renamed over, the watches at and under its path are
    /// dropped and made again for what is there now, and everything it holds counts as changed. A watch follows a
    /// folder, not its path: a folder moved away must lose its watches, or its files would pass for those of its old
    /// path; and a folder moved in, or made again, has no watch until one is added.
    extension FileWatcher {
        /// What a watched folder reports.
        private static let folderEvents = UInt32(
            IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
                | IN_MOVE_SELF | IN_ONLYDIR)
        /// What a folder on the way to a root reports (added to what it reports already, when it is watched too).
        private static let ancestorEvents = UInt32(
            IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MOVE_SELF | IN_ONLYDIR | IN_MASK_ADD)
        static let limitReached = "inotify's limit of watches is reached (sysctl fs.inotify.max_user_watches)"

        /// Waits up to `seconds` for inotify events; returns the files they name that matter.
        func readEvents(waiting seconds: Double) -> Set<String> {
            let descriptor = state.withLock { $0.descriptor }
            var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&waiter, 1, Int32((seconds * 1000).rounded(.up))) > 0 else { return [] }
            var changes = Set<String>()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                var offset = 0
                while offset + 16 <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                        (
                            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    offset += 16 + length
                    changes.formUnion(handle(watch: watch, mask: mask, name: name))
                }
            }
            return changes
        }

        /// What one inotify event means: the changed files (a new folder's files count as changed), and the watches
        /// it adds or drops.
        private func handle(watch: Int32, mask: UInt32, name: String) -> Set<String> {
            let has = { (events: Int32) in mask & UInt32(events) != 0 }
            return state.withLock { state -> Set<String> in
                var changes = Set<String>()
                if has(IN_Q_OVERFLOW) {
                    // Events were lost: every root is watched again, and everything may have changed.
                    for root in roots { _ = Self.watchRoot(root, in: &state, changes: &changes) }
                    return changes.union(roots)
                }
                if has(IN_IGNORED) {
                    // The folder was deleted (or its watch dropped): roots awaited there are awaited higher up.
                    state.folders[watch] = nil
                    for root in state.ancestors.removeValue(forKey: watch)?.roots ?? [] {
                        _ = Self.watchRoot(root, in: &state, changes: &changes)
                    }
                    return changes
                }
                if let awaiting = state.ancestors[watch] {
                    if has(IN_MOVE_SELF) {
                        // A folder on the way to roots moved: they are awaited along their own path again.
                        state.ancestors[watch] = nil
                        if state.folders[watch] == nil { inotify_rm_watch(state.descriptor, watch) }
                        for root in awaiting.roots { _ = Self.watchRoot(root, in: &state, changes: &changes) }
                    } else {
                        // A root, or a folder on the way to one, made, deleted, moved or renamed over.
                        for root in awaiting.roots where Self.nextName(of: root, under: awaiting.folder) == name {
                            _ = Self.watchRoot(root, in: &state, changes: &changes)
                        }
                    }
                }
                guard let folder = state.folders[watch], !name.isEmpty, !Self.isEditorTemporary(name) else {
                    return changes
                }
                let path = Self.path(folder, name)
                if has(IN_ISDIR) {
                    // A folder made, moved in, moved away or deleted is watched as it is now (a root is, above).
                    if has(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE), !roots.contains(path) {
                        _ = Self.rewatch(path, followingLink: false, in: &state, changes: &changes)
                    } else {
                        changes.insert(path)
                    }
                    return changes
                }
                // A file created empty and closed also gives IN_CLOSE_WRITE; IN_CREATE alone is not yet a change.
                if has(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB) { changes.insert(path) }
                return changes
            }
        }

        /// Watches for a root from its parent folder (or the nearest folder on its way that exists), and watches the
        /// root itself as it is now, when the parent exists; a message when inotify's limit of watches is reached.
        static func watchRoot(_ root: String, in state: inout State, changes: inout Set<String>) -> String? {
            let parent = PathText.parent(of: root)
            var ancestor = parent
            while !isFolder(ancestor, followingLink: true), ancestor != "/", !ancestor.isEmpty {
                ancestor = PathText.parent(of: ancestor)
            }
            let watch = inotify_add_watch(state.descriptor, ancestor, ancestorEvents)
            let failure = watch < 0 && errno == ENOSPC ? limitReached : nil
            // No longer awaited where it was.
            for (other, awaiting) in state.ancestors where other != watch && awaiting.roots.contains(root) {
                let roots = awaiting.roots.filter { $0 != root }
                state.ancestors[other] = roots.isEmpty ? nil : Awaiting(folder: awaiting.folder, roots: roots)
                if roots.isEmpty, state.folders[other] == nil { inotify_rm_watch(state.descriptor, other) }
            }
            if watch >= 0 {
                var awaiting = state.ancestors[watch] ?? Awaiting(folder: ancestor, roots: [])
                awaiting.folder = ancestor
                if !awaiting.roots.contains(root) { awaiting.roots.append(root) }
                state.ancestors[watch] = awaiting
            }
            guard ancestor == parent else {
                // A folder on the way made after the check above and before the watch was added is reported by no
                // event: look again, one level further down, now that the watch is in place.
                if watch >= 0, let next = nextName(of: root, under: ancestor),
                    isFolder(path(ancestor, next), followingLink: true)
                {
                    return watchRoot(root, in: &state, changes: &changes) ?? failure
                }
                return failure
            }
            return rewatch(root, followingLink: true, in: &state, changes: &changes) ?? failure
        }

        /// Drops the watches at and under `path`, then watches the folder there now, if there is one; `path`, and
        /// every file under it now, are changes. A root that is a symbolic link to a folder is followed.
        private static func rewatch(
            _ path: String, followingLink: Bool, in state: inout State, changes: inout Set<String>
        ) -> String? {
            dropWatches(under: path, in: &state, changes: &changes)
            changes.insert(path)
            guard isFolder(path, followingLink: followingLink) else { return nil }
            let failure = addWatches(under: path, followingLink: followingLink, to: &state)
            changes.formUnion(files(under: path).map { path + "/" + $0 })
            return failure
        }

        /// Drops the watches of `path` and of every folder under it; roots awaited in them are awaited again.
        private static func dropWatches(under path: String, in state: inout State, changes: inout Set<String>) {
            let inside = path + "/"
            var orphans: [String] = []
            for (watch, folder) in state.folders where folder == path || folder.hasPrefix(inside) {
                inotify_rm_watch(state.descriptor, watch)
                state.folders[watch] = nil
                orphans += state.ancestors.removeValue(forKey: watch)?.roots ?? []
            }
            for root in orphans { _ = watchRoot(root, in: &state, changes: &changes) }
        }

        /// Adds a watch for a folder and every folder under it (each watched before it is listed, so a folder made
        /// meanwhile is seen either way); a message when inotify refuses (its limit is reached).
        private static func addWatches(under folder: String, followingLink: Bool, to state: inout State) -> String? {
            let watched = addWatch(folder, followingLink: followingLink, to: &state)
            guard watched == .added else { return watched.message }
            var refused = false
            FolderWalker().walk(folder) { entry in
                guard !refused, entry.kind == .folder, !isEditorTemporary(entry.name) else { return false }
                let watched = addWatch(path(folder, entry.path), followingLink: false, to: &state)
                refused = watched == .refused
                return watched == .added
            }
            return refused ? limitReached : nil
        }

        /// What adding one watch did.
        private enum Watched: Equatable {
            case added
            /// The folder went away meanwhile, or cannot be read: nothing to watch there.
            case gone
            /// inotify refused: its limit is reached.
            case refused

            var message: String? { self == .refused ? FileWatcher.limitReached : nil }
        }

        /// Adds a watch for one folder.
        private static func addWatch(_ folder: String, followingLink: Bool, to state: inout State) -> Watched {
            let events = folderEvents | (followingLink ? 0 : UInt32(IN_DONT_FOLLOW))
            let watch = inotify_add_watch(state.descriptor, folder, events)
            guard watch >= 0 else { return errno == ENOSPC ? .refused : .gone }
            state.folders[watch] = folder
            return .added
        }

        /// The name, in `folder`, of the folder on the way to `root` (or of the root itself); nil when `root` is not
        /// under `folder`.
        private static func nextName(of root: String, under folder: String) -> String? {
            let inside = folder == "/" ? "/" : folder + "/"
            guard root.hasPrefix(inside) else { return nil }
            return root.dropFirst(inside.count).split(separator: "/").first.map(String.init)
        }

        /// A name in a folder as a path.
        private static func path(_ folder: String, _ name: String) -> String {
            folder == "/" ? "/" + name : folder + "/" + name
        }
    }
#endif
