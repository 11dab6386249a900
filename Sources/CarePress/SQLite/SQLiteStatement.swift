import CSQLite

/// A prepared SQLite statement: bind values to its `?` parameters (numbered from 1), step through its rows, read
/// their columns (numbered from 0), reset it and run it again.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Keeps the connection open for as long as the statement lives.
    private let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Running

    /// Moves to the next row: true when there is one, false when the statement is done.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw connection.error(status)
        }
    }

    /// The statement on its first row, or nil when it has none.
    func stepped() throws(SQLiteError) -> SQLiteStatement? {
        try step() ? self : nil
    }

    /// Makes the statement ready to run again, clearing its bound values.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds values, runs the statement to its end and resets it: for `INSERT`, `UPDATE` and `DELETE`.
    func run(_ values: SQLiteValue...) throws(SQLiteError) {
        defer { reset() }
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
        while try step() {}
    }

    // MARK: Binding

    /// Binds a value to the parameter at `index` (from 1); the statement keeps its own copy.
    func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let status: Int32
        switch value {
        case .null:
            status = sqlite3_bind_null(handle, index)
        case .integer(let number):
            status = sqlite3_bind_int64(handle, index, Int64(number))
        case .text(let text):
            var text = text
            status = text.withUTF8 { utf8 in
                sqlite3_bind_text(
                    handle, index, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                    Int32(utf8.count), sqliteTransient)
            }
        case .blob(let bytes):
            status = bytes.withUnsafeBytes { raw in
                // A zero-length blob, not null: SQLite needs a non-null pointer for that.
                sqlite3_bind_blob(
                    handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
                    sqliteTransient)
            }
        }
        guard status == SQLITE_OK else { throw connection.error(status) }
    }

    // MARK: Columns

    /// Calls `body` with the bytes of a column known not to be null.
    func nonNullBytes<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
    }

    /// A column of the current row, fetched once (see `columns(_:)`).
    enum Column {
        case null
        case integer(Int)
        /// A blob's or a text's bytes, valid until the statement steps, is reset or finalised.
        case bytes(UnsafeRawBufferPointer)

        /// The bytes; nil for null or an integer.
        var bytes: UnsafeRawBufferPointer? {
            if case .bytes(let bytes) = self { bytes } else { nil }
        }

        /// The integer; 0 for anything else.
        var integer: Int {
            if case .integer(let value) = self { value } else { 0 }
        }
    }

    /// The first `count` columns of the current row, each fetched once: one pass over a row both checks and reads it.
    func columns(_ count: Int32) -> [Column] {
        (0..<count).map { column in
            switch sqlite3_column_type(handle, column) {
            case SQLITE_NULL: .null
            case SQLITE_INTEGER: .integer(Int(sqlite3_column_int64(handle, column)))
            default: .bytes(nonNullBytes(column) { $0 })
            }
        }
    }

    /// Whether the column of the current row is null.
    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer (0 for null).
    func integer(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The column as text, byte for byte; nil when it is null.
    func text(_ column: Int32) -> String? {
        guard let bytes = bytes(column) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with the column's bytes (a blob, or text without a terminator), valid only inside it; nil for
    /// null.
    func bytes<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        return nonNullBytes(column, body)
    }

    /// The column's bytes as an array; nil for null.
    func bytes(_ column: Int32) -> [UInt8]? {
        bytes(column) { Array($0) }
    }
}

/// A value to bind to a statement's parameter.
enum SQLiteValue {
    /// `NULL`.
    case null
    /// A 64-bit integer.
    case integer(Int)
    /// UTF-8 text, stored byte for byte (never normalised).
    case text(String)
    /// Bytes.
    case blob([UInt8])
}

/// `SQLITE_TRANSIENT`: SQLite copies a bound value before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
