import CarePressTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a scheduler sees of a build into a folder another build holds: a busy folder with `--no-wait` is exit status
/// 75 (`EX_TEMPFAIL`, retry later), apart from content errors (1) and usage errors (2); a build that waits reports
/// the wait as `seconds.wait` in `--json`, apart from `scan`.
@Suite("carepress build into a busy folder")
struct BusyFolderTests {
    /// Every file and folder below `folder` with its size and modification time, to see that nothing changed.
    private static func snapshot(of folder: URL) -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(folder.appendingPathComponent(path).path, &info) == 0 else { continue }
            entries[path] = "\(info.st_mode) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return entries
    }

    /// Whether some process holds a `flock` on the file (Linux's `/proc/locks` lists each lock with its inode).
    private static func isLocked(_ file: URL) -> Bool {
        var info = stat()
        guard stat(file.path, &info) == 0, let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return false }
        // e.g. `1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF`: the device and inode are the sixth field.
        return locks.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 5 && fields[1] == "FLOCK" && fields[5].hasSuffix(":\(info.st_ino)")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
    func aBuildBesideARunningBuildWithNoWaitExits75AndWritesNothing() throws {
        let carepress = try #require(CLI.carepress)
        let temporary = try TemporaryProject("busy")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        let arguments = ["build", "--output", output.path, "--quiet", "--jobs", "1"]
        // A first build makes the folder; the holder then renders everything again (--force), holding the lock.
        #expect(try CLI.run(arguments, in: CLI.repository).status == 0)
        let lockFile = output.appendingPathComponent(".carepress/build.lock")
        var caught = false
        for _ in 0..<20 where !caught {
            let holder = Process()
            holder.executableURL = carepress
            holder.arguments = arguments + ["--force"]
            holder.currentDirectoryURL = CLI.repository
            holder.standardOutput = FileHandle.nullDevice
            holder.standardError = FileHandle.nullDevice
            try holder.run()
            // Stopped while it holds the lock, the holder stays a running build whose folder does not change.
            while holder.isRunning && !Self.isLocked(lockFile) { usleep(200) }
            kill(holder.processIdentifier, SIGSTOP)
            defer {
                kill(holder.processIdentifier, SIGCONT)
                holder.waitUntilExit()
            }
            guard Self.isLocked(lockFile) else { continue }
            caught = true
            let before = Self.snapshot(of: output)
            let busy = try CLI.run(arguments + ["--no-wait"], in: CLI.repository)
            #expect(busy.status == 75)
            let message = String(decoding: busy.stderr, as: UTF8.self)
            #expect(
                message.contains(
                    "\(output.path)/.carepress/build.lock:1:1: error: another build is writing into this folder "
                        + "(a whole build or shards of a batch); nothing was written"))
            #expect(message.contains("hint: run it again when that build has finished"))
            #expect(busy.stdout.isEmpty)
            #expect(Self.snapshot(of: output) == before, "the busy build changed the output folder")

            // With --json, the same status, and the object says why.
            let json = try CLI.run(arguments + ["--no-wait", "--json"], in: CLI.repository)
            #expect(json.status == 75)
            let summary = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
            let failures = try #require(summary["failures"] as? [[String: Any]])
            #expect(failures.count == 1)
            #expect((failures.first?["message"] as? String)?.contains("another build is writing") == true)
            #expect(Self.snapshot(of: output) == before, "the busy build changed the output folder")
        }
        #expect(caught, "the holder never was caught holding the lock")
        // Statuses stay apart: a content error is 1 (see BrokenProjectTests), a usage error 2.
        #expect(try CLI.run(["build", "--jobs", "0"], in: CLI.repository).status == 2)
    }

    @Test func aBuildThatWaitsReportsTheWaitApartFromTheScan() throws {
        let carepress = try #require(CLI.carepress)
        let temporary = try TemporaryProject("wait")
        defer { withExtendedLifetime(temporary) {} }
        let output = temporary.url("output")
        // This test holds the lock as a running whole build does.
        let lock = try CLI.holdBuildLock(of: output)
        defer { close(lock) }
        let errors = output.appendingPathComponent("stderr.txt")
        let results = output.appendingPathComponent("stdout.json")
        #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
        #expect(FileManager.default.createFile(atPath: results.path, contents: nil))
        let process = Process()
        process.executableURL = carepress
        process.arguments = ["build", "--output", output.path, "--quiet", "--json", "--jobs", "2"]
        process.currentDirectoryURL = CLI.repository
        process.standardOutput = try FileHandle(forWritingTo: results)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        while process.isRunning
            && !((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("waiting:")
        {
            usleep(20_000)
        }
        #expect(process.isRunning, "it did not wait")
        // From here on the build is waiting: it waits at least as long as the lock is held.
        let held = Date()
        usleep(1_500_000)
        let heldFor = Date().timeIntervalSince(held)
        flock(lock, LOCK_UN)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any])
        let seconds = try #require(summary["seconds"] as? [String: Double])
        #expect(Set(seconds.keys) == ["wait", "scan", "records", "load", "render", "write", "pdf", "shared", "total"])
        let wait = try #require(seconds["wait"])
        let scan = try #require(seconds["scan"])
        let total = try #require(seconds["total"])
        #expect(wait >= heldFor - 0.001)
        // The wall-clock stages follow one another within the total: the wait is not counted in the scan as well.
        #expect(wait + scan <= total + 0.002)
        #expect(scan >= 0)
    }
}
