#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file modes of the output folder: who may read the reports (see `OutputAccess`).
///
/// Every file and folder a writer creates gets its access's mode, set with `fchmod` on the new descriptor, so the
/// umask cannot widen (or narrow) it; a folder the writer checks is given it as well. What an earlier build left
/// (under another umask, an older version, or the other access) is given it by `applyAccess()`, once: the output
/// folder's own mode tells whether its contents were done.
extension OutputWriter {
    /// Gives the output folder this writer's access. When the folder's own mode is not yet the access's (a folder
    /// made by `mkdir`, built by a version that left files 0644, or built with the other access), what the build
    /// writes in it (the entries `owned`, names in the folder, and everything below them) is given the access's mode
    /// first, and the folder itself last, so that a walk cut short is walked again by the next build. Only the
    /// group's and others' bits change (`OutputAccess.adjusted`); symbolic links are neither followed nor changed;
    /// other entries of the folder are left as they are (the folder's own mode keeps other users out of them). Returns
    /// the relative paths that could not be changed (`.` for the folder).
    public func applyAccess(owned: [String]) -> [String] {
        let directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return ["."] }
        defer { close(directory) }
        var info = stat()
        guard fstat(directory, &info) == 0 else { return ["."] }
        if info.st_mode & 0o7777 == access.adjusted(info.st_mode, folder: true) { return [] }
        var failed: [String] = []
        Self.fitEntries(owned, of: directory, to: access, failed: &failed)
        if !Self.fit(directory, to: access, folder: true) { failed.append(".") }
        return failed
    }

    /// `applyAccess(owned:)`, with a warning naming what could not be changed (none when everything was).
    func applyAccessReporting(owned: [String]) -> [Diagnostic] {
        let failed = applyAccess(owned: owned)
        guard let first = failed.first else { return [] }
        let others = failed.count > 1 ? " and \(failed.count - 1) more" : ""
        return [
            Diagnostic(
                .warning, file: root + (first == "." ? "" : "/" + first), position: .start,
                message: "cannot give \(first == "." ? "the output folder" : "it")\(others) the mode that "
                    + "outputAccess: \(access.rawValue) asks for; other users may be able to read it",
                hint: "check who owns the files in the output folder")
        ]
    }

    /// Gives files of the output folder that another library created (relative paths; missing ones are skipped)
    /// this writer's access: SQLite creates the manifest, and its `-wal` and `-shm` files with the manifest's mode.
    public func applyAccess(toFiles paths: [String]) {
        for path in paths {
            let (folder, name) =
                path.lastIndex(of: "/").map { (String(path[..<$0]), String(path[path.index(after: $0)...])) }
                ?? ("", path)
            guard let directory = openFolder(folder) else { continue }
            defer { close(directory) }
            Self.fitFile(name, in: directory, to: access)
        }
    }

    /// Gives a file the writer has just created (an open descriptor, created with the access's file mode) exactly
    /// that mode; the error text, or nil. The umask can only take bits away: when it has none of the mode's (022,
    /// 002 and 027 have none of 0600's or 0640's), the file has the mode already.
    func giveMode(_ descriptor: Int32) -> String? {
        if let umask, access.fileMode & umask == 0 { return nil }
        return fchmod(descriptor, access.fileMode) == 0
            ? nil : "cannot set its mode: \(String(cString: strerror(errno)))"
    }

    /// The process's umask, read from `/proc/self/status` (Linux 4.7 and later; `umask(2)` can only read it by
    /// setting it, which would race with every thread creating files); nil when it cannot be read.
    static func processUmask() -> mode_t? {
        #if os(Linux)
            // A file of the proc file system says its size is 0: read until the end.
            let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while status.count < 1 << 16 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                status += chunk[..<count]
            }
            for line in String(decoding: status, as: UTF8.self).split(separator: "\n")
            where line.hasPrefix("Umask:") {
                return mode_t(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }, radix: 8)
            }
        #endif
        return nil
    }

    /// Gives an open file or folder the access's mode, unless it has it; whether it has it now.
    @discardableResult
    static func fit(_ descriptor: Int32, to access: OutputAccess, folder: Bool) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        let wanted = access.adjusted(info.st_mode, folder: folder)
        return info.st_mode & 0o7777 == wanted || fchmod(descriptor, wanted) == 0
    }

    /// Gives a regular file of an open folder the access's mode, by its name, unless it has it; whether it has it
    /// now (true for anything that is not a regular file, which is left alone).
    ///
    /// The file is not opened: closing a descriptor of a file drops every POSIX lock this process holds on it, and
    /// the manifest's SQLite connection may hold some. `fchmodat` with `AT_SYMLINK_NOFOLLOW` changes the file
    /// itself, never what a link put there meanwhile points to.
    @discardableResult
    static func fitFile(_ name: String, in directory: Int32, to access: OutputAccess) -> Bool {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT }
        guard info.st_mode & S_IFMT == S_IFREG else { return true }
        let wanted = access.adjusted(info.st_mode, folder: false)
        return info.st_mode & 0o7777 == wanted || fchmodat(directory, name, wanted, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Gives entries of an open folder (`names`) and everything below them the access's mode, each by its name
    /// without following a link (a folder before what it holds); adds the paths it could not change to `failed`.
    private static func fitEntries(
        _ names: [String], of directory: Int32, to access: OutputAccess, failed: inout [String]
    ) {
        let owned = Set(names)
        // Links are not followed (nor changed: their mode means nothing); devices, FIFOs and sockets are not the
        // build's (`fitFile` leaves them alone).
        FolderWalker(hiddenNames: true).walk(in: directory, named: ".") { entry in
            if entry.path == entry.name && !owned.contains(entry.name) { return false }
            if entry.kind != .folder {
                if !fitFile(entry.name, in: entry.folder, to: access) { failed.append(entry.path) }
            } else if entry.descriptor >= 0 && !fit(entry.descriptor, to: access, folder: true) {
                failed.append(entry.path)
            }
            return true
        }
    }
}
