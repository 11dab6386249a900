import Foundation
import Testing

@testable import CarePress

@Suite("Content digests")
struct ContentDigestTests {
    @Test func knownValuesNeverChange() {
        // Changing the function makes every existing manifest useless (a full build); these values pin it. Raw bytes
        // give XXH3-128 itself: the empty input's value is xxHash's published one (high 64 bits first).
        #expect(ContentDigest([UInt8]()).description == "99aa06d3014798d86001c324468d497f")
        #expect(ContentDigest("abc").description == "c6ba05f01ac1ba1d5a1cbd4fbb2d8f34")
        #expect(
            ContentDigest(Array("The quick brown fox jumps over the lazy dog".utf8)).description
                == "ddd650205ca3e7fa24a1cc2e3a8a7651")
        #expect(ContentDigest(hex: ContentDigest("abc").description) == ContentDigest("abc"))
        #expect(ContentDigest(hex: "xyz") == nil)
    }

    /// A hasher is a value: a copy goes on from where the original was, and neither sees what the other adds.
    @Test func aCopiedHasherGoesOnOnItsOwn() {
        var start = ContentHasher()
        start.combine("shared prefix")
        var left = start
        var right = start
        left.combine("left")
        right.combine("right")
        var leftAlone = ContentHasher()
        leftAlone.combine("shared prefix")
        leftAlone.combine("left")
        var rightAlone = ContentHasher()
        rightAlone.combine("shared prefix")
        rightAlone.combine("right")
        #expect(left.finalize() == leftAlone.finalize())
        #expect(right.finalize() == rightAlone.finalize())
        var prefixOnly = ContentHasher()
        prefixOnly.combine("shared prefix")
        #expect(start.finalize() == prefixOnly.finalize())
        #expect(left.finalize() != right.finalize())
    }

    @Test func chunkingDoesNotMatter() {
        var generator = SplitMix(seed: 7)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let whole = ContentDigest(bytes)
            for cut in Set([0, length / 3, length / 2, max(0, length - 1), length]) {
                var hasher = ContentHasher()
                hasher.combine(bytes: bytes[..<cut])
                hasher.combine(bytes: bytes[cut...])
                #expect(hasher.finalize() == whole, "length \(length), cut at \(cut)")
            }
        }
    }

    /// Strings added as one field digest as the string they make.
    @Test func aConcatenationIsTheStringItMakes() {
        for parts in [[], [""], ["reports/", "consults", "/", "zoë-日本"], ["a", "bcdefghij", "", "klmnopqrstuvwxyz"]] {
            var hasher = ContentHasher()
            hasher.combine(concatenationOf: parts)
            #expect(hasher.finalize() == ContentDigest(parts.joined()), "\(parts)")
        }
    }

    /// An integer field is its eight bytes, least significant first, wherever the bytes before it leave off.
    @Test func anIntegerFieldIsItsEightBytesAtEveryOffset() {
        var generator = SplitMix(seed: 11)
        for before in 0..<17 {
            let prefix = (0..<before).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let value = Int(bitPattern: UInt(generator.next()))
            var field = ContentHasher()
            field.combine(bytes: prefix)
            field.combine(length: value)
            field.combine(bytes: prefix)
            var bytes = ContentHasher()
            bytes.combine(bytes: prefix)
            let word = UInt64(bitPattern: Int64(value)) ^ 0xA5A5_A5A5_A5A5_A5A5
            bytes.combine(bytes: (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) })
            bytes.combine(bytes: prefix)
            #expect(field.finalize() == bytes.finalize(), "\(before) bytes before")
        }
    }

    @Test func everySingleBitChangeChangesTheDigest() {
        let bytes = Array("{\"id\": \"hl-2026-0001\", \"answers\": {\"goals\": \"Keep what I have\"}}".utf8)
        var seen: Set<ContentDigest> = [ContentDigest(bytes)]
        for index in bytes.indices {
            for bit in 0..<8 {
                var changed = bytes
                changed[index] ^= 1 << bit
                seen.insert(ContentDigest(changed))
            }
        }
        #expect(seen.count == bytes.count * 8 + 1)
    }

    @Test func fieldsDoNotRunTogether() {
        var one = ContentHasher()
        one.combine("ab")
        one.combine("c")
        var two = ContentHasher()
        two.combine("a")
        two.combine("bc")
        #expect(one.finalize() != two.finalize())
    }

    /// A small deterministic generator for test data.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

