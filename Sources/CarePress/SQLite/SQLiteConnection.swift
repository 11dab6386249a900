import CSQLite

/// A connection to one SQLite database file, through the system's libsqlite3.
///
/// A thin wrapper, in the way `CommonMark` wraps libcmark: open a file, run statements, prepare statements with
/// bound values (`SQLiteStatement`), and group changes in transactions. A connection is used by one thread at a time;
/// share it between threads inside a `Mutex`.
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Opens (and with `create`, creates) the database at a path. Symbolic links are not followed.
    init(path: String, create: Bool = true) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            let system = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw SQLiteError(code: status, message: message, systemErrno: system)
        }
        self.handle = handle
        // Another connection writing (a second process despite the build lock) makes calls wait, not fail at once.
        sqlite3_busy_timeout(handle, 5_000)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no values and return no rows that matter (schema, pragmas).
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Prepares a statement for running, usually many times with different values.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(statement, connection: self)
    }

    /// The first column of the first row of a query, as text; nil when there is no row or it is null.
    func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The first column of the first row of a query, as an integer; nil when there is no row.
    func integer(_ sql: String) throws(SQLiteError) -> Int? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.integer(0)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at once, so a transaction never fails half-way for want of it.
    func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The error for a result code, with the connection's last message.
    func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: lastMessage, systemErrno: sqlite3_system_errno(handle))
    }

    private var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
