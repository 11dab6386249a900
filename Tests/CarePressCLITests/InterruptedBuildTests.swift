import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A build killed with SIGKILL part-way leaves no partial file, and the next build finishes the job.
@Suite("carepress build killed part-way")
struct InterruptedBuildTests {
    /// A project of the sample shared inputs and 3,000 consults (copies of a sample consult), and the default theme.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carepress-kill-\(UUID().uuidString)")
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Content"), to: content)
        let consults = content.appendingPathComponent("consults")
        let sample = try String(contentsOf: consults.appendingPathComponent("hl-2026-0002.json"), encoding: .utf8)
        for index in 0..<3000 {
            let id = String(format: "hl-kill-%05d", index)
            try Data(sample.replacingOccurrences(of: "\"id\": \"hl-2026-0002\"", with: "\"id\": \"\(id)\"").utf8)
                .write(to: consults.appendingPathComponent("\(id).json"))
        }
        return root
    }

    static func buildArguments(_ root: URL, output: String) -> [String] {
        [
            "build", "--content", root.appendingPathComponent("Content").path, "--templates",
            CLI.repository.appendingPathComponent("Templates").path, "--output",
            root.appendingPathComponent(output).path, "--jobs", "2", "--quiet",
        ]
    }

    /// Every file under a folder, relative, leaving out the build manifests.
    static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        for case let file as String in enumerator where !file.hasPrefix(".carepress") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(file).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(file)
            }
        }
        return result.sorted()
    }

    @Test func aKilledBuildLeavesNoPartialFileAndTheNextBuildCompletesIt() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let clean = try CLI.run(Self.buildArguments(root, output: "Clean"))
        #expect(clean.status == 0, "\(String(decoding: clean.stderr, as: UTF8.self))")

        guard let carepress = CLI.carepress else {
            Issue.record("the carepress executable was not found; run `swift build` first")
            return
        }
        let process = Process()
        process.executableURL = carepress
        process.arguments = Self.buildArguments(root, output: "Killed")
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the build has written some reports, then kill it without warning.
        let reports = root.appendingPathComponent("Killed/reports/consults").path
        var written = 0
        while process.isRunning {
            written =
                ((try? FileManager.default.contentsOfDirectory(atPath: reports)) ?? []).filter {
                    $0.hasSuffix(".html")
                }.count
            if written >= 20 { break }
            usleep(1_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal,
            "the build finished before it could be killed; the test needs a bigger project")

        let killed = root.appendingPathComponent("Killed")
        let cleanFolder = root.appendingPathComponent("Clean")
        let partial = Self.files(under: killed).filter { !$0.hasSuffix(".tmp") }
        #expect(!partial.isEmpty)
        #expect(partial.count < Self.files(under: cleanFolder).count, "the build was killed before it finished")
        for file in partial {
            let bytes = try Data(contentsOf: killed.appendingPathComponent(file))
            if file.hasSuffix(".html") {
                #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("</html>\n"), "\(file) is partial")
            }
            if file.hasSuffix(".md") || file.hasPrefix("reports/") {
                #expect(bytes == (try Data(contentsOf: cleanFolder.appendingPathComponent(file))), "\(file) differs")
            }
        }

        let next = try CLI.run(Self.buildArguments(root, output: "Killed"))
        #expect(next.status == 0, "\(String(decoding: next.stderr, as: UTF8.self))")
        let after = Self.files(under: killed)
        #expect(!after.contains { $0.hasSuffix(".tmp") }, "temporary files remain")
        #expect(after == Self.files(under: cleanFolder))
        for file in after {
            let same =
                (try Data(contentsOf: killed.appendingPathComponent(file)))
                == (try Data(contentsOf: cleanFolder.appendingPathComponent(file)))
            #expect(same, "\(file) differs from a clean build's")
        }
        // The manifest is complete again: a third build renders nothing.
        let third = try CLI.run(Self.buildArguments(root, output: "Killed") + ["--json"])
        let summary = try JSONSerialization.jsonObject(with: third.stdout) as? [String: Any]
        #expect(summary?["rendered"] as? Int == 0)
        #expect(summary?["written"] as? Int == 0)
    }
}
