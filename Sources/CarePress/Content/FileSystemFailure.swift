#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A content or theme folder the system would not list, or a file it would not read, for a reason other than its
/// absence: reported with that reason (`too many open files (EMFILE)`), never taken for an empty folder ("no records
/// found") or a missing file ("not found"). A build that cannot list its content stops with nothing written.
enum FileSystemFailure {
    /// The start of the message of a folder that could not be listed.
    static let unlistedMessage = "cannot list the folder: "

    /// The error of a folder that could not be listed (`code` is its `errno`).
    static func unlisted(_ folder: String, errno code: Int32) -> Diagnostic {
        Diagnostic(.error, file: folder, position: .start, message: unlistedMessage + reason(code), hint: hint(code))
    }

    /// The error of a file that could not be read (`code` is its `errno`, or 0 when it is not a regular file).
    static func unreadable(errno code: Int32) -> SyntaxError {
        SyntaxError(at: .start, "cannot read the file: " + reason(code), hint: hint(code))
    }

    /// The error of a file that could not be read, located at its path.
    static func unreadable(_ path: String, errno code: Int32) -> Diagnostic {
        Diagnostic(
            .error, file: path, position: .start, message: "cannot read the file: " + reason(code), hint: hint(code))
    }

    /// A system error in words, with its name; 0 is a file that is not a regular file.
    static func reason(_ code: Int32) -> String {
        code == 0 ? "it is not a regular file" : StreamWriter.reason(errno: code)
    }

    /// What to do about it.
    private static func hint(_ code: Int32) -> String {
        switch code {
        case EMFILE, ENFILE:
            "too many files are open: raise the limit of open files (ulimit -n), or close what holds them, and try again"
        case ELOOP: "a symbolic link on the way points back to itself"
        default: "check that it exists and is readable"
        }
    }
}
