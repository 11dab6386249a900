import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `carepress build`'s batch options as a script uses them.
@Suite("carepress build batch options")
struct BatchOptionsTests {
    @Test(arguments: [
        ["build", "--jobs", "0"], ["build", "--jobs", "-2"], ["build", "--jobs", "many"], ["build", "--shard", "0/3"],
        ["build", "--shard", "4/3"], ["build", "--shard", "3"], ["build", "--shard", "a/b"], ["check", "--jobs", "0"],
        ["build", "--fan-in", "1"], ["build", "--fan-in", "two"], ["build", "--fan-in", "2", "--shard", "1/2"],
        ["build", "--fan-in", "2", "--pdf"],
    ])
    func badValuesAreUsageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments, in: CLI.repository)
        #expect(result.status == 2)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr.contains("Error:"))
        #expect(result.stdout.isEmpty)
    }

    @Test func jsonPrintsOneObjectWithTheCountsAndQuietPrintsNoProgress() throws {
        let temporary = try TemporaryProject("json")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let arguments = ["build", "--output", output.path, "--json", "--jobs", "2"]
        let first = try CLI.run(arguments, in: CLI.repository)
        #expect(first.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: first.stdout) as? [String: Any])
        #expect(summary["records"] as? Int == 29)
        #expect(summary["rendered"] as? Int == 29)
        #expect(summary["failed"] as? Int == 0)
        #expect(summary["warnings"] as? Int == 2)
        #expect((summary["written"] as? Int ?? 0) > 100)
        let seconds = try #require(summary["seconds"] as? [String: Any])
        #expect(
            Set(seconds.keys) == ["wait", "scan", "records", "load", "render", "write", "pdf", "shared", "total"])
        #expect(seconds["wait"] as? Double == 0)
        #expect(summary["pdfs"] as? Int == 0)
        // Not a terminal: no progress line, only the two warnings (with their hints).
        let stderr = String(decoding: first.stderr, as: UTF8.self)
        #expect(!stderr.contains("Rendering"))
        #expect(stderr.split(separator: "\n").count == 4)

        let again = try CLI.run(arguments + ["--quiet"], in: CLI.repository)
        let second = try #require(try JSONSerialization.jsonObject(with: again.stdout) as? [String: Any])
        #expect(second["rendered"] as? Int == 0)
        #expect(second["skipped"] as? Int == 29)
        #expect(second["written"] as? Int == 0)
    }

    /// Without `--sync`, the manifest records the system's boot beside the build's unflushed files (docs/reference/
    /// limits-and-guarantees.md, "Power loss"); with it, nothing in the folder is left unflushed, even by a build that wrote nothing itself.
    @Test func withoutSyncTheBootIsRecordedAndSyncLeavesNothingUnflushed() throws {
        let temporary = try TemporaryProject("sync")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        func unflushed() throws -> (from: String?, boot: String?) {
            let manifest = try SQLiteConnection(path: output.path + "/.carepress/manifest.sqlite", create: false)
            return (
                try manifest.text("SELECT unflushed_from FROM build"),
                try manifest.text("SELECT unflushed_boot FROM build")
            )
        }
        let arguments = ["build", "--output", output.path, "--quiet"]
        #expect(try CLI.run(arguments, in: CLI.repository).status == 0)
        #if os(Linux)
            // Only into a folder of this machine's own file systems is a build's writing left to the system.
            if LocalFileSystem.contains(output.path) {
                let boot = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
                let recorded = try unflushed()
                #expect(recorded.from != nil)
                #expect(recorded.boot == boot.trimmingCharacters(in: .newlines))
            }
        #endif
        let synced = try CLI.run(arguments + ["--sync", "--json"], in: CLI.repository)
        #expect(synced.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: synced.stdout) as? [String: Any])
        #expect(summary["written"] as? Int == 0)
        let after = try unflushed()
        #expect(after.from == nil && after.boot == nil)
    }

    @Test func aShardBuildsItsPartAndTheFanInTheSharedPages() throws {
        let temporary = try TemporaryProject("shard")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        var records = 0
        for shard in 1...2 {
            let result = try CLI.run(
                ["build", "--output", output.path, "--json", "--shard", "\(shard)/2"], in: CLI.repository)
            #expect(result.status == 0)
            let summary = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            records += summary["records"] as? Int ?? 0
            let index = FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path)
            #expect(!index, "a shard writes no shared page (shard \(shard))")
        }
        #expect(records == 29)
        let fanIn = try CLI.run(["build", "--output", output.path, "--json", "--fan-in", "2"], in: CLI.repository)
        #expect(fanIn.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: fanIn.stdout) as? [String: Any])
        #expect(summary["records"] as? Int == 29)
        #expect(summary["rendered"] as? Int == 0)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    @Test func aSecondBuildIntoTheSameFolderWaitsOrWithNoWaitFailsAtOnce() throws {
        let temporary = try TemporaryProject("lock")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        // This test holds the lock as a running whole build does.
        let lock = try CLI.holdBuildLock(of: output)
        defer { close(lock) }
        let arguments = ["build", "--output", output.path, "--quiet", "--jobs", "2"]

        let refused = try CLI.run(arguments + ["--no-wait"], in: CLI.repository)
        #expect(refused.status == 75)
        let message = String(decoding: refused.stderr, as: UTF8.self)
        #expect(message.contains(".carepress/build.lock:1:1: error: another build is writing into this folder"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("reports").path))

        // Without --no-wait, it says once what it waits for, and builds as soon as the lock is free.
        let carepress = try #require(CLI.carepress)
        let errors = output.appendingPathComponent("stderr.txt")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let process = Process()
        process.executableURL = carepress
        process.arguments = arguments
        process.currentDirectoryURL = CLI.repository
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        var said = ""
        while process.isRunning && Date() < deadline && !said.contains("waiting:") {
            usleep(20_000)
            said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        }
        #expect(said.contains("waiting: another build is writing into this folder"))
        #expect(process.isRunning, "it did not wait")
        flock(lock, LOCK_UN)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("reports/index.html").path))
        let lines = ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("waiting:") }.count == 1)
    }
}
