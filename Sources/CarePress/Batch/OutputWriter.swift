import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files into the output folder, atomically, and never anywhere else.
///
/// Each file is written beside it, unnamed (see `UnnamedFiles`) or under a temporary name, and linked or renamed
/// into place, so a build killed at any moment leaves either the old file or the new one, never half of one. Paths
/// are relative to the output folder; a path that could leave it (`..`, an absolute path, a symbolic link on the
/// way) is refused.
///
/// Temporary files are named `.<name>.<pid>.<n>.tmp`, or `.<name>.<tag>.<pid>.<n>.tmp` for a writer with a tag
/// (a shard's, e.g. `s2of8`), so that `removeLeftoverTemporaryFiles` can clear what a killed build left behind
/// without touching the files of shards still running into the same folder.
public struct OutputWriter: Sendable {
    /// What a write did.
    public enum Outcome: Sendable, Equatable {
        /// The file was created or replaced.
        case written
        /// The file already had exactly these bytes, so it was left alone.
        case unchanged
    }

    /// Why a write was refused or failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The path that was asked for.
        public var path: String
        /// What went wrong.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The output folder, as an absolute path without a trailing `/`, and with every symbolic link on the way to it
    /// resolved (the folder named may be a link, or be reached through one): links *inside* it are refused.
    public let root: String
    /// The tag in this writer's temporary file names, if any.
    public let temporaryTag: String?
    /// Who may read what this writer creates: every file and folder it creates gets the access's mode, whatever the
    /// umask (see `applyAccess()` for what is already there). Set it before the first write.
    public var access: OutputAccess
    /// The process's umask when the writer was made, if it could be read: a new file whose mode it cannot narrow
    /// needs no `fchmod`.
    let umask: mode_t?
    /// Folders already checked or created, by their path relative to the root (`reports/consults`, compared byte for
    /// byte: `café` and `cafe` + U+0301 are two folders), with their absolute paths and open descriptors: a batch
    /// neither checks `reports/consults` again nor splits and validates its path for every report, and it creates,
    /// links and looks at each report by its name in that open folder rather than by a path the kernel walks again.
    private let folders = OutputFolders()
    /// How new files are staged without a name, where the system allows it.
    let unnamed: UnnamedFiles?

    /// Creates a writer for a folder, creating the folder if needed; `temporaryTag` (letters and digits) marks its
    /// temporary files as its own.
    ///
    /// The folder is resolved once, here: a `current` release link above it, or the folder itself a link to a web
    /// root, is where the user sends the output. From then on every file is reached from the resolved root, one
    /// component at a time, refusing links.
    public init(root: String, temporaryTag: String? = nil, access: OutputAccess = .private) throws(Failure) {
        try self.init(root: root, temporaryTag: temporaryTag, access: access, unnamed: UnnamedFiles.shared)
    }

