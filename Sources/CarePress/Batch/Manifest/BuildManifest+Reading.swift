extension BuildManifest {
    /// The `build` row: its generation, whether that build finished, the shared pages (nil when the row's checksum
    /// does not match them), and the first generation whose files may not be on disk yet with the boot that wrote
    /// them (nil when all are on disk).
    static func readBuildRow(_ database: SQLiteConnection) throws(SQLiteError) -> (
        generation: Int, finished: Bool, shared: SharedPages?, unflushed: (from: Int, boot: String?)?
    )? {
        let row = try database.prepare(
            "SELECT shared_digest, shared_guide_digest, shared_outputs, checksum, generation, finished, "
                + "unflushed_from, unflushed_boot FROM build WHERE one = 1")
        guard try row.step() else { return nil }
        var shared: SharedPages?
        if ManifestRow.checksumMatches(row, columnCount: 3) {
            var pages = SharedPages()
            pages.digest = row.bytes(0).flatMap(ManifestRow.digest(of:))
            pages.guideDigest = row.bytes(1).flatMap(ManifestRow.digest(of:))
            pages.outputs = row.bytes(2).map(ManifestRow.split) ?? []
            shared = pages
        }
        let unflushed = row.isNull(6) ? nil : (from: row.integer(6), boot: row.text(7))
        return (row.integer(4), row.integer(5) == 1, shared, unflushed)
    }

    /// Reads every record row in byte order of the paths into `contents`; returns the paths of rows that fail their
    /// checksum (each also a warning).
    ///
    /// Rows of `untrustedFrom` and later generations (a build that did not finish, builds whose files may have been
    /// lost in a restart) lose their digest: their records are rendered again (the files they name may not have
    /// reached the disk), and still own their files.
    static func readRecords(
        _ database: SQLiteConnection, strings: StringInterner, untrustedFrom: Int?, into contents: inout Contents
    ) throws(SQLiteError) -> [String] {
        let rows = try database.prepare("SELECT \(ManifestRow.columns) FROM records ORDER BY path")
        var untrusted: [String] = []
        while try rows.step() {
            guard let (path, entry, generation) = ManifestRow.read(rows, strings: strings) else {
                let path = rows.text(0) ?? "?"
                untrusted.append(path)
                contents.warnings.append(
                    "the build manifest's row for \(path) was changed outside CarePress (its checksum does not match); "
                        + "the record is rendered again")
                continue
            }
            var trusted = entry
            if let untrustedFrom, generation >= untrustedFrom { trusted.digest = nil }
            contents.entries.append((path, trusted))
        }
        return untrusted
    }

    /// The orphan files listed, without those whose checksum does not match (each a warning: they are left alone).
    static func readOrphans(_ database: SQLiteConnection, into contents: inout Contents) throws(SQLiteError)
        -> [String]
    {
        let rows = try database.prepare("SELECT path, checksum FROM orphans ORDER BY path")
        var orphans: [String] = []
        while try rows.step() {
            guard let path = rows.text(0) else { continue }
            if ManifestRow.checksumMatches(rows, columnCount: 1) {
                orphans.append(path)
            } else {
                contents.warnings.append(
                    "the build manifest's orphan row \(path) was changed outside CarePress; the file is left alone")
            }
        }
        return orphans
    }
}
