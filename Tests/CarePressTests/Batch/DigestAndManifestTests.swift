import Foundation
import Testing

@testable import CarePress

@Suite("Content digests")
struct ContentDigestTests {
    @Test func knownValuesNeverChange() {
        // Changing the function makes every existing manifest useless (a full build); these values pin it.
        #expect(ContentDigest([UInt8]()).description == "6d646455acb51e38c00d7fc50a82c66a")
        #expect(ContentDigest("abc").description == "43ff4611265de9ef98d418e9e69a9b50")
        #expect(
            ContentDigest(Array("The quick brown fox jumps over the lazy dog".utf8)).description
                == "21ac1ded86bdaa8b274272e9c28ecf2e")
        #expect(ContentDigest(hex: ContentDigest("abc").description) == ContentDigest("abc"))
        #expect(ContentDigest(hex: "xyz") == nil)
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
    @Test func entriesSurviveAWriteAndARead() throws {
        let project = try TemporaryProject()
        var manifest = BuildManifest()
        manifest.sharedDigest = ContentDigest("shared")
        manifest.sharedOutputs = ["index.html", "guide/index.html"]
        let awkward = "quote \" backslash \\ newline \n tab \t control \u{01} emoji 👩🏽‍⚕️ arabic ألم"
        var entry = BuildManifest.Entry(file: ContentDigest("file"), id: "hl-1")
        entry.digest = ContentDigest("digest")
        entry.dependencies = ["schema:hair-loss", "condition:" + awkward]
        entry.outputs = .standard
        entry.summary = BuildManifest.StoredSummary(
            title: "Title", detail: awkward, date: "2026-11-02T09:19:30Z", htmlPath: nil, patient: awkward,
            status: "Completed", attention: Attention(level: .urgent, reasons: ["1 urgent answer: " + awkward, "b"]))
        entry.diagnostics = [
            Diagnostic(
                .warning, file: "", position: SourcePosition(line: 3, column: 7), path: "a.b[2]", message: awkward,
                hint: "h")
        ]
        var charted = BuildManifest.Entry(file: ContentDigest("stack"), id: awkward)
        charted.outputs = .listed(["reports/stacks/x.md", "reports/stacks/x.html", "reports/stacks/x-chart.svg"])
        manifest.entries = [
            ("consults/a.json", entry), ("physio/b.json", BuildManifest.Entry(file: ContentDigest("other"), id: nil)),
            ("stacks/c.json", charted),
        ]
        let writer = try OutputWriter(root: project.path("Output"))
        try writer.write(chunks: manifest.lines(shard: .all), to: BuildManifest.path(for: .all))
        let text = try #require(project.read("Output/.carepress/manifest.jsonl"))
        #expect(text.contains("\"outputs\":[\"reports/consults/hl-1.md\",\"reports/consults/hl-1.html\"]"))
        #expect(text.contains("\"html\":\"reports/consults/hl-1.html\""))
        let read = try #require(try BuildManifest.read(from: project.path("Output/.carepress/manifest.jsonl")))
        #expect(read.sharedDigest == manifest.sharedDigest)
        #expect(read.sharedOutputs == manifest.sharedOutputs)
        #expect(read.entries.map(\.path) == ["consults/a.json", "physio/b.json", "stacks/c.json"])
        #expect(read.entries[0].entry == entry)
        #expect(read.entries[1].entry == manifest.entries[1].entry)
        #expect(read.entries[2].entry == charted)
        #expect(read.entries[0].entry.summary?.attention.level == .urgent, "the triage survives an incremental build")
        // A manifest of the previous format (summaries without their attention) is not used: a full build.
        try project.write("old.jsonl", text.replacingOccurrences(of: "\"version\":3", with: "\"version\":2"))
        #expect(throws: BuildManifest.Unreadable.self) { try BuildManifest.read(from: project.path("old.jsonl")) }
    }

    @Test func aMissingManifestIsNilAndABrokenOneIsAnError() throws {
        let project = try TemporaryProject()
        #expect(try BuildManifest.read(from: project.path("none.jsonl")) == nil)
        for text in [
            "", "{}\n", "{\"version\": 99}\n", "{\"version\": 1}\n{\"path\": \"a\"}\n", "{\"version\": 1}\n{\"pa",
        ] {
            try project.write("m.jsonl", text)
            #expect(throws: BuildManifest.Unreadable.self, "\(text)") {
                try BuildManifest.read(from: project.path("m.jsonl"))
            }
        }
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
