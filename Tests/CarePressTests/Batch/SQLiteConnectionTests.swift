import Foundation
import Testing

@testable import CarePress

/// The thin wrapper over the system libsqlite3 that the build manifest is stored with.
@Suite("SQLite connection")
struct SQLiteConnectionTests {
    @Test func valuesRoundTripByteForByte() throws {
        let project = try TemporaryProject()
        let connection = try SQLiteConnection(path: project.path("test.sqlite"))
        try connection.execute("CREATE TABLE t(key BLOB PRIMARY KEY, number INTEGER, note TEXT, data BLOB)")
        let insert = try connection.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
        // NFC and NFD spellings of one name are two keys: nothing is normalised.
        let composed = "caf\u{E9}.json"
        let decomposed = "cafe\u{301}.json"
        try insert.run(.blob(Array(composed.utf8)), .integer(-7), .text("quote \" nul-free ✓"), .blob([]))
        try insert.run(.blob(Array(decomposed.utf8)), .integer(1 << 40), .null, .blob([0, 1, 255]))
        let select = try connection.prepare("SELECT key, number, note, data FROM t ORDER BY key")
        var rows: [(String?, Int, String?, [UInt8]?)] = []
        while try select.step() {
            rows.append((select.text(0), select.integer(1), select.text(2), select.bytes(3)))
        }
        #expect(rows.count == 2)
        // Byte order: "cafe" (0x65) sorts before "caf\u{E9}" (0xC3 0xA9).
        #expect(rows.map(\.0) == [decomposed, composed])
        #expect(rows[0].1 == 1 << 40 && rows[0].2 == nil && rows[0].3 == [0, 1, 255])
        #expect(rows[1].1 == -7 && rows[1].2 == "quote \" nul-free ✓" && rows[1].3 == [])
    }

    @Test func aTransactionThatThrowsIsRolledBack() throws {
        let project = try TemporaryProject()
        let connection = try SQLiteConnection(path: project.path("test.sqlite"))
        try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
        let insert = try connection.prepare("INSERT INTO t VALUES (?)")
        try connection.transaction { () throws(SQLiteError) in try insert.run(.integer(1)) }
        #expect(throws: SQLiteError.self) {
            try connection.transaction { () throws(SQLiteError) in
                try insert.run(.integer(2))
                try insert.run(.integer(1))  // a duplicate key: the whole transaction goes
            }
        }
        #expect(try connection.integer("SELECT count(*) FROM t") == 1)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsCorruption() throws {
        let project = try TemporaryProject()
        try project.write("junk.sqlite", String(repeating: "not a database ", count: 400))
        let connection = try SQLiteConnection(path: project.path("junk.sqlite"))
        do {
            try connection.execute("PRAGMA journal_mode=WAL; SELECT * FROM sqlite_master")
            Issue.record("a junk file was read as a database")
        } catch {
            #expect(error.isCorruption, "\(error)")
        }
    }
}
