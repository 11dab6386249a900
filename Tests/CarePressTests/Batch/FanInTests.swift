import Foundation
import Testing

@testable import CarePress

/// A sharded batch is a map (each shard publishes its records) and a fan-in (the shared pages), issue 42: the reports
/// index never links a page that is not there, never drops a record, and a failed shard rerun and then the fan-in
/// always give the files of one whole build.
@Suite("The fan-in of a sharded batch")
struct FanInTests {
    /// Every record file of the sample by the shard of 2 it belongs to.
    static func records(of project: TemporaryProject, inShard number: Int, of count: Int) -> [String] {
        ["consults", "physio", "stacks"].flatMap { kind in
            project.files(under: "Content/\(kind)").filter { $0.hasSuffix(".json") }.map { "\(kind)/\($0)" }
        }
        .filter { Shard.number(of: $0, count: count) == number }
    }

    /// Every relative link of the reports index's pages, by page, that leads to no file of the output folder.
    static func brokenIndexLinks(in project: TemporaryProject, output: String = "Output") -> [String] {
        let pages = project.files(under: "\(output)/reports").filter { $0.hasPrefix("index") && $0.hasSuffix(".html") }
        var broken: [String] = []
        for page in pages {
            let html = project.read("\(output)/reports/\(page)") ?? ""
            for match in html.matches(of: /href="([^"#:]+)"/) {
                let target = URL(fileURLWithPath: project.path("\(output)/reports")).appendingPathComponent(
                    String(match.1)
                ).standardized.path
                if !FileManager.default.fileExists(atPath: target) { broken.append("\(page) -> \(match.1)") }
            }
        }
        return broken
    }

    static func build(_ project: TemporaryProject, _ shard: Shard?) throws -> BuildReport {
        SiteBuilder.build(project.ownThemeOptions(shard: try #require(shard)))
    }

    @Test func aShardThatHasNotRunLeavesItsRecordsListedAsNotPublishedNeverAsLinks() throws {
        let project = try TemporaryProject.sample()
        #expect(!(try Self.build(project, Shard(index: 1, count: 2))).hasErrors)
        #expect(!project.files(under: "Output").contains("index.html"), "a shard writes no shared page")
        let fanIn = try Self.build(project, Shard.fanIn(of: 2))
        let missing = Self.records(of: project, inShard: 2, of: 2)
        #expect(!missing.isEmpty)
        // An error at shard 2's manifest, the index written, every record of shard 2 listed as not published.
        #expect(fanIn.hasErrors)
        #expect(!fanIn.stoppedEarly)
        #expect(
            fanIn.diagnostics.contains {
                $0.severity == .error && $0.file.hasSuffix(".carepress/manifest-2-of-2.sqlite")
                    && $0.message.contains("shard 2/2 has not run")
            })
        #expect(fanIn.failedRecords == missing.count)
        #expect(fanIn.records == fanIn.skipped + missing.count)
        let index = project.read("Output/reports/index.html") ?? ""
        for record in missing {
            #expect(index.contains("Content/" + record), "\(record) is listed")
        }
        #expect(index.components(separatedBy: "not published: shard 2/2").count - 1 == missing.count)
        #expect(Self.brokenIndexLinks(in: project) == [])
        #expect(project.files(under: "Output").contains("index.html"))
    }

    @Test func aRecordFixedAndOnlyItsShardRerunIsBackInTheIndexAsInAWholeBuild() throws {
        let project = try TemporaryProject.sample()
        #expect(!SiteBuilder.build(project.ownThemeOptions(output: "Whole")).hasErrors)
        // A record of shard 2 is broken for the batch's first run.
        let broken = try #require(Self.records(of: project, inShard: 2, of: 2).first)
        let good = try #require(project.read("Content/" + broken))
        try project.write("Content/" + broken, "{\"id\": ")
        #expect(!(try Self.build(project, Shard(index: 1, count: 2))).hasErrors)
        let failed = try Self.build(project, Shard(index: 2, count: 2))
        #expect(failed.failedRecords == 1)
        let firstFanIn = try Self.build(project, Shard.fanIn(of: 2))
        #expect(firstFanIn.failedRecords == 1)
        #expect(firstFanIn.hasErrors)
        let listed = project.read("Output/reports/index.html") ?? ""
        #expect(listed.contains("Content/" + broken))
        #expect(Self.brokenIndexLinks(in: project) == [])
        // Fixed: only its shard runs again, then the fan-in.
        try project.write("Content/" + broken, good)
        let rerun = try Self.build(project, Shard(index: 2, count: 2))
        #expect(!rerun.hasErrors)
        #expect(rerun.rendered == 1)
        let fanIn = try Self.build(project, Shard.fanIn(of: 2))
        #expect(!fanIn.hasErrors, "\(fanIn.diagnostics)")
        #expect(fanIn.rendered == 0)
        #expect(project.contents(under: "Output") == project.contents(under: "Whole"))
        // Idempotent: run again, it writes nothing.
        let again = try Self.build(project, Shard.fanIn(of: 2))
        #expect(again.written == 0 && again.deleted == 0 && !again.hasErrors)
    }

    @Test func aRecordChangedSinceItsShardRanIsNotALinkToItsNewReport() throws {
        let project = try TemporaryProject.sample()
        for shard in [Shard(index: 1, count: 2), Shard(index: 2, count: 2), Shard.fanIn(of: 2)] {
            #expect(!(try Self.build(project, shard)).hasErrors)
        }
        let record = try #require(Self.records(of: project, inShard: 1, of: 2).first { $0.hasPrefix("consults/") })
        let text = try #require(project.read("Content/" + record))
        try project.write("Content/" + record, text.replacingOccurrences(of: "\"id\"", with: "\"id\" "))
        // Shard 1 has not run since: the fan-in says so, and keeps the report it published as the last good one.
        let fanIn = try Self.build(project, Shard.fanIn(of: 2))
        #expect(fanIn.failedRecords == 1)
        #expect(
            fanIn.diagnostics.contains {
                $0.severity == .error && $0.file.hasSuffix(record) && $0.message.contains("not published: shard 1/2")
            })
        let index = project.read("Output/reports/index.html") ?? ""
        #expect(index.contains("Last good report, from an earlier build"))
        #expect(Self.brokenIndexLinks(in: project) == [])
        #expect(!(try Self.build(project, Shard(index: 1, count: 2))).hasErrors)
        #expect(!(try Self.build(project, Shard.fanIn(of: 2))).hasErrors)
    }

