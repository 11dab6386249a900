#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Listing the output folder: the names in a folder, the regular files among them (one listing for thousands of
/// reports), and the folders below one, always without following a symbolic link.
extension OutputWriter {
    /// The names of the regular files directly in a folder of the output (`reports/consults`), found without
    /// following a symbolic link; empty when the folder is missing. One listing answers what `fileExists` answers for
    /// each of thousands of files, without a system call per file.
    ///
    /// With `removingTemporaryFiles`, the same listing also does what `removeLeftoverTemporaryFiles` does for the
    /// folder (a report folder holds tens of thousands of files: listed once, not twice); the files removed are not
    /// in the result.
    func regularFileNames(in folder: String, removingTemporaryFiles: Bool = false) -> FileNameDigests {
        guard let directory = openFolder(folder) else { return FileNameDigests(digests: []) }
        defer { close(directory) }
        let copy = dup(directory)
        guard copy >= 0, let stream = fdopendir(copy) else { return FileNameDigests(digests: []) }
        defer { closedir(stream) }
        var names: [ContentDigest] = []
        // Removed after the listing, not while it runs.
        var temporary: [(name: String, digest: ContentDigest)] = []
        while let entry = readdir(stream) {
            let (digest, isRegular) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw.prefix(while: { $0 != 0 }))
                if removingTemporaryFiles, name.first == UInt8(ascii: "."),
                    case let text = String(decoding: name, as: UTF8.self), isOwnTemporaryName(text)
                {
                    temporary.append((text, ContentDigest(name)))
                }
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_REG): return (ContentDigest(name), true)
                case Int32(DT_UNKNOWN):
                    // The file system does not say: ask as `fileExists` does.
                    var info = stat()
                    let path = String(decoding: name, as: UTF8.self)
                    let isRegular =
                        fstatat(directory, path, &info, AT_SYMLINK_NOFOLLOW) == 0
                        && (info.st_mode & S_IFMT) == S_IFREG
                    return (ContentDigest(name), isRegular)
                default: return (ContentDigest(high: 0, low: 0), false)
                }
            }
            if isRegular { names.append(digest) }
        }
        var removed = Set<ContentDigest>()
        for (name, digest) in temporary where Self.removeRegularFile(name, in: directory) { removed.insert(digest) }
        if !removed.isEmpty { names.removeAll(where: removed.contains) }
        return FileNameDigests(digests: names)
    }

    /// Every folder below a folder of the output (relative paths, sorted), found without following a symbolic link.
    public func subfolders(of folder: String) -> [String] {
        guard let directory = openFolder(folder) else { return [] }
        defer { close(directory) }
        var result: [String] = []
        FolderWalker(hiddenNames: true).walk(in: directory, named: folder) { entry in
            if entry.kind == .folder && entry.descriptor >= 0 { result.append(folder + "/" + entry.path) }
            return true
        }
        return result.sorted()
    }

    /// The names of the entries of a folder of the output (none when it is missing or reached through a link).
    func fileNames(in folder: String) -> [String] {
        guard let directory = openFolder(folder) else { return [] }
        defer { close(directory) }
        return Self.entries(of: directory)
    }

    /// The names in an open folder, without `.` and `..`, in byte order (`FolderWalker.names`); the descriptor stays
    /// open.
    static func entries(of directory: Int32) -> [String] {
        FolderWalker.names(in: directory)?.map(\.name) ?? []
    }
}