@Suite("Build manifest")
struct BuildManifestTests {
    static let awkward = "quote \" backslash \\ newline \n tab \t control \u{01} emoji 👩🏽‍⚕️ arabic ألم"

    /// A few entries of every shape, two of them under NFC and NFD spellings of one name.
    static func sampleEntries() -> [(path: String, entry: BuildManifest.Entry)] {
        var entry = BuildManifest.Entry(file: ContentDigest("file"), id: "hl-1")
        entry.digest = ContentDigest("digest")
        entry.stamp = ContentDigest("stamp")
        entry.dependencies = ["schema:hair-loss", "condition:" + awkward]
        entry.outputs = .standard
        let summary = ReportSummary(
            kind: .consult, id: "hl-1", title: "Title", patient: awkward, status: "Completed", detail: awkward,
            date: Timestamp(rfc3339: "2026-11-02T09:19:30Z"), htmlPath: "reports/consults/hl-1.html",
            attention: Attention(level: .urgent, reasons: ["1 urgent answer: " + awkward, "b"]))
        entry.summary = BuildManifest.StoredSummary(summary)
        entry.diagnostics = [
            Diagnostic(
                .warning, file: "", position: SourcePosition(line: 3, column: 7), path: "a.b[2]", message: awkward,
                hint: "h")
        ]
        var charted = BuildManifest.Entry(file: ContentDigest("stack"), id: awkward)
        charted.outputs = .listed(["reports/stacks/x.md", "reports/stacks/x.html", "reports/stacks/x-chart.svg"])
        return [
            ("consults/a.json", entry), ("consults/caf\u{E9}.json", BuildManifest.Entry(file: ContentDigest("nfc"))),
            ("consults/cafe\u{301}.json", BuildManifest.Entry(file: ContentDigest("nfd"), id: "x")),
            ("physio/b.json", BuildManifest.Entry(file: ContentDigest("other"), id: nil, outputs: .listed([]))),
            ("stacks/c.json", charted),
        ]
    }

    static func open(_ path: String) throws -> (BuildManifest, BuildManifest.Contents) {
        try BuildManifest.open(at: path, strings: StringInterner())
    }

