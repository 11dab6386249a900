import CarePressTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A build into a file system that fills up while it runs, the manifest's commits failing with it: every record ends
/// with its report, or with an error that names it (issue 40, finding 12).
@Suite("A build into a full file system")
struct FullDiskTests {
    /// Whether this process may mount a file system (tests run as root in CI).
    static let canMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")

    /// Runs a program, returning its exit status.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The sample project with `count` more consults (copies of a sample consult), in a fresh folder.
    static func project(consults count: Int) throws -> TemporaryProject {
        let temporary = try TemporaryProject("full")
        let root = temporary.root
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        let sample = try String(
            contentsOf: CLI.repository.appendingPathComponent("Content/consults/hl-2026-0002.json"), encoding: .utf8)
        for index in 0..<count {
            let id = String(format: "hl-full-%04d", index)
            try Data(sample.replacingOccurrences(of: "\"id\": \"hl-2026-0002\"", with: "\"id\": \"\(id)\"").utf8)
                .write(to: root.appendingPathComponent("Content/consults/\(id).json"))
        }
        return temporary
    }

    /// Every record file of a project (absolute paths) with the report files its id names.
    static func records(in content: URL) throws -> [(path: String, reports: [String])] {
        var records: [(path: String, reports: [String])] = []
        for kind in ["consults", "physio", "stacks"] {
            let folder = content.appendingPathComponent(kind)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".json") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                let key = try #require(text.range(of: "\"id\": \""))
                let id = String(text[key.upperBound...].prefix { $0 != "\"" })
                records.append(
                    (folder.appendingPathComponent(name).path, ["md", "html"].map { "reports/\(kind)/\(id).\($0)" }))
            }
        }
        return records
    }

    @Test(
        "Every record gets its report or an error naming it when the disk fills and the manifest cannot be written",
        .enabled(if: canMount), arguments: [1, 2])
    func everyRecordIsAccountedFor(jobs: Int) throws {
        let temporary = try Self.project(consults: 300)
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        let output = root.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try #require(try Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", output.path]) == 0)
        defer { try? Self.run("/usr/bin/umount", [output.path]) }
        let result = try CLI.run([
            "build", "--content", root.appendingPathComponent("Content").path, "--output", output.path, "--jobs",
            "\(jobs)", "--quiet",
        ])
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 1)
        let errors = stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        // The disk filled while the records were written, and the manifest could not take their rows.
        #expect(errors.contains { $0.contains(".carepress/manifest.sqlite") }, "\(stderr)")
        var unaccounted: [String] = []
        for (path, reports) in try Self.records(in: root.appendingPathComponent("Content")) {
            let written = reports.allSatisfy {
                FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path)
            }
            if !written && !errors.contains(where: { $0.contains(path) }) { unaccounted.append(path) }
        }
        #expect(unaccounted.isEmpty, "\(unaccounted.count) records have neither a report nor an error: \(unaccounted)")
    }
}
