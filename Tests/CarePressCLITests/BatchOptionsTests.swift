import Foundation
import Testing

/// `carepress build`'s batch options as a script uses them.
@Suite("carepress build batch options")
struct BatchOptionsTests {
    @Test(arguments: [
        ["build", "--jobs", "0"], ["build", "--jobs", "-2"], ["build", "--jobs", "many"], ["build", "--shard", "0/3"],
        ["build", "--shard", "4/3"], ["build", "--shard", "3"], ["build", "--shard", "a/b"], ["check", "--jobs", "0"],
    ])
    func badValuesAreUsageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments, in: CLI.repository)
        #expect(result.status == 2)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr.contains("Error:"))
        #expect(result.stdout.isEmpty)
    }

    @Test func jsonPrintsOneObjectWithTheCountsAndQuietPrintsNoProgress() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carepress-json-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
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
        #expect(Set(seconds.keys) == ["scan", "records", "load", "render", "write", "pdf", "shared", "total"])
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

    @Test func aShardBuildsItsPartAndShardOneTheSharedPages() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carepress-shard-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var records = 0
        for shard in 1...2 {
            let result = try CLI.run(
                ["build", "--output", output.path, "--json", "--shard", "\(shard)/2"], in: CLI.repository)
            #expect(result.status == 0)
            let summary = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            records += summary["records"] as? Int ?? 0
            let index = FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path)
            #expect(index, "the home page is there after shard \(shard)")
        }
        #expect(records == 29)
    }
}
