import CSQLite

/// A failed SQLite call: its result code and SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...), without the extended bits.
    var code: Int32
    /// What SQLite said, e.g. `database disk image is malformed`.
    var message: String
    /// The `errno` of the system call that failed, for an error of opening or reading and writing the file (0 when
    /// there is none): SQLite's message alone says `unable to open database file` for a missing folder and for
    /// `too many open files` alike.
    var systemErrno: Int32

    /// An error with a code and message, and the system's `errno` (kept for file errors only).
    init(code: Int32, message: String, systemErrno: Int32 = 0) {
        self.code = code & 0xFF
        self.message = message
        self.systemErrno = self.code == SQLITE_CANTOPEN || self.code == SQLITE_IOERR ? systemErrno : 0
    }

    /// Whether the database file is damaged or not a database at all, so that it must be rebuilt.
    var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// The message and the code's name, e.g. `database disk image is malformed (SQLITE_CORRUPT)`.
    var description: String {
        let name = sqlite3_errstr(code).map { String(cString: $0) } ?? "error \(code)"
        let system = systemErrno == 0 ? "" : ": " + StreamWriter.reason(errno: systemErrno)
        return (message == name ? message : "\(message) (\(name))") + system
    }
}
