import Foundation
import Testing

@testable import CarePress

/// One build at a time writes into an output folder, or the shards of one batch side by side (finding 3).
@Suite("Build lock")
struct BuildLockTests {
    static func lock(_ project: TemporaryProject, _ shard: Shard) throws -> BuildLock {
        try BuildLock.acquire(in: try OutputWriter(root: project.path("Output")), shard: shard, wait: false)
    }

    static func isBusy(_ project: TemporaryProject, _ shard: Shard) throws -> Bool {
        do {
            _ = try lock(project, shard)
            return false
        } catch let failure as BuildLock.LockFailure {
            guard case .busy = failure else { throw failure }
            return true
        }
    }

    @Test func shardsOfOneBatchRunSideBySideAndNothingElseDoes() throws {
        let project = try TemporaryProject()
        let first = try #require(Shard("1/3"))
        var held: BuildLock? = try Self.lock(project, first)
        #expect(try !Self.isBusy(project, #require(Shard("2/3"))))
        #expect(try Self.isBusy(project, first), "the same shard twice")
        #expect(try Self.isBusy(project, .all), "a whole build beside shards")
        #expect(try Self.isBusy(project, #require(Shard("1/2"))), "a shard of a batch of another size")
        #expect(held != nil)
        held = nil
        #expect(try !Self.isBusy(project, .all))
        var whole: BuildLock? = try Self.lock(project, .all)
        #expect(try Self.isBusy(project, .all), "two whole builds")
        #expect(try Self.isBusy(project, #require(Shard("2/3"))), "shards beside a whole build")
        #expect(whole != nil)
        whole = nil
        #expect(try !Self.isBusy(project, #require(Shard("1/2"))), "the lock is gone with its build")
    }

    @Test func aBuildThatMayNotWaitFailsAtOnceAndWritesNothing() throws {
        let project = try TemporaryProject.generated(copies: 1)
        var held: BuildLock? = try Self.lock(project, .all)
        var options = project.ownThemeOptions()
        options.whenLocked = .fail
        let refused = SiteBuilder.build(options)
        #expect(refused.errorCount == 1)
        let error = try #require(refused.diagnostics.first { $0.severity == .error })
        #expect(error.file.hasSuffix("Output/.carepress/build.lock"))
        #expect(error.message.hasPrefix("another build is writing into this folder"))
        #expect(project.files(under: "Output").allSatisfy { $0.hasPrefix(".carepress/") && $0.hasSuffix(".lock") })
        #expect(held != nil)
        held = nil
        let built = SiteBuilder.build(options)
        #expect(!built.hasErrors, "\(built.diagnostics)")
        #expect(built.rendered == built.records)
    }

    @Test func aBuildWaitsForTheOneWritingAndThenRuns() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let held = Mutex<BuildLock?>(try Self.lock(project, .all))
        let announced = Mutex<[String]>([])
        var options = project.ownThemeOptions()
        options.whenLocked = .wait(announce: { message in
            announced.withLock { $0.append(message) }
            // The other build finishes only once this one has said what it waits for.
            held.withLock { $0 = nil }
        })
        let report = SiteBuilder.build(options)
        #expect(!report.hasErrors, "\(report.diagnostics)")
        #expect(report.rendered == report.records)
        let messages = announced.withLock { $0 }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("waiting: another build is writing into this folder") == true)
    }

    /// A folder built before has every lock file a build takes, so its next build takes them before reading the
    /// project (and reads the manifest meanwhile): taking them then writes nothing.
    /// A lock file that cannot be opened (a folder in its place) fails the shard's build, and lets go of the locks
    /// taken before it: the acquire lock and the whole-build lock, which the next build of the folder can take.
    @Test func aLockFileThatCannotBeOpenedLetsGoOfTheOthers() throws {
        let project = try TemporaryProject()
        let shard = try #require(Shard("1/2"))
        try FileManager.default.createDirectory(
            atPath: project.path("Output/" + BuildLock.files(for: shard).shard), withIntermediateDirectories: true)
        #expect(throws: BuildLock.LockFailure.self) { try Self.lock(project, shard) }
        // Asked without waiting: a lock still held would make a build wait for ever.
        for file in [BuildLock.files(for: shard).acquire, BuildLock.files(for: shard).build] {
            let descriptor = open(project.path("Output/" + file), O_RDWR)
            #expect(descriptor >= 0)
            #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0, "\(file) is still held")
            close(descriptor)
        }
    }

    @Test func theLocksOfAFolderBuiltBeforeAreTakenWithoutMakingAFile() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        #expect(BuildLock.acquireIfBuiltBefore(in: writer, shard: .all) == nil)
        #expect(project.files(under: "Output").isEmpty, "no lock file is made")
        withExtendedLifetime(try Self.lock(project, .all)) {
            #expect(BuildLock.acquireIfBuiltBefore(in: writer, shard: .all) == nil, "another build holds the folder")
        }
        let files = project.files(under: "Output")
        try withExtendedLifetime(try #require(BuildLock.acquireIfBuiltBefore(in: writer, shard: .all))) { () throws in
            #expect(try Self.isBusy(project, .all), "it is the build lock, held")
        }
        #expect(try !Self.isBusy(project, .all))
        // A shard's own lock files are made by its first run.
        let shard = try #require(Shard("2/3"))
        #expect(BuildLock.acquireIfBuiltBefore(in: writer, shard: shard) == nil)
        #expect(project.files(under: "Output") == files)
        _ = try Self.lock(project, shard)
        try withExtendedLifetime(try #require(BuildLock.acquireIfBuiltBefore(in: writer, shard: shard))) { () throws in
            #expect(try Self.isBusy(project, shard) && Self.isBusy(project, .all))
            #expect(try !Self.isBusy(project, #require(Shard("1/3"))))
        }
        #expect(try !Self.isBusy(project, .all))
    }

    /// A rebuild of a folder built before, whose project now stops the build, leaves every file of the folder as it
    /// was: the manifest it read ahead is closed (no WAL left beside it), and not mended, and nothing is written.
    @Test func aProjectThatStopsTheRebuildOfABuiltFolderLeavesItAsItWas() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let options = project.ownThemeOptions()
        let built = SiteBuilder.build(options)
        #expect(!built.hasErrors, "\(built.diagnostics)")
        // A manifest of an older format, which a build that goes on makes again.
        let manifest = try SQLiteConnection(path: project.path("Output/.carepress/manifest.sqlite"), create: false)
        try manifest.execute("PRAGMA user_version = 4; PRAGMA wal_checkpoint(TRUNCATE)")
        _ = consume manifest
        let before = project.identities(under: "Output")
        let times = before.keys.reduce(into: [:]) { $0[$1] = project.modificationTime("Output/\($1)") }
        try project.write("Templates/layouts/page.html.mustache", "{{#unclosed}}\n")
        let stopped = SiteBuilder.build(options)
        #expect(stopped.hasErrors)
        #expect(stopped.written == 0)
        #expect(project.identities(under: "Output") == before)
        #expect(before.keys.filter { project.modificationTime("Output/\($0)") != times[$0] }.sorted() == [])
        #expect(!project.files(under: "Output").contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
    }
}