    /// A writer that stages new files without a name under `unnamed`'s cap, or never (nil).
    init(
        root: String, temporaryTag: String? = nil, access: OutputAccess = .private, unnamed: UnnamedFiles?
    ) throws(Failure) {
        let absolute = Self.absoluteRoot(root)
        var info = stat()
        let made = stat(absolute, &info) != 0
        do {
            try FileManager.default.createDirectory(atPath: absolute, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: root, reason: "cannot create the output folder: \(error.localizedDescription)")
        }
        guard let resolved = realpath(absolute, nil) else {
            throw Failure(path: root, reason: "cannot resolve the output folder: \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        self.root = String(cString: resolved)
        // Made now: its mode, whatever the umask (a folder that was there is `applyAccess`'s to change).
        if made { chmod(resolved, access.folderMode) }
        precondition(
            temporaryTag?.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? true,
            "a temporary tag is letters and digits")
        self.temporaryTag = temporaryTag
        self.access = access
        umask = Self.processUmask()
        self.unnamed = unnamed
    }

    /// The absolute form of an output folder's path, without a trailing `/`, as `root` has it.
    public static func absoluteRoot(_ root: String) -> String {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        return absolute.count > 1 && absolute.hasSuffix("/") ? String(absolute.dropLast()) : absolute
    }

    /// Writes bytes to a path relative to the output folder, unless the file already holds exactly them.
    @discardableResult
    public func write(_ bytes: [UInt8], to relativePath: String) throws(Failure) -> Outcome {
        let (folder, name) = try prepare(relativePath)
        let existing = Self.existingFile(name, in: folder, comparedWith: bytes)
        if existing == .same { return .unchanged }
        try replace(name, in: folder, relativePath: relativePath, new: existing == .none) {
            descriptor in
            bytes.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        }
        return .written
    }

    /// Writes UTF-8 text.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws(Failure) -> Outcome {
        try write(Array(text.utf8), to: relativePath)
    }

    /// Writes a file from chunks produced one at a time (so a large file is never whole in memory), always replacing
    /// it atomically.
    public func write(chunks: some Sequence<[UInt8]>, to relativePath: String) throws(Failure) {
        let (folder, name) = try prepare(relativePath)
        try replace(name, in: folder, relativePath: relativePath, new: false) {
            descriptor in
            // Gather small chunks (a manifest line each) into writes of about 256 KB.
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 18)
            for chunk in chunks {
                buffer += chunk
                if buffer.count >= 1 << 18 {
                    if let failure = buffer.withUnsafeBytes({ Self.writeAll(descriptor, $0) }) { return failure }
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            return buffer.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        }
    }

    /// Whether a regular file exists at a relative path.
    public func fileExists(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(root + "/" + relativePath, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Removes the file at a relative path, after the same checks as a write; true when there was one to remove.
    ///
    /// A symbolic link at the path is removed itself, never what it points to; folders are never removed.
    @discardableResult
    public func remove(_ relativePath: String) throws(Failure) -> Bool {
        let components = try Self.validatedComponents(relativePath)
        // Its folder is opened a component at a time, refusing links, and the file removed by name in it: a folder
        // swapped for a link between a check and the removal cannot send it elsewhere.
        guard let directory = openFolder(components.dropLast().joined(separator: "/")) else { return false }
        defer { close(directory) }
        let name = components[components.count - 1]
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            return false
        }
        if unlinkat(directory, name, 0) != 0 {
            throw Failure(path: relativePath, reason: "cannot remove: \(String(cString: strerror(errno)))")
        }
        return true
    }

    /// Removes the temporary files a killed build of the same scope left in some folders (relative paths, `""` for
    /// the output folder itself); returns how many were removed.
    ///
    /// Only names of exactly this writer's pattern are touched: `.<name>.<pid>.<n>.tmp` and, for a writer without a
    /// tag, also every tagged form; for a tagged writer only its own tag. Folders are opened one component at a time
    /// with `O_NOFOLLOW`, so a symbolic link in the output folder is never followed out of it.
    @discardableResult
    public func removeLeftoverTemporaryFiles(in folders: some Sequence<String>) -> Int {
        var removed = 0
        for folder in folders {
            guard let directory = openFolder(folder) else { continue }
            defer { close(directory) }
            for name in Self.entries(of: directory) where isOwnTemporaryName(name) {
                if Self.removeRegularFile(name, in: directory) { removed += 1 }
            }
        }
        return removed
    }

    /// Removes a file of an open folder if it is a regular file (never a link); whether it did.
    private static func removeRegularFile(_ name: String, in directory: Int32) -> Bool {
        var info = stat()
        return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            && unlinkat(directory, name, 0) == 0
    }

    /// The names of the regular files directly in a folder of the output (`reports/consults`), found without
    /// following a symbolic link; empty when the folder is missing. One listing answers what `fileExists` answers for
    /// each of thousands of files, without a system call per file.
    ///
    /// With `removingTemporaryFiles`, the same listing also does what `removeLeftoverTemporaryFiles` does for the
    /// folder (a report folder holds tens of thousands of files: listed once, not twice); the files removed are not
    /// in the result.
    func regularFileNames(in folder: String, removingTemporaryFiles: Bool = false) -> FileNameSet {
        guard let directory = openFolder(folder) else { return FileNameSet(digests: []) }
        defer { close(directory) }
        let copy = dup(directory)
        guard copy >= 0, let stream = fdopendir(copy) else { return FileNameSet(digests: []) }
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
        return FileNameSet(digests: names)
    }

    /// Every folder below a folder of the output (relative paths, sorted), found without following a symbolic link.
    public func subfolders(of folder: String) -> [String] {
        var result: [String] = []
        func walk(_ relative: String, _ directory: Int32) {
            for name in Self.entries(of: directory) {
                let child = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { continue }
                defer { close(child) }
                let path = relative + "/" + name
                result.append(path)
                walk(path, child)
            }
        }
        guard let directory = openFolder(folder) else { return [] }
        defer { close(directory) }
        walk(folder, directory)
        return result.sorted()
    }

    /// Opens a folder of the output (`""` for the output folder itself) one component at a time, refusing a
    /// symbolic link at every step; nil when it is missing, not a folder, or reached through a link.
    func openFolder(_ folder: String) -> Int32? {
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        if folder.isEmpty { return directory }
        guard let components = try? Self.validatedComponents(folder) else {
            close(directory)
            return nil
        }
        for component in components {
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(directory)
            guard next >= 0 else { return nil }
            directory = next
        }
        return directory
    }

    /// The names of the entries of a folder of the output (none when it is missing or reached through a link).
    func fileNames(in folder: String) -> [String] {
        guard let directory = openFolder(folder) else { return [] }
        defer { close(directory) }
        return Self.entries(of: directory)
    }

    /// The names in an open folder, without `.` and `..`; the descriptor stays open.
    static func entries(of directory: Int32) -> [String] {
        let copy = dup(directory)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a file name is one of this writer's temporary files (see `removeLeftoverTemporaryFiles`).
    public func isOwnTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        var parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let serial = parts.popLast(), let pid = parts.popLast(), Self.isNumber(serial),
            Self.isNumber(pid)
        else { return false }
        if let last = parts.last, parts.count >= 2, Self.isTag(last) {
            return temporaryTag == nil || temporaryTag == String(last)
        }
        return temporaryTag == nil && !parts.joined().isEmpty
    }

    /// The absolute path of a relative output path, after the same checks as a write.
    public func absolutePath(of relativePath: String) throws(Failure) -> String {
        root + "/" + (try Self.validatedComponents(relativePath)).joined(separator: "/")
    }

    /// Splits a relative path, refusing anything that could name a file outside the output folder.
    static func validatedComponents(_ relativePath: String) throws(Failure) -> [String] {
        if relativePath.utf8.first == UInt8(ascii: "/") {
            throw Failure(path: relativePath, reason: "refused: an absolute path is outside the output folder")
        }
        let components = relativePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !relativePath.isEmpty else { throw Failure(path: relativePath, reason: "refused: empty path") }
        var result: [String] = []
        result.reserveCapacity(components.count)
        for component in components {
            guard isPlainComponent(component) else {
                throw Failure(path: relativePath, reason: "refused: the path could lead outside the output folder")
            }
            result.append(String(decoding: component, as: UTF8.self))
        }
        return result
    }

    /// Checks a path and creates its folders; returns the absolute folder and the file name.
    ///
    /// A path whose folder was checked before (every report after a folder's first) needs only its file name
    /// checked: the folder's path passed `validatedComponents` when it was remembered.
    private func prepare(_ relativePath: String) throws(Failure) -> (folder: OutputFolder, name: String) {
        var path = relativePath
        let known: (folder: OutputFolder, name: String)? = path.withUTF8 { utf8 in
            guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")), slash > 0,
                Self.isPlainComponent(UnsafeBufferPointer(rebasing: utf8[(slash + 1)...]))
            else { return nil }
            let relative = String(decoding: UnsafeBufferPointer(rebasing: utf8[..<slash]), as: UTF8.self)
            guard let folder = folders.checked(BytePath(relative)) else { return nil }
            return (folder, String(decoding: UnsafeBufferPointer(rebasing: utf8[(slash + 1)...]), as: UTF8.self))
        }
        if let known { return known }
        let components = try Self.validatedComponents(relativePath)
        let folder = try ensureDirectory(components.dropLast(), for: relativePath)
        return (folder, components[components.count - 1])
    }

    /// Whether a path component names a file or folder inside its folder: not empty, `.` or `..`, and without a NUL
    /// or a backslash (what `validatedComponents` refuses).
    static func isPlainComponent(_ component: some Collection<UInt8>) -> Bool {
        !component.isEmpty && !component.elementsEqual(".".utf8) && !component.elementsEqual("..".utf8)
            && !component.contains(0) && !component.contains(UInt8(ascii: "\\"))
    }

    /// Writes a file beside the target with `fill`, then puts it in place.
    private func replace(
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

    /// A new temporary name beside a target's name: `.<name>.<pid>.<n>.tmp`, with the writer's tag before the
    /// process id if it has one.
    private func temporaryName(beside name: String) -> String {
        .concatenating(
            ".", name, ".", temporaryTag.map { $0 + "." } ?? "", Self.processID, ".", String(Self.serial.next()),
            ".tmp")
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

    // MARK: Staged writes

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

    /// Flushes what was written to the output folder's file system to disk: `syncfs(2)` on Linux (one call for
    /// everything, instead of an `fsync` per file), `sync(2)` elsewhere.
    func synchronize() {
        #if os(Linux)
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            if let syncFileSystem = Self.syncFileSystem {
                _ = syncFileSystem(descriptor)
            } else {
                sync()
            }
        #else
            sync()
        #endif
    }

    #if os(Linux)
        /// `syncfs(2)`, which Glibc's Swift module does not declare, looked up in the C library.
        private static let syncFileSystem: (@convention(c) (Int32) -> Int32)? = {
            guard let symbol = dlsym(nil, "syncfs") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        }()
    #endif

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

    /// Writes a whole buffer, retrying interrupted and short writes; the error text, or nil.
    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> String? {
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

    /// Creates the folders of a path under the root; a symbolic link or a file in the way is an error.
    ///
    /// Folders checked once are remembered for the life of the writer.
    private func ensureDirectory(
        _ components: ArraySlice<String>, for relativePath: String
    ) throws(Failure) -> OutputFolder {
        var folder =
            folders.checked(BytePath(""))
            ?? folders.remember(BytePath(""), path: root, descriptor: open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        var relative = ""
        for component in components {
            relative += relative.isEmpty ? component : "/" + component
            if let checked = folders.checked(BytePath(relative)) {
                folder = checked
                continue
            }
            // Looked at, created and opened by its name in the folder before it, which is held open: a link put on
            // the way meanwhile is never followed.
            let path = folder.path + "/" + component
            var info = stat()
            if Self.at(component, in: folder, { fstatat($0, $1, &info, AT_SYMLINK_NOFOLLOW) }) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    throw Failure(
                        path: relativePath,
                        reason: "refused: \(path) is a symbolic link, which could lead outside the output folder")
                }
                if (info.st_mode & S_IFMT) != S_IFDIR {
                    throw Failure(path: relativePath, reason: "\(path) is a file, not a folder")
                }
            } else if Self.at(component, in: folder, { mkdirat($0, $1, access.folderMode) }) != 0 && errno != EEXIST {
                throw Failure(
                    path: relativePath, reason: "cannot create folder \(path): \(String(cString: strerror(errno)))")
            }
            let descriptor = Self.at(component, in: folder) {
                openat($0, $1, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            // Created now, or left by an earlier build under another umask or access: given the writer's access.
            if descriptor >= 0 { Self.fit(descriptor, to: access, folder: true) }
            folder = folders.remember(BytePath(relative), path: path, descriptor: descriptor)
        }
        return folder
    }

    /// What is at a target path, compared with the bytes to be written there.
    private enum ExistingFile {
        /// Nothing.
        case none
        /// A regular file (not a link) with exactly these bytes.
        case same
        /// Anything else.
        case other
    }

    /// Whether nothing is at a path, or a regular file (not a link) with exactly these bytes, or something else; a
    /// file is read and compared 64 KB at a time, so a large file (the reports index's filter data is 6 MB at
    /// 100,000 reports) is not held twice.
    private static func existingFile(
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

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether a name part is a shard tag, `s<K>of<N>`.
    private static func isTag(_ text: Substring) -> Bool {
        guard text.hasPrefix("s"), let of = text.range(of: "of") else { return false }
        return isNumber(text[text.index(after: text.startIndex)..<of.lowerBound]) && isNumber(text[of.upperBound...])
    }

    private static let serial = SerialCounter()
    private static let processID = String(getpid())
}

/// A folder of the output folder that a writer checked or created: its absolute path, and a descriptor open on it
/// (-1 when it could not be opened, and the path is used).
struct OutputFolder: Sendable {
    let path: String
    let descriptor: Int32
}

/// The folders a writer checked or created, by their path relative to its root (`""` for the root), each open until
/// the last copy of the writer goes.
final class OutputFolders: Sendable {
    private let table = Mutex<[BytePath: OutputFolder]>([:])

    /// A folder checked before.
    func checked(_ relative: BytePath) -> OutputFolder? {
        table.withLock { $0[relative] }
    }

    /// Remembers a folder checked or created now, with the descriptor it was opened on (-1: it could not be), and
    /// returns it: the one remembered first when two threads check it at once (the other descriptor is closed).
    func remember(_ relative: BytePath, path: String, descriptor: Int32) -> OutputFolder {
        let opened = OutputFolder(path: path, descriptor: descriptor)
        let (kept, extra) = table.withLock { table -> (OutputFolder, Int32?) in
            // Another thread remembered it meanwhile: its descriptor is kept, this one closed.
            if let earlier = table[relative] { return (earlier, descriptor) }
            table[relative] = opened
            return (opened, nil)
        }
        if let extra, extra >= 0 { close(extra) }
        return kept
    }

    deinit {
        for folder in table.withLock({ Array($0.values) }) where folder.descriptor >= 0 { close(folder.descriptor) }
    }
}
