#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one recursive walk of a folder tree in the library, with its rules stated here rather than in each caller:
///
/// - **Links.** By default a symbolic link is never followed: it is reported as `.link` and never walked into, so a
///   walk stays inside the tree it was given. `links: .toFiles` reports a link to a regular file as that file (it is
///   read through the link) and a link to anything else as `.link`; `links: .followed` also walks into a link to a
///   folder, but never into a folder it is already inside (a link loop is reported as a failure, `ELOOP`).
/// - **Hidden names.** Names that start with `.` are left out (with everything under them) unless `hiddenNames`.
/// - **Order.** Each folder's names are visited in byte order of their UTF-8 (`café` in NFC and in NFD are two names),
///   a folder before what it holds, so a walk of the same tree is always the same walk.
/// - **Errors.** A folder that cannot be opened or read to its end, and an entry that cannot be looked at, are
///   reported as `Failure`s and the walk goes on; what vanished while the walk ran (`ENOENT`) is not a failure.
///
/// Folders are opened from the folder that holds them (`openat`), never by a path the kernel walks again, so a folder
/// swapped for a link while the walk runs is not followed when links are not.
package struct FolderWalker: Sendable {
    /// How symbolic links are treated.
    package enum Links: Sendable {
        /// Reported as `.link`, never followed.
        case notFollowed
        /// A link to a regular file is reported as `.file`; any other link as `.link`, never walked into.
        case toFiles
        /// Followed: a link is reported as what it points to, and a link to a folder is walked into.
        case followed
    }

    /// What an entry is, after the link rule.
    package enum Kind: Sendable, Equatable {
        case file
        case folder
        /// A symbolic link that is not followed (see `Links`).
        case link
        /// Anything else: a FIFO, a socket, a device (its `st_mode`'s type bits).
        case other(mode_t)
    }

    /// One entry met by a walk.
    package struct Entry {
        /// The path relative to the walked folder, `/`-separated.
        package var path: String
        /// The last component of `path`.
        package var name: String
        package var kind: Kind
        /// The open folder that holds the entry, valid only while the entry is visited (for `fstatat`, `fchmodat`).
        package var folder: Int32
        /// A folder's own open descriptor (-1 for anything else, or when it could not be opened), valid only while the
        /// entry is visited.
        package var descriptor: Int32
    }

    /// Something the walk could not list or look at.
    package struct Failure: Error, Sendable, Equatable {
        /// What failed.
        package enum Stage: Sendable, Equatable {
            /// A folder could not be opened or read to its end (nothing below it is walked).
            case listing
            /// An entry could not be looked at.
            case lookingAt
        }
        /// The path: the walked folder's path with the relative one appended (`appendingPathComponent`).
        package var path: String
        package var stage: Stage
        package var errno: Int32
    }

    package var links: Links
    package var hiddenNames: Bool

    package init(links: Links = .notFollowed, hiddenNames: Bool = false) {
        self.links = links
        self.hiddenNames = hiddenNames
    }

    /// Walks the folder at `root`, a folder before what it holds; `visit` returns whether to walk into a folder
    /// (its return is ignored for anything else). A missing `root` is an empty walk, not a failure.
    @discardableResult
    package func walk(_ root: String, visit: (Entry) -> Bool) -> [Failure] {
        let directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            return errno == ENOENT ? [] : [Failure(path: root, stage: .listing, errno: errno)]
        }
        defer { close(directory) }
        return walk(in: directory, named: root, visit: visit)
    }

    /// Walks an open folder (which stays open); `root` names it in failures.
    @discardableResult
    package func walk(in directory: Int32, named root: String, visit: (Entry) -> Bool) -> [Failure] {
        var failures: [Failure] = []
        var inside: [FolderIdentity] = []
        if links == .followed, let identity = FolderIdentity(directory) { inside.append(identity) }
        walk(directory, relative: "", root: root, inside: &inside, failures: &failures, visit: visit)
        return failures
    }

    /// Every entry under `root` that `include` keeps (all by default), sorted by relative path as Swift compares
    /// strings, and the failures; folders left out by `include` are not walked into.
    package func entries(
        under root: String, including include: (Entry) -> Bool = { _ in true }
    ) -> (entries: [(path: String, kind: Kind)], failures: [Failure]) {
        var entries: [(path: String, kind: Kind)] = []
        let failures = walk(root) { entry in
            guard include(entry) else { return false }
            entries.append((entry.path, entry.kind))
            return true
        }
        return (entries.sorted { $0.path < $1.path }, failures)
    }

    private func walk(
        _ directory: Int32, relative: String, root: String, inside: inout [FolderIdentity],
        failures: inout [Failure], visit: (Entry) -> Bool
    ) {
        let fullPath = { (path: String) in path.isEmpty ? root : root.appendingPathComponent(path) }
        guard let names = Self.names(in: directory) else {
            failures.append(Failure(path: fullPath(relative), stage: .listing, errno: errno))
            return
        }
        for (name, type) in names where hiddenNames || name.utf8.first != UInt8(ascii: ".") {
            let path = relative.isEmpty ? name : relative + "/" + name
            guard let kind = kind(of: name, type: type, in: directory) else {
                if errno != ENOENT { failures.append(Failure(path: fullPath(path), stage: .lookingAt, errno: errno)) }
                continue
            }
            guard kind == .folder else {
                _ = visit(Entry(path: path, name: name, kind: kind, folder: directory, descriptor: -1))
                continue
            }
            let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (links == .followed ? 0 : O_NOFOLLOW)
            let child = openat(directory, name, flags)
            if child < 0 && errno == ENOENT { continue }
            defer { if child >= 0 { close(child) } }
            var identity: FolderIdentity?
            if child >= 0, links == .followed {
                identity = FolderIdentity(child)
                if let identity, inside.contains(identity) {
                    failures.append(Failure(path: fullPath(path), stage: .listing, errno: ELOOP))
                    continue
                }
            }
            guard visit(Entry(path: path, name: name, kind: .folder, folder: directory, descriptor: child)) else {
                continue
            }
            guard child >= 0 else {
                failures.append(Failure(path: fullPath(path), stage: .listing, errno: errno))
                continue
            }
            if let identity { inside.append(identity) }
            walk(child, relative: path, root: root, inside: &inside, failures: &failures, visit: visit)
            if identity != nil { inside.removeLast() }
        }
    }

    /// What an entry is under the link rule, from `readdir`'s type when it says enough; nil (with `errno` set) when
    /// it cannot be looked at.
    private func kind(of name: String, type: UInt8, in directory: Int32) -> Kind? {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK) where links == .notFollowed: return .link
        default: break
        }
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        var type = info.st_mode & S_IFMT
        if type == S_IFLNK {
            guard links != .notFollowed else { return .link }
            guard fstatat(directory, name, &info, 0) == 0 else {
                // A link to nothing is a link: there is nothing to read through it.
                return errno == ENOENT ? .link : nil
            }
            type = info.st_mode & S_IFMT
            if links == .toFiles && type != S_IFREG { return .link }
        }
        switch type {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other(type)
        }
    }

    /// The names in an open folder with their `readdir` types, without `.` and `..`, in byte order; nil (with `errno`
    /// set) when the folder cannot be read to its end. The descriptor stays open.
    static func names(in directory: Int32) -> [(name: String, type: UInt8)]? {
        let copy = dup(directory)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            let code = errno
            close(copy)
            errno = code
            return nil
        }
        defer { closedir(stream) }
        // From the start, whoever read the shared descriptor before.
        rewinddir(stream)
        var names: [(bytes: [UInt8], type: UInt8)] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return nil }
                break
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append((bytes, entry.pointee.d_type))
        }
        names.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return names.map { (String(decoding: $0.bytes, as: UTF8.self), $0.type) }
    }
}

/// A folder's device and inode: the same folder, whatever path reached it.
private struct FolderIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
