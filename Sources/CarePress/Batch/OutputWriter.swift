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
    let folders = OutputFolders()
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
}
