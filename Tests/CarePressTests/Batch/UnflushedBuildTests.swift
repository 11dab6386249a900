import Foundation
import Testing

@testable import CarePress

/// Builds that leave their files to the system's writeback (no `--sync`): trusted by later builds in the same boot of
/// the system, rendered again by the first build after a restart, which may have lost them.
@Suite("Unflushed builds")
struct UnflushedBuildTests {
    static let boot = "6f1c2a9e-0d3b-4c55-9a1e-2b7d4e8f0a11"
    static let nextBoot = "0b9d8c7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e"

    static func open(_ path: String, boot: String? = Self.boot) throws -> (BuildManifest, BuildManifest.Contents) {
        try BuildManifest.open(at: path, strings: StringInterner(), boot: boot)
    }

    static func digests(_ contents: BuildManifest.Contents) -> [String: ContentDigest?] {
        Dictionary(uniqueKeysWithValues: contents.entries.map { ($0.path, $0.entry.digest) })
    }

    /// The sample entries, each with a digest (a row the next build would trust).
    static func entries() -> [(path: String, entry: BuildManifest.Entry)] {
        BuildManifestTests.sampleEntries().map { path, entry in
            var digested = entry
            digested.digest = digested.digest ?? ContentDigest(path)
            return (path, digested)
        }
    }

    static let shared = BuildManifest.SharedPages(
        digest: ContentDigest("shared"), guideDigest: ContentDigest("guide"), outputs: ["index.html"])

    /// A flushed build wrote the first sample entry, then an unflushed build the last: a restart distrusts only the
    /// latter's row, and the shared pages, whose files it may also have lost.
    @Test func aRestartDistrustsTheRowsOfAnUnflushedBuildOnly() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let entries = Self.entries()
        let (first, _) = try Self.open(path)
        try first.commit(ManifestChanges(entries: [entries[0]], shared: Self.shared), finishing: true, files: .flushed)
        _ = consume first
        let (second, _) = try Self.open(path)
        try second.commit(ManifestChanges(entries: [entries[4]]), finishing: true, files: .unflushed)
        _ = consume second

