import Foundation
import Testing

@testable import CarePress

/// Incremental builds: the record files the last build read (`FileStamp`) are not read again while they are as they
/// were.
extension IncrementalBuildTests {
    /// Options whose stamps are kept at once: the test's files are all new, and by default a file must have been left
    /// alone for two seconds.
    static func stampingOptions(_ project: TemporaryProject, force: Bool = false) -> BuildOptions {
        var options = project.ownThemeOptions(force: force)
        options.fileSettledSeconds = 0
        return options
    }

    @Test func aRecordFileLeftAloneSinceTheLastBuildIsNotReadAgain() throws {
        let project = try TemporaryProject.generated(copies: 3)
        let first = SiteBuilder.build(Self.stampingOptions(project))
        #expect(first.recordFilesRead == first.records)
        let before = project.identities(under: "Output")
        let second = SiteBuilder.build(Self.stampingOptions(project))
        #expect(second.recordFilesRead == 0)
        #expect(second.skipped == first.records)
        #expect(second.diagnostics == first.diagnostics)
        #expect(project.changedFiles(under: "Output", since: before).isEmpty)
        // A forced build reads (and renders) everything.
        let forced = SiteBuilder.build(Self.stampingOptions(project, force: true))
        #expect(forced.recordFilesRead == first.records)
        #expect(forced.rendered == first.records)
    }

    /// Each shard scans every record (a report file's claim is settled across shards) and notes what the scan found of
    /// the others' records, so that its next scan need not read them.
    @Test(arguments: [1, 2]) func aShardsRebuildReadsNoFileEitherItsOwnOrTheOthers(shard: Int) throws {
        let project = try TemporaryProject.generated(copies: 3)
        var options = Self.stampingOptions(project)
        options.shard = try #require(Shard(index: shard, count: 2))
        let first = SiteBuilder.build(options)
        #expect(!first.hasErrors)
        #expect(first.recordFilesRead == 29 * 3)
        // The other shard's records are in this shard's manifest too (what the scan found), with their stamps.
        let second = SiteBuilder.build(options)
        #expect(second.recordFilesRead == 0)
        #expect(second.skipped == first.records)
        // A touched record of the other shard is read once, and its new stamp kept.
        let other = try #require(
            project.files(under: "Content/consults").first { !options.shard.contains(recordPath: "consults/" + $0) })
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, project.path("Content/consults/" + other), &times, 0) == 0)
        #expect(SiteBuilder.build(options).recordFilesRead == 1)
        #expect(SiteBuilder.build(options).recordFilesRead == 0)
    }

    @Test func aFileThatChangedJustBeforeTheBuildReadItIsReadAgain() throws {
        // By default a file changed less than two seconds before it was read keeps no stamp: an edit in the same
        // tick of the file system's clock could leave its times as they were.
        let (project, first) = try Self.builtProject()
        let second = SiteBuilder.build(project.ownThemeOptions())
        #expect(second.recordFilesRead == first.records)
        #expect(second.rendered == 0)
    }

    @Test func anEditThatKeepsTheSizeIsSeenThroughTheStamp() throws {
        let project = try TemporaryProject.generated(copies: 3)
        _ = SiteBuilder.build(Self.stampingOptions(project))
        let file = "Content/consults/hl-2026-0002-c2.json"
        let text = try #require(project.read(file))
        let edited = text.replacingOccurrences(of: "three weeks", with: "seven weeks")
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        // Written beside it and renamed over it, as editors save: a new inode.
        try project.write(file + ".new", edited)
        #expect(rename(project.path(file + ".new"), project.path(file)) == 0)
        let report = SiteBuilder.build(Self.stampingOptions(project))
        #expect(report.recordFilesRead == 1)
        #expect(report.rendered == 1)
        #expect(project.read("Output/reports/consults/hl-2026-0002-c2.md")?.contains("seven weeks") == true)
    }

    @Test func aTouchedFileIsReadOnceAndItsNewStampKept() throws {
        let project = try TemporaryProject.generated(copies: 3)
        let first = SiteBuilder.build(Self.stampingOptions(project))
        let file = project.path("Content/stacks/sw-2026-0001-c1.json")
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        let touched = SiteBuilder.build(Self.stampingOptions(project))
        #expect(touched.recordFilesRead == 1)
        #expect(touched.rendered == 0)
        #expect(touched.skipped == first.records)
        // Its row has the new stamp: the next build reads nothing.
        let next = SiteBuilder.build(Self.stampingOptions(project))
        #expect(next.recordFilesRead == 0)
        #expect(next.skipped == first.records)
    }
}