    @Test func entriesSurviveACommitAndAnOpen() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (manifest, empty) = try Self.open(path)
        #expect(empty.entries.isEmpty && empty.warnings.isEmpty)
        let shared = BuildManifest.SharedPages(
            digest: ContentDigest("shared"), outputs: ["index.html", "guide/a.html"])
        try manifest.commit(
            ManifestChanges(entries: Self.sampleEntries(), orphans: ["reports/consults/gone.md"], shared: shared),
            finishing: true)
        let (reopened, read) = try Self.open(path)
        #expect(read.warnings.isEmpty)
        #expect(read.shared == shared)
        #expect(read.orphans == ["reports/consults/gone.md"])
        // Byte order: "cafe" + U+0301 before "caf" + U+00E9, and both kept apart.
        #expect(
            read.entries.map { Array($0.path.utf8) }
                == [
                    "consults/a.json", "consults/cafe\u{301}.json", "consults/caf\u{E9}.json", "physio/b.json",
                    "stacks/c.json",
                ].map { Array($0.utf8) })
        let expected = Dictionary(uniqueKeysWithValues: Self.sampleEntries().map { (Array($0.path.utf8), $0.entry) })
        for (path, entry) in read.entries {
            #expect(entry == expected[Array(path.utf8)], "\(path)")
        }
        // Opening holds only the summary's digest; the bytes are read back when the reports index needs them.
        #expect(read.entries[0].entry.summary?.bytes == nil)
        let summary = try #require(reopened.summary(at: "consults/a.json"))
        #expect(summary == read.entries[0].entry.summary)
        #expect(summary.summary?.patient == Self.awkward)
        // The triage survives an incremental build.
        #expect(summary.summary?.attention.level == .urgent)
        #expect(reopened.summary(at: "consults/caf\u{E9}.json") == nil)
    }

    /// An entry as read back holds only its summary's digest; written again (its outputs changed, say), its row keeps
    /// the summary's bytes, and a build releases the bytes it made once they are committed.
    @Test func anEntryReadBackAndWrittenAgainKeepsItsSummary() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (manifest, _) = try Self.open(path)
        try manifest.commit(ManifestChanges(entries: Self.sampleEntries()), finishing: true)
        let written = try #require(manifest.summary(at: "consults/a.json"))
        let (again, read) = try Self.open(path)
        var entry = read.entries[0].entry
        #expect(entry.summary?.bytes == nil)
        entry.outputs = .listed(["reports/consults/hl-1.md"])
        try again.commit(ManifestChanges(entries: [("consults/a.json", entry)]), finishing: true)
        let (third, reread) = try Self.open(path)
        #expect(reread.warnings.isEmpty, "the row's checksum covers the summary it was written with")
        #expect(reread.entries[0].entry == entry)
        #expect(third.summary(at: "consults/a.json")?.bytes == written.bytes)
        #expect(written.summary?.patient == Self.awkward)
        var released = written
        released.release()
        #expect(released == written && released.bytes == nil && released.summary == nil)
    }

    @Test func aFileThatIsNotADatabaseIsMadeAgainWithAWarning() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        try project.write("manifest.sqlite", String(repeating: "{\"version\": 2}\n", count: 300))
        let (manifest, contents) = try Self.open(path)
        #expect(contents.entries.isEmpty)
        #expect(contents.warnings.count == 1)
        #expect(contents.warnings.first?.hasPrefix("the build manifest is damaged") == true)
        try manifest.commit(ManifestChanges(entries: Self.sampleEntries()), finishing: true)
        let (_, again) = try Self.open(path)
        #expect(again.warnings.isEmpty)
        #expect(again.entries.count == Self.sampleEntries().count)
    }

    @Test func aDamagedPageIsFoundAndWhatTheManifestStillShowsBecomesOrphans() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (manifest, _) = try Self.open(path)
        // Enough rows for several pages; the build never finishes, so the next open checks the database.
        let many = (0..<400).map { index in
            (
                path: String(format: "consults/r-%04d.json", index),
                entry: BuildManifest.Entry(
                    file: ContentDigest("\(index)"), id: "r-\(index)",
                    outputs: .listed(["reports/consults/r-\(index).md", String(repeating: "x", count: 200)]))
            )
        }
        try manifest.commit(ManifestChanges(entries: many))
        _ = consume manifest
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let pageSize = try #require(try connection.integer("PRAGMA page_size"))
        let pages = try #require(try connection.integer("PRAGMA page_count"))
        _ = consume connection
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(pageSize * (pages - 2) + 8))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
        try handle.close()
        let (_, contents) = try Self.open(path)
        #expect(contents.warnings.first?.hasPrefix("the build manifest is damaged") == true, "\(contents.warnings)")
        #expect(contents.entries.isEmpty)
        // The rows that could still be read name files the build may have written: they are orphans now.
        #expect(contents.orphans.contains("reports/consults/r-0.md"))
    }

    @Test func aRowEditedOutsideCarePressIsNotTrusted() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (manifest, _) = try Self.open(path)
        try manifest.commit(ManifestChanges(entries: Self.sampleEntries()), finishing: true)
        _ = consume manifest
        // A well-formed change: another title in a summary that still decodes.
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(
            "UPDATE records SET summary = CAST(replace(CAST(summary AS TEXT), 'Title', 'Forged') AS BLOB) "
                + "WHERE path = CAST('consults/a.json' AS BLOB)")
        _ = consume connection
        let (_, contents) = try Self.open(path)
        #expect(contents.warnings.count == 1)
        #expect(contents.warnings.first?.contains("consults/a.json was changed outside CarePress") == true)
        #expect(!contents.entries.contains { $0.path == "consults/a.json" })
        #expect(contents.entries.count == Self.sampleEntries().count - 1)
        // The untrusted row is gone: the next open has nothing to warn about.
        #expect(try Self.open(path).1.warnings.isEmpty)
    }

    /// What a build reads ahead, before it knows it may write: a manifest that needs no mending, or nothing, with
    /// the file left as it was.
    @Test func aManifestIsReadAheadOnlyAsItIs() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        #expect(BuildManifest.openAsItIs(at: path, strings: StringInterner()) == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "a missing manifest is not made")
        let (manifest, _) = try Self.open(path)
        try manifest.commit(ManifestChanges(entries: Self.sampleEntries()), finishing: true)
        _ = consume manifest
        let (_, read) = try #require(BuildManifest.openAsItIs(at: path, strings: StringInterner()))
        #expect(read.entries.count == Self.sampleEntries().count)
        #expect(read.entries.map(\.entry) == (try Self.open(path).1.entries.map(\.entry)))
        // A row changed outside CarePress would be dropped: left for `open`, which drops it and warns.
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(
            "UPDATE records SET summary = CAST(replace(CAST(summary AS TEXT), 'Title', 'Forged') AS BLOB) "
                + "WHERE path = CAST('consults/a.json' AS BLOB)")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let edited = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(BuildManifest.openAsItIs(at: path, strings: StringInterner()) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == edited)
        // So is a manifest of another format, which `open` makes again.
        try connection.execute("PRAGMA user_version = 4")
        _ = consume connection
        #expect(BuildManifest.openAsItIs(at: path, strings: StringInterner()) == nil)
        let (_, remade) = try Self.open(path)
        #expect(remade.entries.isEmpty && remade.warnings.first?.contains("not a format") == true)
    }

    @Test func rowsOfABuildThatDidNotFinishAreRenderedAgain() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (first, _) = try Self.open(path)
        let entries = Self.sampleEntries()
        try first.commit(ManifestChanges(entries: [entries[0]]), finishing: true)
        _ = consume first
        // The next build writes a row and is killed before it finishes.
        let (second, _) = try Self.open(path)
        var changed = entries[4]
        changed.entry.digest = ContentDigest("new")
        try second.commit(ManifestChanges(entries: [changed]))
        _ = consume second
        // A third build is killed too, without writing: the second build's row must still not be trusted.
        let (third, afterKill) = try Self.open(path)
        _ = consume third
        let (_, contents) = try Self.open(path)
        for read in [afterKill, contents] {
            #expect(read.entries.first { $0.path == "consults/a.json" }?.entry.digest == ContentDigest("digest"))
            let stack = try #require(read.entries.first { $0.path == "stacks/c.json" }?.entry)
            #expect(stack.digest == nil)
            #expect(stack.outputs == changed.entry.outputs)
        }
    }

    @Test func aNewManifestHasNothingToFinish() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (manifest, _) = try Self.open(path)
        try manifest.commit(ManifestChanges(), finishing: true)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func stemsOfOutputPaths() {
        #expect(
            RecordBatch.stems(of: "reports/stacks/sw-1-chart.svg") == [
                "reports/stacks/sw-1-chart", "reports/stacks/sw-1", "reports/stacks/sw",
            ])
        #expect(RecordBatch.stems(of: "reports/consults/hl.md") == ["reports/consults/hl"])
    }

    @Test func theIDScannerFindsWhatTheLoaderReads() {
        let cases: [(String, String?)] = [
            (#"{"id": "hl-1"}"#, "hl-1"),
            ("\u{FEFF}{\"id\": \"bom\"}", "bom"),
            (#"{"schema": "x", "answers": {"id": "inner"}, "list": [{"id": 2}, "]}"], "id": "outer"}"#, "outer"),
            (#"{"a": "with \"id\": \"fake\" inside", "id": "real"}"#, "real"),
            (#"{"id": "esc\u00e9\n\"q\""}"#, "esc\u{e9}\n\"q\""),
            (#"{"n": -1.5e3, "t": true, "f": null, "id": "after-scalars"}"#, "after-scalars"),
            (#"{"id": 3}"#, nil),
            (#"["id", "x"]"#, nil),
            (#"{"other": 1}"#, nil),
            ("", nil),
        ]
        for (text, expected) in cases {
            #expect(RecordIDScanner.id(in: Array(text.utf8)) == expected, "\(text)")
        }
    }
}