    @Test func aFanInOfAnotherShardCountSaysSoAndWritesNothing() throws {
        let project = try TemporaryProject.sample()
        for shard in [Shard(index: 1, count: 2), Shard(index: 2, count: 2), Shard.fanIn(of: 2)] {
            #expect(!(try Self.build(project, shard)).hasErrors)
        }
        let before = project.contents(under: "Output")
        let wrong = try Self.build(project, Shard.fanIn(of: 3))
        #expect(wrong.stoppedEarly)
        #expect(
            wrong.diagnostics.contains {
                $0.severity == .error && $0.message.contains("not by a batch of 3")
                    && $0.hint?.contains("--shard K/3") == true
            })
        #expect(project.contents(under: "Output") == before)
        // A folder a whole build wrote has no batch yet: the fan-in says so too.
        let whole = try TemporaryProject.sample()
        #expect(!SiteBuilder.build(whole.ownThemeOptions()).hasErrors)
        let early = try Self.build(whole, Shard.fanIn(of: 2))
        #expect(early.stoppedEarly)
        #expect(early.diagnostics.contains { $0.message.contains("last built by a whole build") })
    }

    @Test func shardsBuiltOnOtherMachinesWithoutSyncArePublishedToAFanInElsewhere() throws {
        // Each shard on its own machine (a boot of its own), its files left for the system to write back, the
        // outputs then gathered where the fan-in runs (GitHub Actions' artifacts): the fan-in's boot is another.
        let project = try TemporaryProject.sample()
        for index in 1...2 {
            var options = project.ownThemeOptions(shard: try #require(Shard(index: index, count: 2)))
            (options.boot, options.outputIsLocal) = ("runner-\(index)", true)
            #expect(!SiteBuilder.build(options).hasErrors)
        }
        var options = project.ownThemeOptions(shard: try #require(Shard.fanIn(of: 2)))
        options.boot = "fan-in-runner"
        let fanIn = SiteBuilder.build(options)
        #expect(!fanIn.hasErrors, "\(fanIn.diagnostics)")
        #expect(fanIn.failedRecords == 0)
        #expect(fanIn.skipped == fanIn.records)
        #expect(Self.brokenIndexLinks(in: project) == [])
    }
}
