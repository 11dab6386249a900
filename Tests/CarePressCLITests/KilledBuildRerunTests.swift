import CarePressTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A build (a shard of a batch, or a whole build) killed with SIGKILL after it published some records: run again, it
/// renders only the records it had not finished, and ends with the files of a clean build.
@Suite("carepress build rerun after a kill")
struct KilledBuildRerunTests {
    /// The `build --json` object of a run that must succeed.
    static func summary(of arguments: [String]) throws -> [String: Any] {
        let result = try CLI.run(arguments + ["--json"])
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    @Test func aKilledBuildsRerunRendersOnlyWhatItHadNotFinished() throws {
        let carepress = try #require(CLI.carepress)
        let temporary = try KillLoopTests.project()
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        let arguments = KillLoopTests.buildArguments(root, output: "Output")
        let changed = 600
        let first = try Self.summary(of: arguments)
        let records = try #require(first["records"] as? Int)
        #expect(records == changed + 29)

        // Every added consult changes; the build renders them in file order, 128 at first, then 128 more (see
        // `RecordBatch.chunkSize`). The second chunk's last report in place means the first chunk's records are
        // published: their files renamed into place, and then their rows committed.
        let watched = root.appendingPathComponent("Output/reports/consults/hl-kill-00255.html")
        var killed = false
        for attempt in 0..<5 where !killed {
            let note = " (kill \(attempt))"
            for index in 0..<changed { try KillLoopTests.writeConsult(index, note: note, in: root) }
            let process = Process()
            process.executableURL = carepress
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning
                && !((try? String(contentsOf: watched, encoding: .utf8)) ?? "").contains("three weeks\(note)")
            {
                usleep(1_000)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            killed = process.terminationReason == .uncaughtSignal
        }
        try #require(killed, "the build always finished before it could be killed")

        // The rerun renders what the killed build had not published, and reuses the rest.
        let rerun = try Self.summary(of: arguments)
        let rendered = try #require(rerun["rendered"] as? Int)
        #expect(rerun["records"] as? Int == records)
        #expect(rendered > 0)
        #expect(rendered <= changed - 128, "the killed build's published records were rendered again")
        #expect(rerun["skipped"] as? Int == records - rendered)
        #expect(try Self.summary(of: arguments)["rendered"] as? Int == 0)

        // It ends with exactly the files of a clean build.
        let clean = KillLoopTests.buildArguments(root, output: "Clean")
        #expect(try CLI.run(clean).status == 0)
        let output = root.appendingPathComponent("Output")
        let reference = root.appendingPathComponent("Clean")
        let files = KillLoopTests.files(under: output)
        #expect(files == KillLoopTests.files(under: reference))
        for file in files {
            let built = try Data(contentsOf: output.appendingPathComponent(file))
            #expect(built == (try Data(contentsOf: reference.appendingPathComponent(file))), "\(file) differs")
        }
    }
}
