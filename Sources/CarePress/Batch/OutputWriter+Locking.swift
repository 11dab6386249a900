#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lock files of the output folder, opened without following a symbolic link.
extension OutputWriter {
    /// Opens a file of the output folder for reading and writing, creating it (and its folders) if needed, without
    /// following a symbolic link; for lock files. The caller closes the descriptor.
    func openForLocking(_ relativePath: String) throws(Failure) -> Int32 {
        let (folder, name) = try prepare(relativePath)
        let descriptor = Self.at(name, in: folder) {
            openat($0, $1, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, access.fileMode)
        }
        guard descriptor >= 0 else {
            throw Failure(path: relativePath, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        Self.fit(descriptor, to: access, folder: false)
        return descriptor
    }

    /// Opens a lock file only if it is already there, writing nothing: nil when it (or its folder) is missing, is
    /// reached through a symbolic link, or cannot be opened.
    func openExistingForLocking(_ relativePath: String) -> Int32? {
        guard let slash = relativePath.lastIndex(of: "/"),
            let directory = openFolder(String(relativePath[..<slash]))
        else { return nil }
        defer { close(directory) }
        let descriptor = openat(
            directory, String(relativePath[relativePath.index(after: slash)...]), O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }
}
