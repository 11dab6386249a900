import CSQLite
import Foundation

/// What the last build made from each record, kept in the output folder, so that the next build renders only what
/// changed, removes the files of records that are gone, and finishes what a killed build started.
///
/// A SQLite database (the system's libsqlite3) per shard: `.carepress/manifest.sqlite`, or
/// `.carepress/manifest-K-of-N.sqlite` for shard K of N, because the shared volumes of array jobs are often network
/// file systems, where SQLite's locking is not safe for concurrent writers. It runs in WAL mode and every commit is
/// synced to disk (`synchronous=FULL`). Tables:
/// - `records`: one row per record file (see `ManifestRow`), each guarded by a checksum;
/// - `build`: one row: the generation (which build wrote a row), whether the last build finished, the shared pages,
///   and the first generation whose files may not be on disk yet, with the boot (`BootIdentity`) that wrote them;
/// - `orphans`: files that no row lists any more but that may still be on disk, until a build removes them.
///
/// Opening checks it: `PRAGMA integrity_check` when the last build did not finish; a damaged database (or a file
/// that is not one) is set aside and made again, with a warning, and the build renders everything from what is on
/// disk. Rows written by a build that did not finish are not trusted either (their files may not have reached the
/// disk before a power cut), so their records are rendered again.
///
/// A build that finishes without flushing its files to disk (see `BuildOptions.sync`) records the boot it ran in.
/// The next build in another boot (the system stopped, and may have lost files it had not written back yet) does not
/// trust the rows of that build and of any unflushed build before it, nor the shared pages: all are written again.
final class BuildManifest: Sendable {
    /// The format version (`PRAGMA user_version`); a database of another version is made again (a full build), but
    /// for format 5, which gains the unflushed columns of the `build` row.
    static let formatVersion = 7
    /// `PRAGMA application_id`: "CPMF", so `file(1)` and CarePress can tell the database apart from others.
    static let applicationID = 0x4350_4D46
    /// The folder inside the output folder that holds the manifests and the build locks.
    static let folder = ".carepress"

    /// The manifest's path relative to the output folder for a shard.
    static func path(for shard: Shard) -> String {
        shard.isWhole ? "\(folder)/manifest.sqlite" : "\(folder)/manifest-\(shard.fileLabel).sqlite"
    }

    /// The files of a shard's manifest relative to the output folder: the database and the files SQLite keeps
    /// beside it in WAL mode.
    static func files(for shard: Shard) -> [String] {
        let database = path(for: shard)
        return [database, database + "-wal", database + "-shm"]
    }

    /// The JSON Lines manifest that CarePress 0.6 wrote (format 2), removed by the first build of this format.
    static func legacyPath(for shard: Shard) -> String {
        shard.isWhole ? "\(folder)/manifest.jsonl" : "\(folder)/manifest-\(shard.fileLabel).jsonl"
    }

    /// The open database and what this build has done to it.
    struct Store {
        let database: SQLiteConnection
        let upsert: SQLiteStatement
        let delete: SQLiteStatement
        let addOrphan: SQLiteStatement
        let removeOrphan: SQLiteStatement
        /// A record's stored summary, by path.
        let selectSummary: SQLiteStatement
        /// How many summaries were read back with it (`summary(at:)`), for the tests.
        var summariesRead = 0
        /// The generation rows written by this build carry.
        var generation: Int
        /// Whether the database says the last build finished (true for a new database).
        var finishedOnDisk: Bool
        /// The first generation whose files may not be on disk yet (written by builds that did not flush them); nil
        /// when every file the rows name is known to be on disk.
        var unflushedFrom: Int?
        /// The running system's boot (`BootIdentity.current`, or what a test acts out).
        let boot: String?
        /// Whether this build has committed anything yet.
        var started = false
        /// Whether the rows of this generation so far may be vouched for by the running boot should this build be
        /// killed: the last build finished, or was killed having vouched so, and no other boot left files unflushed.
        var boundToBoot = false
        /// Whether this build's first commit vouches by the boot for the rows it writes (see `vouchByBoot`).
        var vouchesByBoot = false
    }

    let store: Mutex<Store>

    private init(store: Store) {
        self.store = Mutex(store)
    }

    // MARK: Opening

