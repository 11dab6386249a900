import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files into the output folder, atomically, and never anywhere else.
///
/// Each file is written to a temporary file beside it and renamed into place, so a build killed at any
/// moment leaves either the old file or the new one, never half of one. Paths are relative to the output
/// folder; a path that could leave it (`..`, an absolute path, a symbolic link on the way) is refused.
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

    /// The output folder, as an absolute path without a trailing `/`.
    public let root: String

    /// Creates a writer for a folder, creating the folder if needed.
    public init(root: String) throws(Failure) {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        do {
            try FileManager.default.createDirectory(atPath: absolute, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: root, reason: "cannot create the output folder: \(error.localizedDescription)")
        }
        self.root = absolute.count > 1 && absolute.hasSuffix("/") ? String(absolute.dropLast()) : absolute
    }

    /// Writes bytes to a path relative to the output folder, unless the file already holds exactly them.
    @discardableResult
    public func write(_ bytes: [UInt8], to relativePath: String) throws(Failure) -> Outcome {
        let components = try Self.validatedComponents(relativePath)
        let directory = try ensureDirectory(components.dropLast(), for: relativePath)
        let target = directory + "/" + components[components.count - 1]
        if Self.fileHolds(target, bytes) { return .unchanged }
        let temporary = directory + "/.\(components[components.count - 1]).\(getpid()).\(Self.nextSerial()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(
                path: relativePath, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        var offset = 0
        let failure: String? = bytes.withUnsafeBytes { buffer in
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
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw Failure(path: relativePath, reason: "cannot write: \(failure)")
        }
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: relativePath, reason: "cannot move into place: \(reason)")
        }
        return .written
    }

    /// Writes UTF-8 text.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws(Failure) -> Outcome {
        try write(Array(text.utf8), to: relativePath)
    }

    /// The absolute path of a relative output path, after the same checks as a write.
    public func absolutePath(of relativePath: String) throws(Failure) -> String {
        root + "/" + (try Self.validatedComponents(relativePath)).joined(separator: "/")
    }

    /// Splits a relative path, refusing anything that could name a file outside the output folder.
    static func validatedComponents(_ relativePath: String) throws(Failure) -> [String] {
        if relativePath.hasPrefix("/") {
            throw Failure(path: relativePath, reason: "refused: an absolute path is outside the output folder")
        }
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !components.isEmpty else { throw Failure(path: relativePath, reason: "refused: empty path") }
        for component in components {
            if component.isEmpty || component == "." || component == ".." || component.contains("\0")
                || component.contains("\\")
            {
                throw Failure(path: relativePath, reason: "refused: the path could lead outside the output folder")
            }
        }
        return components
    }

    /// Creates the folders of a path under the root; a symbolic link or a file in the way is an error.
    private func ensureDirectory(_ components: ArraySlice<String>, for relativePath: String) throws(Failure) -> String {
        var path = root
        for component in components {
            path += "/" + component
            var info = stat()
            if lstat(path, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    throw Failure(
                        path: relativePath,
                        reason: "refused: \(path) is a symbolic link, which could lead outside the output folder")
                }
                if (info.st_mode & S_IFMT) != S_IFDIR {
                    throw Failure(path: relativePath, reason: "\(path) is a file, not a folder")
                }
            } else if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw Failure(
                    path: relativePath, reason: "cannot create folder \(path): \(String(cString: strerror(errno)))")
            }
        }
        return path
    }

    /// Whether a regular file (not a link) already holds exactly these bytes.
    private static func fileHolds(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        guard let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing.elementsEqual(bytes)
    }

    private static let serial = SerialCounter()
    private static func nextSerial() -> Int { serial.next() }
}

/// `write(2)`, named apart from the writer's own `write` methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

/// A thread-safe increasing counter, for unique temporary file names within one process.
final class SerialCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
