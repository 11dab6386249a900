import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading whole files and listing folders with plain system calls, for the build's hot paths.
///
/// Every content and theme file goes through `contents`: it opens without waiting (`O_NONBLOCK`: opening a FIFO for
/// reading would otherwise wait for a writer, for ever), refuses anything but a regular file, and refuses a file
/// larger than the limit it is given before reading a byte of it.
enum FileBytes {
    /// Why a file's bytes were not read.
    enum Failure: Error, Equatable, Sendable {
        /// Not a regular file; what it is instead, in words ("a FIFO", "a folder").
        case notRegularFile(String)
        /// Larger than the limit: its size in bytes, or nil for a stream that went on past the limit.
        case tooLarge(Int?)
        /// The system's error (`errno`) when opening, examining or reading it.
        case system(Int32)
    }

    /// A file's bytes, or nil when it cannot be read (or is not a regular file).
    static func read(_ path: String) -> [UInt8]? {
        try? contents(path).get()
    }

    /// A file's bytes, or why they were not read: a file larger than `limit` bytes is not read at all.
    static func contents(_ path: String, limit: Int = .max) -> Result<[UInt8], Failure> {
        path.withCString { contents(in: AT_FDCWD, $0, limit: limit) { _ in } }
    }

    /// A file's bytes, or why they were not read (as `contents(_:limit:)`); `stamp` becomes the file's stamp as it was
    /// read (see `FileStamp`), or nil when the file changed less than `settled` seconds before.
    static func contents(
        _ path: String, limit: Int = .max, stamp: inout ContentDigest?, settled: Double
    ) -> Result<[UInt8], Failure> {
        var found: ContentDigest?
        defer { stamp = found }
        return path.withCString {
            contents(in: AT_FDCWD, $0, limit: limit) { found = FileStamp.digest(of: $0, settled: settled) }
        }
    }

    /// The bytes of a file relative to a folder's descriptor, handing `inspect` the file's metadata as it is opened.
    private static func contents(
        in directory: Int32, _ path: UnsafePointer<CChar>, limit: Int, inspect: (stat) -> Void
    ) -> Result<[UInt8], Failure> {
        // O_NONBLOCK so that a FIFO (or a device) is opened without waiting; it changes nothing for a regular file,
        // which is all that is read. O_NOCTTY so that a terminal named like a content file is not taken as one's own.
        let descriptor = openat(directory, path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0 else {
            // A socket cannot be opened at all (ENXIO): say what it is rather than why opening it failed.
            let failure = errno
            if fstatat(directory, path, &info, 0) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                return .failure(.notRegularFile(kind(of: info.st_mode)))
            }
            return .failure(.system(failure))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegularFile(kind(of: info.st_mode))) }
        // Read the size fstat gave; a file that grows meanwhile is read only that far (the next build sees the rest).
        // A file over the limit is refused from its size, unread (a sparse file of 2 GiB costs nothing).
        let size = max(Int(info.st_size), 0)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        inspect(info)
        // The array is not zeroed first: a build reads every record file, tens of megabytes.
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        if let failure { return .failure(.system(failure)) }
        return .success(bytes)
    }

    /// What a stream (standard input, a pipe) holds up to its end, read 64 KB at a time; past `limit` bytes it is not
    /// read further (at most `limit + 1` bytes are read, so an endless stream costs that much memory and no more).
    static func contents(ofStream descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        let most = limit == .max ? limit : limit + 1
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < most {
            let wanted = min(chunk.count, most - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes.count > limit ? .failure(.tooLarge(nil)) : .success(bytes)
    }

    /// What a file of this mode is, in words, for a message.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// The digest of a file's bytes, read a megabyte at a time (the same digest as `ContentDigest(read(path))`,
    /// without holding the file: the running executable is tens of megabytes); nil when it cannot be read.
    static func digest(of path: String) -> ContentDigest? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var hasher = ContentHasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.combine(buffer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return hasher.finalize()
    }

    /// Every visible file under a folder (following symbolic links, as the loaders reading them do; a link to nothing
    /// left out), as sorted relative paths, leaving out some top-level entries.
    static func files(under folder: String, skippingTopLevel skipped: Set<String> = []) -> [String] {
        FolderWalker(links: .followed).entries(under: folder) { !skipped.contains($0.path) }.entries
            .filter { $0.kind != .folder && $0.kind != .link }.map(\.path)
    }
}

/// What a file's metadata says of its bytes, so that a build need not read a record file again to know it did not
/// change: the digest of its device, inode, size, and modification and change times (to the nanosecond), as a file
/// was when its bytes were read. Editing, replacing or renaming a file over it changes its change time (which no
/// program can set back) or its inode; so does `touch`.
///
/// A stamp is only kept for a file that last changed at least `settled` seconds before it was read: file times come
/// from a coarse clock (a few milliseconds, a second or two on some file systems), so an edit made just after the
/// read could leave every time as it was. `git` guards its index against the same race.
enum FileStamp {
    /// How long a file must have been left alone for its stamp to be kept, by default.
    static let settledSeconds = 2.0

    /// The stamp of a file as it is now (following a symbolic link, as reading does); nil when it is not a regular
    /// file or cannot be seen.
    static func current(_ path: String) -> ContentDigest? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return digest(of: info)
    }

    /// The stamp of a file's metadata; nil when it changed less than `settled` seconds before now.
    static func digest(of info: stat, settled: Double) -> ContentDigest? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let changed = nanoseconds(times(info).changed)
        guard changed + Int64(settled * 1e9) <= nanoseconds(now) else { return nil }
        return digest(of: info)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private static func times(_ info: stat) -> (modified: timespec, changed: timespec) {
        #if canImport(Darwin)
            (info.st_mtimespec, info.st_ctimespec)
        #else
            (info.st_mtim, info.st_ctim)
        #endif
    }

    private static func digest(of info: stat) -> ContentDigest {
        // A field at a time: a no-op build stats every record file.
        var hasher = ContentHasher()
        let (modified, changed) = times(info)
        hasher.combine(length: Int(truncatingIfNeeded: info.st_dev))
        hasher.combine(length: Int(truncatingIfNeeded: info.st_ino))
        hasher.combine(length: Int(truncatingIfNeeded: info.st_size))
        hasher.combine(length: Int(truncatingIfNeeded: nanoseconds(modified)))
        hasher.combine(length: Int(truncatingIfNeeded: nanoseconds(changed)))
        return hasher.finalize()
    }
}
