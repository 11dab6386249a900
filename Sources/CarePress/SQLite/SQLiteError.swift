import CSQLite

/// A failed SQLite call: its result code and SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...), without the extended bits.
    var code: Int32
    /// What SQLite said, e.g. `database disk image is malformed`.
    var message: String

    /// An error with a code and message.
    init(code: Int32, message: String) {
        self.code = code & 0xFF
        self.message = message
    }

    /// Whether the database file is damaged or not a database at all, so that it must be rebuilt.
    var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// The message and the code's name, e.g. `database disk image is malformed (SQLITE_CORRUPT)`.
    var description: String {
        let name = sqlite3_errstr(code).map { String(cString: $0) } ?? "error \(code)"
        return message == name ? message : "\(message) (\(name))"
    }
}
