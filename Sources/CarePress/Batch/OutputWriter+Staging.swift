#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Staged writes: a file is written beside its target (unnamed, or under a temporary name) and then linked or
/// renamed into place, so a build killed at any moment leaves the old file or the new one.
extension OutputWriter {
    /// Writes a file beside the target with `fill`, then puts it in place.
    func replace(
        _ name: String, in folder: OutputFolder, relativePath: String, new: Bool, fill: (Int32) -> String?
    ) throws(Failure) {
        let staged = try stageFile(name, in: folder, relativePath: relativePath, new: new, fill: fill)
        try commit(staged)
    }

    /// Writes a file beside the target with `fill`: unnamed when the target is `new` (not there when asked) and the
    /// writer can (see `UnnamedFiles`), else under a temporary name.
    private func stageFile(
        _ name: String, in folder: OutputFolder, relativePath: String, new: Bool, fill: (Int32) -> String?
    ) throws(Failure) -> StagedFile {
        if new, let unnamed,
            let descriptor = unnamed.open(in: folder.path, descriptor: folder.descriptor, mode: access.fileMode)
        {
            if let failure = giveMode(descriptor) ?? fill(descriptor) {
                unnamed.close(descriptor)
                throw Failure(path: relativePath, reason: "cannot write: \(failure)")
            }
            return StagedFile(
                path: relativePath, folder: folder, name: name, holding: .unnamed(descriptor, unnamed))
        }
        let (temporary, descriptor) = try createTemporary(beside: name, in: folder, relativePath: relativePath)
        let failure = giveMode(descriptor) ?? fill(descriptor)
        close(descriptor)
        if let failure {
            Self.at(temporary, in: folder) { unlinkat($0, $1, 0) }
            throw Failure(path: relativePath, reason: "cannot write: \(failure)")
        }
        return StagedFile(path: relativePath, folder: folder, name: name, holding: .named(temporary))
    }

    /// Creates a file under a temporary name beside a target (a name in a folder), open for writing.
    private func createTemporary(
        beside name: String, in folder: OutputFolder, relativePath: String
    ) throws(Failure) -> (name: String, descriptor: Int32) {
        for _ in 0..<100 {
            let temporary = temporaryName(beside: name)
            let descriptor = Self.at(temporary, in: folder) {
                openat($0, $1, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, access.fileMode)
            }
            if descriptor >= 0 { return (temporary, descriptor) }
            if errno != EEXIST { break }
        }
        throw Failure(
            path: relativePath, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
    }

    /// Calls a system call that takes a folder's descriptor and a path with a file of a folder: the folder's open
    /// descriptor and the file's name, or, when the folder is not open, the current folder and the file's absolute
    /// path.
    @discardableResult
    static func at<Result>(
        _ name: String, in folder: OutputFolder, _ call: (Int32, UnsafePointer<CChar>) -> Result
    ) -> Result {
        folder.descriptor >= 0 ? call(folder.descriptor, name) : call(AT_FDCWD, folder.path + "/" + name)
    }

    /// Writes bytes to a temporary file beside a relative path, to be renamed into place by `commit(_:)` (or removed
    /// by `discard(_:)`); nil when the file already holds exactly these bytes. A caller that knows the file was not
    /// there (`mayExist` false) saves the comparison.
    ///
    /// The build runner stages a batch of reports, records in the manifest that their files are being replaced, and
    /// only then renames them, so that no file is ever in place without the manifest knowing of it.
    func stage(_ bytes: [UInt8], to relativePath: String, mayExist: Bool = true) throws(Failure) -> StagedFile? {
        let (folder, name) = try prepare(relativePath)
        let existing = mayExist ? Self.existingFile(name, in: folder, comparedWith: bytes) : .none
        if existing == .same { return nil }
        return try stageFile(name, in: folder, relativePath: relativePath, new: existing == .none) {
            descriptor in bytes.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        }
    }

    /// Puts a staged file in place, atomically replacing what was there: an unnamed file is linked to the target's
    /// name, or, when something took the name since it was staged, linked beside it under a temporary name and
    /// renamed over it, as a named file is.
    func commit(_ staged: StagedFile) throws(Failure) {
        switch staged.holding {
        case .named(let temporary):
            try move(temporary, over: staged)
        case .unnamed(let descriptor, let unnamed):
            defer { unnamed.close(descriptor) }
            let link = { (name: String) in
                staged.folder.descriptor >= 0
                    ? unnamed.link(descriptor, to: name, in: staged.folder.descriptor)
                    : unnamed.link(descriptor, to: staged.folder.path + "/" + name)
            }
            let error = link(staged.name)
            if error == 0 { return }
            var failure = error
            // `linkat` never replaces: the file takes a temporary name (not taken) and is renamed over the target.
            for _ in 0..<100 where failure == EEXIST {
                let temporary = temporaryName(beside: staged.name)
                failure = link(temporary)
                if failure == 0 { return try move(temporary, over: staged) }
            }
            throw Failure(path: staged.path, reason: "cannot move into place: \(String(cString: strerror(failure)))")
        }
    }

    /// Renames a temporary file (a name in the staged file's folder) over a staged file's target; the temporary file
    /// goes either way.
    private func move(_ temporary: String, over staged: StagedFile) throws(Failure) {
        let folder = staged.folder
        let renamed =
            folder.descriptor >= 0
            ? renameat(folder.descriptor, temporary, folder.descriptor, staged.name)
            : rename(folder.path + "/" + temporary, staged.target)
        if renamed != 0 {
            let reason = String(cString: strerror(errno))
            Self.at(temporary, in: folder) { unlinkat($0, $1, 0) }
            throw Failure(path: staged.path, reason: "cannot move into place: \(reason)")
        }
    }

    /// Drops a staged file that will not be put in place.
    func discard(_ staged: StagedFile) {
        switch staged.holding {
        case .named(let temporary): Self.at(temporary, in: staged.folder) { unlinkat($0, $1, 0) }
        case .unnamed(let descriptor, let unnamed): unnamed.close(descriptor)
        }
    }

    /// Writes a whole buffer, retrying interrupted and short writes; the error text, or nil.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < buffer.count {
            let count = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += count
        }
        return nil
    }
}
