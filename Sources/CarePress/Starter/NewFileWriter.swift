import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates files in a folder without ever replacing one: a path where something already is, is left alone.
///
/// Each file is written to a temporary file beside it and then hard-linked into place, which fails when the name is
/// taken, so a file is either created whole or not at all, and nothing that exists is touched, even one that
/// appears while this runs.
public enum NewFileWriter {
    /// What writing a set of files did.
    public struct Outcome: Sendable, Equatable {
        /// Paths created, relative to the folder, in the order given.
        public var created: [String] = []
        /// Paths left alone because something was already there.
        public var kept: [String] = []
    }

    /// Why a file could not be created.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The path that could not be created.
        public var path: String
        /// What went wrong.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Creates each file (path relative to `folder`, `/`-separated) that does not exist yet, and its folders.
    public static func write(_ files: [(path: String, bytes: [UInt8])], into folder: String) throws(Failure)
        -> Outcome
    {
        var outcome = Outcome()
        for (relative, bytes) in files {
            precondition(
                !relative.hasPrefix("/") && !relative.split(separator: "/").contains(".."),
                "a relative path inside the folder")
            // NSString's join keeps `./`, so that a file at the top of `.` has a folder to be created in.
            let target = (folder as NSString).appendingPathComponent(relative)
            let directory = PathText.parent(of: target)
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw Failure(path: directory, reason: "cannot create the folder: \(error.localizedDescription)")
            }
            if try create(target, bytes, in: directory) {
                outcome.created.append(relative)
            } else {
                outcome.kept.append(relative)
            }
        }
        return outcome
    }

    /// Creates one file; false when something is already at its path.
    private static func create(_ target: String, _ bytes: [UInt8], in directory: String) throws(Failure) -> Bool {
        var info = stat()
        if lstat(target, &info) == 0 { return false }
        let name = (target as NSString).lastPathComponent
        let temporary = directory + "/.\(name).\(getpid()).new.tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(path: target, reason: "cannot create a file: \(String(cString: strerror(errno)))")
        }
        defer { unlink(temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw Failure(path: target, reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            written += count
        }
        close(descriptor)
        if link(temporary, target) == 0 { return true }
        if errno == EEXIST { return false }
        throw Failure(path: target, reason: "cannot create the file: \(String(cString: strerror(errno)))")
    }
}
