import Foundation

/// How a manifest entry is laid out in the `records` table, and the checksum that guards each row.
///
/// Columns: `path` (the record file relative to the content folder, a `BLOB` so it is compared and ordered byte for
/// byte), `file` and `digest` (16-byte digests), `id`, `dependencies` and `outputs` (lists of strings separated by
/// NUL bytes), `standard_outputs` (1 when the outputs are the usual two files, made from kind and id), `summary`
/// (`StoredSummary`, in `SummaryCodec`'s form), `diagnostics` (JSON), `generation` (the build that wrote it, see
/// `BuildManifest`), `stamp` (the 16-byte `FileStamp` of the file when it was read) and `checksum`: the digest of
/// every other column as stored. A row whose
/// checksum does not match was changed outside CarePress (an edited but well-formed row included), so it is not
/// trusted: the record is rendered again and the row written anew. The checksum detects change, not tampering.
enum ManifestRow {
    /// The columns in the order of `values(path:entry:)`, checksum last.
    static let columns =
        "path, file, id, digest, dependencies, standard_outputs, outputs, summary, diagnostics, generation, stamp, "
        + "checksum"

    /// The table.
    static let schema = """
        CREATE TABLE records(
            path BLOB PRIMARY KEY NOT NULL, file BLOB NOT NULL, id TEXT, digest BLOB, dependencies BLOB,
            standard_outputs INTEGER NOT NULL, outputs BLOB, summary BLOB, diagnostics BLOB,
            generation INTEGER NOT NULL, stamp BLOB, checksum BLOB NOT NULL
        ) WITHOUT ROWID;
        """

    /// The values of a row, without its checksum.
    ///
    /// A summary whose bytes are not held is written as `summary`: its bytes as the row has them now (see
    /// `BuildManifest.commit`); nil, when the row does not have them, writes no summary.
    static func values(
        path: String, entry: BuildManifest.Entry, generation: Int, summary: [UInt8]? = nil
    ) -> [SQLiteValue] {
        var standard = 0
        var outputs = SQLiteValue.null
        switch entry.outputs {
        case .standard?: standard = 1
        case .listed(let paths)?: outputs = .blob(joined(paths))
        case nil: break
        }
        return [
            .blob(Array(path.utf8)), .blob(bytes(of: entry.file)), entry.id.map(SQLiteValue.text) ?? .null,
            entry.digest.map { .blob(bytes(of: $0)) } ?? .null,
            entry.dependencies.isEmpty ? .null : .blob(joined(entry.dependencies)), .integer(standard), outputs,
            (entry.summary?.bytes ?? summary).map { .blob($0) } ?? .null,
            entry.diagnostics.isEmpty ? .null : .blob(encoded(entry.diagnostics)), .integer(generation),
            entry.stamp.map { .blob(bytes(of: $0)) } ?? .null,
        ]
    }

    /// The values of a row with its checksum, ready to insert.
    static func valuesWithChecksum(
        path: String, entry: BuildManifest.Entry, generation: Int, summary: [UInt8]? = nil
    ) -> [SQLiteValue] {
        let values = values(path: path, entry: entry, generation: generation, summary: summary)
        return values + [checksum(values)]
    }

    /// Reads the row the statement is on (selected as `columns`): its path, entry and generation; nil when its
    /// checksum does not match its columns.
    static func read(_ row: SQLiteStatement, strings: StringInterner) -> (
        path: String, entry: BuildManifest.Entry, generation: Int
    )? {
        // Each column is fetched once, for the checksum and for the entry.
        let columns = row.columns(12)
        guard checksumMatches(columns), let path = columns[0].bytes.map(text(of:)),
            let file = columns[1].bytes.flatMap(digest(in:))
        else { return nil }
        var entry = BuildManifest.Entry(file: file, id: columns[2].bytes.map(text(of:)))
        if case .bytes(let bytes) = columns[3] {
            guard let digest = digest(in: bytes) else { return nil }
            entry.digest = digest
        }
        if let dependencies = columns[4].bytes {
            entry.dependencies = strings.intern(joined: Array(dependencies), split: split)
        }
        if columns[5].integer == 1 {
            entry.outputs = .standard
        } else if let outputs = columns[6].bytes {
            entry.outputs = .listed(split(Array(outputs)))
        }
        // Only the summary's digest is held: the reports index reads the bytes back when it needs them.
        if let summary = columns[7].bytes { entry.summary = .init(inManifest: ContentDigest(summary)) }
        if let diagnostics = columns[8].bytes {
            guard let decoded = decoded(Array(diagnostics)) else { return nil }
            entry.diagnostics = decoded
        }
        if case .bytes(let bytes) = columns[10] {
            guard let stamp = digest(in: bytes) else { return nil }
            entry.stamp = stamp
        }
        return (path, entry, columns[9].integer)
    }

