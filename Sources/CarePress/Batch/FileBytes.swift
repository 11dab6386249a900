import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading whole files and listing folders with plain system calls, for the build's hot paths.
enum FileBytes {
    /// A file's bytes, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        var failure: Int32 = 0
        return read(path, failure: &failure)
    }

    /// A file's bytes, or nil when it cannot be read; `failure` then says why: the `errno` of the call that failed,
    /// or 0 when the path is not a regular file.
    static func read(_ path: String, failure: inout Int32) -> [UInt8]? {
        path.withCString { read(in: AT_FDCWD, $0, failure: &failure) { _ in } }
    }

    /// A file's bytes, or nil when it cannot be read (`failure` as `read(_:failure:)` gives it); `stamp` becomes the
    /// file's stamp as it was read (see `FileStamp`), or nil when the file changed less than `settled` seconds before.
    static func read(_ path: String, stamp: inout ContentDigest?, settled: Double, failure: inout Int32) -> [UInt8]? {
        path.withCString { read(in: AT_FDCWD, $0, stamp: &stamp, settled: settled, failure: &failure) }
    }

    /// The bytes of the file at `path` relative to the folder open as `directory` (as `openat(2)` takes them), or nil
    /// when it cannot be read; `stamp` and `failure` as `read(_:stamp:settled:failure:)` gives them.
    static func read(
        in directory: Int32, _ path: UnsafePointer<CChar>, stamp: inout ContentDigest?, settled: Double,
        failure: inout Int32
    ) -> [UInt8]? {
        var found: ContentDigest?
        defer { stamp = found }
        return read(in: directory, path, failure: &failure) { found = FileStamp.digest(of: $0, settled: settled) }
    }

    /// The bytes of a file relative to a folder's descriptor, handing `inspect` the file's metadata as it is opened;
    /// `failure` as `read(_:failure:)` gives it.
    private static func read(
        in directory: Int32, _ path: UnsafePointer<CChar>, failure: inout Int32, inspect: (stat) -> Void
    ) -> [UInt8]? {
        let descriptor = openat(directory, path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            failure = errno
            return nil
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            failure = errno
            return nil
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            failure = 0
            return nil
        }
        inspect(info)
        // Read the size fstat gave; a file that grows meanwhile is read only that far (the next build sees the rest).
        // The array is not zeroed first: a build reads every record file, tens of megabytes.
        let size = max(Int(info.st_size), 0)
        var failed: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        if let failed {
            failure = failed
            return nil
        }
        return bytes
    }

    /// The digest of a file's bytes, read a megabyte at a time (the same digest as `ContentDigest(read(path))`,
    /// without holding the file: the running executable is tens of megabytes); nil when it cannot be read.
    static func digest(of path: String) -> ContentDigest? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
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

    /// Every visible file under a folder, as sorted relative paths, leaving out some top-level entries; an entry that
    /// cannot be followed (a dangling link, a loop) counts as a file.
    static func files(under folder: String, skippingTopLevel skipped: Set<String> = []) -> [String] {
        var result: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names where !name.hasPrefix(".") {
                if relative.isEmpty && skipped.contains(name) { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard stat(folder.appendingPathComponent(child), &info) == 0 else {
                    // A link whose target is missing, or that loops, is still there: listed, its digest says it
                    // cannot be read.
                    if lstat(folder.appendingPathComponent(child), &info) == 0 { result.append(child) }
                    continue
                }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    walk(child)
                } else {
                    result.append(child)
                }
            }
        }
        walk("")
        return result.sorted()
    }
}

/// `read(2)`, named apart from `FileBytes.read`.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
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

    /// The stamp of a file as it is now (following a symbolic link, as reading does), at `path` relative to the folder
    /// open as `directory` (as `fstatat(2)` takes them); nil when it is not a regular file or cannot be seen.
    static func current(in directory: Int32, _ path: UnsafePointer<CChar>) -> ContentDigest? {
        var info = stat()
        guard fstatat(directory, path, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
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