    /// Opens (or creates) the manifest at an absolute path and reads it, making it again when it is damaged.
    ///
    /// Throws only when the database cannot be opened or made at all (a folder that cannot be written, a full disk).
    /// `boot` is the running system's (see `BootIdentity`).
    static func open(
        at path: String, strings: StringInterner, boot: String? = BootIdentity.current
    ) throws(SQLiteError) -> (BuildManifest, Contents) {
        do {
            return try openChecked(at: path, strings: strings, boot: boot)
        } catch  where error.isCorruption {
            let salvaged = salvageOutputs(at: path)
            removeDatabase(at: path)
            var (manifest, contents) = try openChecked(at: path, strings: strings, boot: boot)
            contents.warnings.append(
                "the build manifest is damaged (\(error)); it is made again from the records and the files on disk, "
                    + "and every record is rendered again")
            if !salvaged.isEmpty {
                // What the damaged manifest still showed of its files: removed at the end of this build unless a
                // record makes them.
                try manifest.commit(ManifestChanges(orphans: salvaged))
                contents.orphans = salvaged
            }
            return (manifest, contents)
        }
    }

    /// Opens a manifest that is already there and needs nothing written to be read: one of this format, in WAL mode,
    /// every row of it trusted. Nil for any other (missing, of another format, damaged, or with rows to drop), which
    /// `open` then opens, mending it: so that it can be read before the build knows it will write anything.
    static func openAsItIs(
        at path: String, strings: StringInterner, boot: String? = BootIdentity.current
    ) -> (BuildManifest, Contents)? {
        try? openChecked(at: path, strings: strings, boot: boot, mending: false)
    }

    /// Opens another build's manifest to read what it published (a batch's fan-in reading its shards'), writing
    /// nothing: every row that names its files is taken as it is, whatever boot the build ran in, since the shard may
    /// have run on another machine (whose boot says nothing here) and the reader checks that each file is there. Nil
    /// when it cannot be read as it is.
    static func openPublished(at path: String, strings: StringInterner) -> (BuildManifest, Contents)? {
        try? openChecked(at: path, strings: strings, boot: nil, mending: false, trustsEveryRow: true)
    }

