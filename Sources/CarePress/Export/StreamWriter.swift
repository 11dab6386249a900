#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to standard output, a character device or a FIFO with every failure reported: a full disk (ENOSPC,
/// as `/dev/full` gives) or a reader that went away (EPIPE) is an error with a clear reason, never a silent loss or
/// a raw `NSError`.
///
/// A process that writes to a pipe should ignore SIGPIPE (the `carepress` executable does), so that a closed pipe
/// shows as EPIPE here instead of killing the process without a word.
public enum StreamWriter {
    /// Why a stream could not be written, in words, e.g. `no space left on device (ENOSPC)`.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public var reason: String
        public var description: String { reason }
    }

    /// Writes all of `bytes` to standard output.
    public static func writeStandardOutput(_ bytes: [UInt8]) throws(Failure) {
        try write(bytes, to: STDOUT_FILENO)
    }

    /// Writes `text` and a line break to standard output.
    public static func printLine(_ text: String) throws(Failure) {
        try writeStandardOutput(Array((text + "\n").utf8))
    }

    /// Writes all of `bytes` to standard error, and returns whether it could.
    ///
    /// Never traps and never throws: a message that cannot be written (a full disk, a closed descriptor, a pipe whose
    /// reader went away) has nowhere else to go, so the failure is remembered (`standardErrorFailed`) for the exit
    /// status. Every message of the `carepress` executable goes through here.
    @discardableResult
    public static func writeStandardError(_ bytes: [UInt8]) -> Bool {
        do {
            try write(bytes, to: STDERR_FILENO)
            return true
        } catch {
            standardErrorFailure.withLock { $0 = true }
            return false
        }
    }

    /// Whether a write to standard error has failed in this process.
    public static var standardErrorFailed: Bool { standardErrorFailure.withLock { $0 } }

    private static let standardErrorFailure = Mutex(false)

    /// Takes the standard descriptors (0, 1 and 2) that the process was started without (`2>&-`) with `/dev/null`,
    /// opened for reading only: standard input reads as empty, and a write to standard output or error still fails
    /// (EBADF) as on a closed descriptor. Otherwise the first file the process opens takes the number, and a message
    /// meant for standard error lands in a report or a lock file.
    public static func holdClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY | O_NOCTTY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes all of `bytes` to an open file descriptor, retrying after interruptions and short writes.
    static func write(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A non-blocking descriptor that is full: wait until it can take more.
                    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&request, 1, -1)
                    continue
                }
                throw Failure(reason: reason(errno: code))
            }
            written += count
        }
    }

    /// A system error in words, with its symbolic name for the common ones: `no space left on device (ENOSPC)`.
    public static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on device (ENOSPC)"
        case EPIPE: "the reading end was closed (EPIPE)"
        case EDQUOT: "disk quota exceeded (EDQUOT)"
        case EIO: "input/output error (EIO)"
        case EBADF: "it is not open for writing (EBADF)"
        case EACCES: "permission denied (EACCES)"
        case EPERM: "operation not permitted (EPERM)"
        case EROFS: "read-only file system (EROFS)"
        case ENOTDIR: "not a folder (ENOTDIR)"
        case ENOENT: "no such file or folder (ENOENT)"
        case EMFILE: "too many open files (EMFILE)"
        case ENFILE: "too many open files in the system (ENFILE)"
        case ELOOP: "too many levels of symbolic links (ELOOP)"
        case EISDIR: "is a folder (EISDIR)"
        case ENAMETOOLONG: "the name is too long (ENAMETOOLONG)"
        case ENOMEM: "out of memory (ENOMEM)"
        default: String(cString: strerror(code)).lowercased() + " (errno \(code))"
        }
    }
}
