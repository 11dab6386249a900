import CarePress
import Foundation
import Testing

/// Shards, report files claimed by more than one record, and what a killed build leaves behind.
@Suite("Shards, contested ids and leftovers")
struct ShardAndContestTests {
    @Test func threeShardsIntoOneFolderEqualOneFullBuild() throws {
        let project = try TemporaryProject.generated(copies: 3)
        let original = try #require(project.read("Content/stacks/sw-2026-0002-c1.json"))
        try project.write(
            "Content/stacks/zz-dup.json",
            TemporaryProject.withID(original, from: "sw-2026-0002-c1", to: "SW 2026 0002 C1"))
        let full = SiteBuilder.build(project.ownThemeOptions(output: "Full"))
        var records = 0
        var diagnostics: [Diagnostic] = []
        for index in 1...3 {
            let shard = try #require(Shard(index: index, count: 3))
            let report = SiteBuilder.build(project.ownThemeOptions(output: "Sharded", shard: shard))
            records += report.records
            diagnostics += report.diagnostics.filter {
                $0.file.contains("/Content/consults/") || $0.file.contains("/Content/physio/")
                    || $0.file.contains("/Content/stacks/")
            }
            #expect(!project.files(under: "Sharded").contains("index.html"), "a shard writes no shared page")
        }
        // The fan-in writes the shared pages from what the shards published; the duplicate id is a failure there too.
        let fanIn = SiteBuilder.build(
            project.ownThemeOptions(output: "Sharded", shard: try #require(Shard.fanIn(of: 3))))
        #expect(fanIn.rendered == 0)
        #expect(fanIn.failedRecords == full.failedRecords)
        #expect(records == full.records)
        #expect(
            diagnostics.sorted()
                == full.diagnostics.filter {
                    $0.file.contains("/Content/consults/") || $0.file.contains("/Content/physio/")
                        || $0.file.contains("/Content/stacks/")
                })
        let expected = project.contents(under: "Full")
        #expect(expected.count > 200)
        #expect(project.contents(under: "Sharded") == expected)
        let manifests = project.files(under: "Sharded").filter { $0.hasPrefix(".carepress/manifest") }
        #expect(
            manifests == [
                ".carepress/manifest-1-of-3.sqlite", ".carepress/manifest-2-of-3.sqlite",
                ".carepress/manifest-3-of-3.sqlite", ".carepress/manifest-index-of-3.sqlite",
            ])
        // Each shard rebuilt on its own renders nothing new.
        for index in 1...3 {
            let shard = try #require(Shard(index: index, count: 3))
            let again = SiteBuilder.build(project.ownThemeOptions(output: "Sharded", shard: shard))
            #expect(again.rendered == 0)
            #expect(again.written == 0)
        }
    }

    @Test func shardsSplitTheRecordsDeterministically() throws {
        let paths = (0..<3000).map { "consults/hl-\($0).json" }
        let sizes = (1...4).map { index in
            paths.filter { Shard(index: index, count: 4)!.contains(recordPath: $0) }.count
        }
        #expect(sizes.reduce(0, +) == paths.count)
        #expect(sizes.allSatisfy { $0 > 600 && $0 < 900 })
        #expect(
            Shard.number(of: "consults/hl-2026-0001.json", count: 8)
                == Shard.number(of: "consults/hl-2026-0001.json", count: 8))
        #expect(Shard("2/8") == Shard(index: 2, count: 8))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/2/3", "-1/2", ""] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
    }

    @Test func aBrokenFirstClaimantDoesNotMakeAValidLaterOneLose() throws {
        let project = try TemporaryProject.minimal()
        // Both claim reports/consults/hl-1; the first in file order has an error that only checking finds.
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1", status: "finished"))
        try project.write("Content/consults/b.json", Samples.consult(id: "HL 1"))
        let report = SiteBuilder.build(project.buildOptions())
        #expect(report.failedRecords == 1)
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.file).allSatisfy { $0.hasSuffix("a.json") })
        #expect(project.read("Output/reports/consults/hl-1.md")?.contains("HL 1") == true)
        // The same again from the manifest, and once the first claimant is fixed it wins.
        #expect(SiteBuilder.build(project.buildOptions()).failedRecords == 1)
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        let fixed = SiteBuilder.build(project.buildOptions())
        #expect(
            fixed.diagnostics.map(\.message) == [
                "id 'HL 1' makes the same file name as id 'hl-1': reports/consults/hl-1.html"
            ])
        #expect(project.read("Output/reports/consults/hl-1.md")?.contains("HL 1") == false)
    }

    @Test func leftoverTemporaryFilesAreRemovedAndOtherShardsAreLeftAlone() throws {
        let project = try TemporaryProject.generated(copies: 1)
        _ = SiteBuilder.build(project.ownThemeOptions())
        let leftovers = [
            "Output/reports/consults/.hl-2026-0001-c1.html.4242.17.tmp", "Output/.index.html.4242.3.tmp",
            "Output/guide/conditions/.acl-tear.html.4242.9.tmp", "Output/.carepress/.manifest.jsonl.4242.99.tmp",
        ]
        let otherShard = "Output/reports/physio/.pg-2026-0001-c1.html.s2of3.77.5.tmp"
        let lookalikes = ["Output/reports/consults/.notes.tmp", "Output/reports/consults/draft.1.2.tmp"]
        for file in leftovers + [otherShard] + lookalikes { try project.write(file, "partial") }
        _ = SiteBuilder.build(project.ownThemeOptions(shard: try #require(Shard("1/3"))))
        #expect(FileManager.default.fileExists(atPath: project.path(otherShard)))
        #expect(leftovers.allSatisfy { FileManager.default.fileExists(atPath: project.path($0)) })
        _ = SiteBuilder.build(project.ownThemeOptions())
        let remaining = Set(project.files(under: "Output").filter { $0.hasSuffix(".tmp") }.map { "Output/" + $0 })
        #expect(remaining == Set(lookalikes))
    }

    @Test func temporaryNamesOfAWriter() throws {
        let project = try TemporaryProject()
        let whole = try OutputWriter(root: project.path("Output"))
        let shard = try OutputWriter(root: project.path("Output"), temporaryTag: "s2of3")
        #expect(whole.isOwnTemporaryName(".a.html.123.4.tmp"))
        #expect(whole.isOwnTemporaryName(".a.html.s2of3.123.4.tmp"))
        #expect(shard.isOwnTemporaryName(".a.html.s2of3.123.4.tmp"))
        #expect(!shard.isOwnTemporaryName(".a.html.s1of3.123.4.tmp"))
        #expect(!shard.isOwnTemporaryName(".a.html.123.4.tmp"))
        for name in [".a.html.tmp", "a.html.1.2.tmp", ".a.html.x.2.tmp", ".1.2.tmp", ".a.html.1.2.tmp~"] {
            #expect(!whole.isOwnTemporaryName(name), "\(name)")
        }
        try shard.write("x", to: "reports/a.md")
        #expect(project.files(under: "Output") == ["reports/a.md"])
    }
}