        let (_, sameBoot) = try Self.open(path)
        #expect(sameBoot.warnings.isEmpty)
        #expect(
            Self.digests(sameBoot) == [
                "consults/a.json": ContentDigest("digest"), "stacks/c.json": ContentDigest("stacks/c.json"),
            ])
        #expect(sameBoot.shared == Self.shared)

        for boot in [Self.nextBoot, nil] {
            let (_, restarted) = try Self.open(path, boot: boot)
            #expect(restarted.warnings.count == 1)
            #expect(restarted.warnings.first?.hasPrefix("the system restarted before the files") == true)
            let digests = Self.digests(restarted)
            #expect(digests["consults/a.json"] == ContentDigest("digest"), "flushed before the restart")
            #expect(digests["stacks/c.json"] == .some(nil))
            // Untrusted rows still own their files.
            #expect(restarted.entries.last?.entry.outputs == entries[4].entry.outputs)
            #expect(restarted.shared.digest == nil && restarted.shared.guideDigest == nil)
            #expect(restarted.shared.outputs == Self.shared.outputs)
        }
    }

    /// Two unflushed builds in a row: a restart distrusts the rows of both; a build that flushes puts every row back
    /// on trust, and one that writes nothing leaves things as they were.
    @Test func unflushedGenerationsAddUpUntilABuildFlushes() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let entries = Self.entries()
        for entry in [entries[0], entries[4]] {
            let (manifest, _) = try Self.open(path)
            try manifest.commit(ManifestChanges(entries: [entry]), finishing: true, files: .unflushed)
        }
        let (writesNothing, _) = try Self.open(path)
        try writesNothing.commit(ManifestChanges(), finishing: true, files: .asBefore)
        _ = consume writesNothing
        #expect(Self.digests(try Self.open(path, boot: Self.nextBoot).1).values.allSatisfy { $0 == nil })

        let (flushing, _) = try Self.open(path)
        #expect(flushing.hasUnflushedFiles)
        // Nothing to change but where the files stand: committed all the same.
        try flushing.commit(ManifestChanges(), finishing: true, files: .flushed)
        #expect(!flushing.hasUnflushedFiles)
        _ = consume flushing
        let (_, restarted) = try Self.open(path, boot: Self.nextBoot)
        #expect(restarted.warnings.isEmpty)
        #expect(Self.digests(restarted).values.allSatisfy { $0 != nil })
    }

    /// A build killed in the boot it vouched for its rows in (an output folder on this machine's own file system, see
    /// `vouchByBoot`) left its files in the page cache: the next build in that boot trusts the rows it committed and
    /// renders only the rest; after a restart, or where the boot cannot be told, they are rendered again.
    @Test func aKilledBuildThatVouchedByTheBootIsTrustedInThatBootOnly() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let entries = Self.entries()
        let (first, _) = try Self.open(path)
        try first.commit(ManifestChanges(entries: [entries[0]], shared: Self.shared), finishing: true, files: .flushed)
        _ = consume first
        let (killed, _) = try Self.open(path)
        killed.vouchByBoot()
        var changed = entries[4]
        changed.entry.digest = ContentDigest("new")
        try killed.commit(ManifestChanges(entries: [changed]))
        _ = consume killed
        // Its rerun is killed too, having written nothing: the rows are still trusted in this boot.
        let (rerun, afterKill) = try Self.open(path)
        rerun.vouchByBoot()
        _ = consume rerun
        let (_, sameBoot) = try Self.open(path)
        for read in [afterKill, sameBoot] {
            #expect(read.warnings.isEmpty)
            #expect(
                Self.digests(read) == [
                    "consults/a.json": ContentDigest("digest"), "stacks/c.json": ContentDigest("new"),
                ])
        }
        for boot in [Self.nextBoot, nil] {
            let (_, restarted) = try Self.open(path, boot: boot)
            let digests = Self.digests(restarted)
            #expect(digests["consults/a.json"] == ContentDigest("digest"), "flushed before the restart")
            #expect(digests["stacks/c.json"] == .some(nil))
            #expect(restarted.entries.last?.entry.outputs == changed.entry.outputs)
        }
    }

    /// Rows a killed build did not vouch for (a folder on another machine's file system) are never trusted, even when
    /// its rerun vouches for its own and is killed as well: only a finished build puts them back on trust.
    @Test func rowsAKilledBuildDidNotVouchForStayDistrustedThroughAVouchingRerun() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let entries = Self.entries()
        let (first, _) = try Self.open(path)
        try first.commit(ManifestChanges(entries: [entries[0]]), finishing: true, files: .flushed)
        _ = consume first
        let (unvouched, _) = try Self.open(path)
        var changed = entries[4]
        changed.entry.digest = ContentDigest("new")
        try unvouched.commit(ManifestChanges(entries: [changed]))
        _ = consume unvouched
        let (rerun, _) = try Self.open(path)
        rerun.vouchByBoot()
        var again = entries[0]
        again.entry.digest = ContentDigest("again")
        try rerun.commit(ManifestChanges(entries: [again]))
        _ = consume rerun
        let (_, next) = try Self.open(path)
        #expect(Self.digests(next).values.allSatisfy { $0 == nil })
    }

    /// A build killed after a restart leaves the restart's distrust in place for the next one, though it vouched.
    @Test func aBuildKilledAfterARestartLeavesTheRowsDistrusted() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let entries = Self.entries()
        let (first, _) = try Self.open(path)
        try first.commit(ManifestChanges(entries: [entries[0], entries[4]]), finishing: true, files: .unflushed)
        _ = consume first
        let (killed, _) = try Self.open(path, boot: Self.nextBoot)
        killed.vouchByBoot()
        var changed = entries[4]
        changed.entry.digest = ContentDigest("new")
        try killed.commit(ManifestChanges(entries: [changed]))
        _ = consume killed
        let (_, next) = try Self.open(path, boot: Self.nextBoot)
        #expect(next.warnings.count == 1)
        #expect(Self.digests(next).values.allSatisfy { $0 == nil })
    }

    /// A manifest of format 5 (whose builds all flushed) gains the columns and keeps its rows; until then it is not
    /// read as it is.
    @Test func aFormat5ManifestIsUpgradedInPlace() throws {
        let project = try TemporaryProject()
        let path = project.path("manifest.sqlite")
        let (manifest, _) = try Self.open(path)
        try manifest.commit(
            ManifestChanges(entries: Self.entries(), shared: Self.shared), finishing: true)
        _ = consume manifest
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(
            "ALTER TABLE build DROP COLUMN unflushed_from; ALTER TABLE build DROP COLUMN unflushed_boot; "
                + "PRAGMA user_version = 5")
        _ = consume connection
        #expect(BuildManifest.openAsItIs(at: path, strings: StringInterner(), boot: Self.boot) == nil)
        let (_, upgraded) = try Self.open(path, boot: Self.nextBoot)
        #expect(upgraded.warnings.isEmpty)
        #expect(upgraded.entries.count == Self.entries().count)
        #expect(upgraded.entries.allSatisfy { $0.entry.digest != nil })
        #expect(upgraded.shared == Self.shared)
        let reopened = try SQLiteConnection(path: path, create: false)
        #expect(try reopened.integer("PRAGMA user_version") == BuildManifest.formatVersion)
    }

    // MARK: Builds

    /// Options for a build into a folder of a file system of this machine's own, unless `local` is false.
    static func options(
        _ project: TemporaryProject, boot: String?, sync: Bool = false, local: Bool = true
    ) -> BuildOptions {
        var options = project.ownThemeOptions()
        options.boot = boot
        options.sync = sync
        options.outputIsLocal = local
        return options
    }

    /// A power cut after an unflushed build: a report file came back empty (as ext4 leaves a file whose data had not
    /// reached the disk). The next build in the same boot could not know; the first after the restart renders every
    /// record of that build and writes the shared pages again, and the file is whole again.
    @Test func theFirstBuildAfterARestartWritesAgainWhatMayHaveBeenLost() throws {
        let project = try TemporaryProject.generated(copies: 2)
        let first = SiteBuilder.build(Self.options(project, boot: Self.boot))
        #expect(!first.hasErrors, "\(first.diagnostics)")
        let report = "Output/reports/consults/hl-2026-0001-c1.html"
        let whole = try #require(project.read(report))
        try project.write(report, "")
        try project.write("Output/guide/phases.html", "")

        let sameBoot = SiteBuilder.build(Self.options(project, boot: Self.boot))
        #expect(sameBoot.rendered == 0 && sameBoot.written == 0)

        let restarted = SiteBuilder.build(Self.options(project, boot: Self.nextBoot))
        #expect(!restarted.hasErrors, "\(restarted.diagnostics)")
        #expect(restarted.rendered == first.records)
        #expect(restarted.diagnostics.filter { $0.message.hasPrefix("the system restarted") }.count == 1)
        #expect(project.read(report) == whole)
        #expect(project.read("Output/guide/phases.html")?.isEmpty == false)
        // Two files were written again; every other file held the same bytes already.
        #expect(restarted.written == 2)

        let after = SiteBuilder.build(Self.options(project, boot: Self.nextBoot))
        #expect(after.rendered == 0)
        #expect(!after.diagnostics.contains { $0.message.hasPrefix("the system restarted") })
    }

    /// Builds that flush leave nothing for a restart to doubt: with `--sync`, without a boot identity to record, into
    /// a folder that is not on this machine's own file systems (a network file system, written from other machines
    /// too), and any build that removed files (a removal lost in a power cut would bring back a file nothing lists).
    @Test(arguments: ["sync", "no boot identity", "another file system", "a removal"])
    func aBuildThatFlushesIsTrustedAfterARestart(_ why: String) throws {
        let project = try TemporaryProject.generated(copies: 2)
        let first = SiteBuilder.build(
            Self.options(
                project, boot: why == "no boot identity" ? nil : Self.boot, sync: why == "sync",
                local: why != "another file system"))
        #expect(!first.hasErrors, "\(first.diagnostics)")
        if why == "a removal" {
            try FileManager.default.removeItem(atPath: project.path("Content/consults/hl-2026-0002-c1.json"))
            let removing = SiteBuilder.build(Self.options(project, boot: Self.boot))
            #expect(removing.deleted == 2 && removing.written > 0)
        }
        let restarted = SiteBuilder.build(Self.options(project, boot: Self.nextBoot))
        #expect(restarted.rendered == 0)
        #expect(!restarted.diagnostics.contains { $0.message.hasPrefix("the system restarted") })
    }

    @Test func theFileSystemsOfThisMachineAreToldFromOthers() {
        #expect(!LocalFileSystem.contains("/proc"), "procfs is none of the local disk file systems")
        #expect(!LocalFileSystem.contains("/nonexistent-\(Self.boot)"))
        #if os(Linux)
            if FileManager.default.fileExists(atPath: "/dev/shm") {
                #expect(LocalFileSystem.contains("/dev/shm"), "tmpfs")
            }
        #endif
    }
}