    private static func text(of bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// Whether a row's last column, its checksum, holds the digest of the `columnCount` columns before it, as stored.
    static func checksumMatches(_ row: SQLiteStatement, columnCount: Int32) -> Bool {
        checksumMatches(row.columns(columnCount + 1))
    }

    /// Whether the last of a row's columns, its checksum, holds the digest of the columns before it, as fetched.
    private static func checksumMatches(_ columns: [SQLiteStatement.Column]) -> Bool {
        var hasher = checksumHasher()
        for column in columns.dropLast() {
            switch column {
            case .null: hasher.combine(length: -1)
            case .integer(let value): combineInteger(value, into: &hasher)
            case .bytes(let bytes): combineBytes(bytes, into: &hasher)
            }
        }
        return columns.last?.bytes.flatMap(digest(in:)) == hasher.finalize()
    }

    /// The checksum of a list of values (for the other tables' rows).
    static func checksum(_ values: [SQLiteValue]) -> SQLiteValue {
        var hasher = checksumHasher()
        for value in values {
            switch value {
            case .null: hasher.combine(length: -1)
            case .integer(let number): combineInteger(number, into: &hasher)
            case .text(let text): hasher.combine(text)
            case .blob(let bytes): bytes.withUnsafeBytes { combineBytes($0, into: &hasher) }
            }
        }
        return .blob(bytes(of: hasher.finalize()))
    }

    // MARK: Encodings

    /// Strings separated by NUL bytes (which no path, id or dependency key contains).
    static func joined(_ strings: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(0) }
            bytes += string.utf8
        }
        return bytes
    }

    /// The strings of `joined(_:)`; an empty list for no bytes.
    static func split(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// A digest's 16 bytes, high lane first.
    static func bytes(of digest: ContentDigest) -> [UInt8] {
        (0..<16).map { index in
            UInt8(truncatingIfNeeded: (index < 8 ? digest.high : digest.low) >> UInt64(56 - 8 * (index % 8)))
        }
    }

    /// The digest of 16 bytes; nil for any other length.
    static func digest(of bytes: [UInt8]) -> ContentDigest? {
        bytes.withUnsafeBytes(digest(in:))
    }

    /// The digest of 16 bytes in a buffer (as `bytes(of:)` lays it out); nil for any other length.
    static func digest(in bytes: UnsafeRawBufferPointer) -> ContentDigest? {
        guard bytes.count == 16 else { return nil }
        return ContentDigest(
            high: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
            low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// A diagnostic as stored: without its file, which is the record's.
    private struct StoredDiagnostic: Codable {
        var severity: Diagnostic.Severity
        var line: Int
        var column: Int
        var path: String
        var message: String
        var hint: String?
    }

    private static func encoded(_ diagnostics: [Diagnostic]) -> [UInt8] {
        let stored = diagnostics.map {
            StoredDiagnostic(
                severity: $0.severity, line: $0.position.line, column: $0.position.column, path: $0.path,
                message: $0.message, hint: $0.hint)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(stored)).map { Array($0) } ?? []
    }

    private static func decoded(_ bytes: [UInt8]) -> [Diagnostic]? {
        guard let stored = try? JSONDecoder().decode([StoredDiagnostic].self, from: Data(bytes)) else { return nil }
        return stored.map {
            Diagnostic(
                $0.severity, file: "", position: SourcePosition(line: $0.line, column: $0.column), path: $0.path,
                message: $0.message, hint: $0.hint)
        }
    }

    // MARK: Checksum

    private static func checksumHasher() -> ContentHasher {
        var hasher = ContentHasher()
        hasher.combine("carepress manifest row")
        return hasher
    }

    private static func combineInteger(_ number: Int, into hasher: inout ContentHasher) {
        hasher.combine(length: -2)
        hasher.combine(length: number)
    }

    private static func combineBytes(_ bytes: UnsafeRawBufferPointer, into hasher: inout ContentHasher) {
        hasher.combine(buffer: bytes)
        hasher.combine(length: bytes.count)
    }
}
