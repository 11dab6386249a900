#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Comparing what is at a target with the bytes to be written there, so that an unchanged file is left alone.
extension OutputWriter {
    /// What is at a target path, compared with the bytes to be written there.
    enum ExistingFile {
        /// Nothing.
        case none
        /// A regular file (not a link) with exactly these bytes.
        case same
        /// Anything else.
        case other
    }

    /// Whether nothing is at a path, or a regular file (not a link) with exactly these bytes, or something else; a
    /// file is read and compared 64 KB at a time, so a large file (the reports index's filter data at 100,000
    /// reports) is not held twice.
    static func existingFile(
        _ name: String, in folder: OutputFolder, comparedWith bytes: [UInt8]
    ) -> ExistingFile {
        let (directory, path) =
            folder.descriptor >= 0 ? (folder.descriptor, name) : (AT_FDCWD, folder.path + "/" + name)
        var info = stat()
        guard fstatat(directory, path, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT ? .none : .other }
        return (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) == bytes.count
            && fileHolds(path, in: directory, bytes) ? .same : .other
    }

    /// Whether the regular file at a path holds exactly these bytes (its size was checked).
    private static func fileHolds(_ path: String, in directory: Int32, _ bytes: [UInt8]) -> Bool {
        let descriptor = openat(directory, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: min(bytes.count + 1, 65_536))
        var compared = 0
        return bytes.withUnsafeBytes { new in
            chunk.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return false }
                while true {
                    let count = read(descriptor, base, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count < 0 { return false }
                    // The end of the file: it holds the bytes when it ended exactly where they do.
                    if count == 0 { return compared == bytes.count }
                    guard compared + count <= bytes.count, let start = new.baseAddress,
                        memcmp(base, start + compared, count) == 0
                    else { return false }
                    compared += count
                }
            }
        }
    }
}