    /// Opens the manifest; with `mending` false, throws where it would write (see `openAsItIs`); with
    /// `trustsEveryRow`, no row is distrusted for a build that did not finish or a restart (see `openPublished`).
    private static func openChecked(
        at path: String, strings: StringInterner, boot: String?, mending: Bool = true,
        trustsEveryRow: Bool = false
    ) throws(SQLiteError) -> (BuildManifest, Contents) {
        let wouldWrite = SQLiteError(code: SQLITE_READONLY, message: "the manifest needs mending")
        let database = try SQLiteConnection(path: path, create: mending)
        if mending {
            try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL")
        } else {
            guard try database.text("PRAGMA journal_mode") == "wal" else { throw wouldWrite }
            try database.execute("PRAGMA synchronous=FULL")
        }
        var contents = Contents()
        let version = try database.integer("PRAGMA user_version") ?? 0
        let application = try database.integer("PRAGMA application_id") ?? 0
        let tables = try database.integer("SELECT count(*) FROM sqlite_master") ?? 0
        if version == 5 && application == applicationID {
            // Format 5 flushed every build's files: no generation is unflushed.
            guard mending else { throw wouldWrite }
            try database.transaction { () throws(SQLiteError) in
                try database.execute(
                    "ALTER TABLE build ADD COLUMN unflushed_from INTEGER; ALTER TABLE build ADD COLUMN "
                        + "unflushed_boot TEXT; PRAGMA user_version = \(formatVersion)")
            }
        } else if version != formatVersion || application != applicationID {
            guard mending else { throw wouldWrite }
            if tables > 0 {
                contents.warnings.append(
                    "the build manifest is not a format \(formatVersion) CarePress manifest; every record is "
                        + "rendered again")
            }
            try createSchema(in: database)
        }
        guard let build = try readBuildRow(database) else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "the build table has no row")
        }
        if !build.finished {
            let check = try database.text("PRAGMA integrity_check") ?? "no answer"
            guard check == "ok" else { throw SQLiteError(code: SQLITE_CORRUPT, message: "integrity check: \(check)") }
        }
        contents.finished = build.finished
        contents.shared = build.shared ?? SharedPages()
        if build.shared == nil {
            contents.warnings.append(
                "the build manifest's row of shared pages was changed outside CarePress; they are written again")
        }
        // Rows of a build that did not finish, and, after a restart, of builds that left their files unflushed. A
        // build killed in this boot that vouched for its rows (`vouchByBoot`) left their files in this system's page
        // cache: they are trusted, as an unflushed build's are.
        let killedInThisBoot = !build.finished && boot != nil && build.unflushed.map { $0.boot == boot } == true
        var untrustedFrom = build.finished || killedInThisBoot || trustsEveryRow ? nil : build.generation
        if !trustsEveryRow, let unflushed = build.unflushed, boot == nil || unflushed.boot != boot {
            untrustedFrom = min(unflushed.from, untrustedFrom ?? unflushed.from)
            contents.shared.digest = nil
            contents.shared.guideDigest = nil
            contents.warnings.append(
                "the system restarted before the files of the last build were known to be on disk; its records and "
                    + "the shared pages are written again")
        }
        let untrusted = try readRecords(database, strings: strings, untrustedFrom: untrustedFrom, into: &contents)
        contents.orphans = try readOrphans(database, into: &contents)
        var store = Store(
            database: database,
            upsert: try database.prepare(
                "INSERT OR REPLACE INTO records(\(ManifestRow.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
            delete: try database.prepare("DELETE FROM records WHERE path = ?"),
            addOrphan: try database.prepare("INSERT OR REPLACE INTO orphans(path, checksum) VALUES (?, ?)"),
            removeOrphan: try database.prepare("DELETE FROM orphans WHERE path = ?"),
            selectSummary: try database.prepare("SELECT summary FROM records WHERE path = ?"),
            generation: build.finished ? build.generation + 1 : build.generation, finishedOnDisk: build.finished,
            unflushedFrom: build.unflushed?.from, boot: boot)
        guard mending || untrusted.isEmpty else { throw wouldWrite }
        store.boundToBoot =
            boot != nil && (build.finished || killedInThisBoot) && build.unflushed.map { $0.boot == boot } != false
        let manifest = BuildManifest(store: store)
        if !untrusted.isEmpty {
            // Their records are rendered again and get new rows; rows of files that are gone go now.
            try manifest.commit(ManifestChanges(removedEntries: untrusted))
        }
        return (manifest, contents)
    }

    private static func createSchema(in database: SQLiteConnection) throws(SQLiteError) {
        try database.transaction { () throws(SQLiteError) in
            try database.execute(
                """
                DROP TABLE IF EXISTS records; DROP TABLE IF EXISTS build; DROP TABLE IF EXISTS orphans;
                \(ManifestRow.schema)
                CREATE TABLE build(
                    one INTEGER PRIMARY KEY CHECK (one = 1), generation INTEGER NOT NULL, finished INTEGER NOT NULL,
                    shared_digest BLOB, shared_guide_digest BLOB, shared_outputs BLOB, checksum BLOB NOT NULL,
                    unflushed_from INTEGER, unflushed_boot TEXT
                );
                CREATE TABLE orphans(path BLOB PRIMARY KEY NOT NULL, checksum BLOB NOT NULL) WITHOUT ROWID;
                PRAGMA user_version = \(formatVersion);
                PRAGMA application_id = \(applicationID);
                """)
            let insert = try database.prepare(
                "INSERT INTO build(one, generation, finished, shared_digest, shared_guide_digest, shared_outputs, "
                    + "checksum) VALUES (1, 1, 1, NULL, NULL, NULL, ?)")
            try insert.run(ManifestRow.checksum([.null, .null, .null]))
        }
    }

    /// The data files of a database at a path: the file, its WAL, its shared-memory index and a rollback journal.
    static func databaseFiles(at path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    private static func removeDatabase(at path: String) {
        for file in databaseFiles(at: path) { unlink(file) }
    }

    /// The output files that a damaged database still shows, as far as it can be read.
    private static func salvageOutputs(at path: String) -> [String] {
        guard let database = try? SQLiteConnection(path: path, create: false),
            let rows = try? database.prepare(
                "SELECT path, id, standard_outputs, outputs FROM records")
        else { return [] }
        var paths: [String] = []
        while (try? rows.step()) == true {
            if rows.integer(2) == 1, let id = rows.text(1), let record = rows.text(0),
                let kind = RecordKind.allCases.first(where: { record.hasPrefix($0.folder + "/") })
            {
                paths += BuildManifest.Outputs.standard.paths(kind: kind, id: id)
            } else if let outputs = rows.bytes(3) {
                paths += ManifestRow.split(outputs)
            }
        }
        return paths
    }
}
