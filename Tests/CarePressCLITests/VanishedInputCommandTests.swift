import CarePressTestSupport
import Foundation
import Testing

/// `carepress build` on a project whose inputs vanished after a build (an unmounted share, a broken link, a folder
/// replaced by a file): a located error and exit status 1, and the published output kept.
@Suite("carepress build with vanished inputs")
struct VanishedInputCommandTests {
    /// A copy of the sample content in a fresh folder, built once into `Output`.
    final class BuiltSample: Sendable {
        let temporary: TemporaryProject
        var root: URL { temporary.root }

        init() throws {
            temporary = try TemporaryProject("vanished")
            try FileManager.default.copyItem(
                at: CLI.repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
            let first = try build()
            #expect(first.status == 0, "\(first.stderr)")
        }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        /// Runs `carepress build` in the folder with the repository's theme.
        func build(_ extra: [String] = []) throws -> (status: Int32, stderr: String) {
            let result = try CLI.run(
                ["build", "--quiet", "--templates", CLI.repository.appendingPathComponent("Templates").path] + extra,
                in: root)
            return (result.status, String(decoding: result.stderr, as: UTF8.self))
        }

        /// Every file under `Output`, manifest included, with its bytes.
        func output() -> [String: Data] {
            var result: [String: Data] = [:]
            let base = path("Output")
            for case let file as String in FileManager.default.enumerator(atPath: base) ?? .init() {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: base + "/" + file, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    result[file] = FileManager.default.contents(atPath: base + "/" + file)
                }
            }
            return result
        }

        /// Replaces a file or folder of the project with a symbolic link to a path that does not exist.
        func dangle(_ relative: String) throws {
            try FileManager.default.removeItem(atPath: path(relative))
            try FileManager.default.createSymbolicLink(
                atPath: path(relative), withDestinationPath: "/nonexistent/share")
        }
    }

    @Test func aDanglingRecordLinkIsALocatedErrorAndItsReportStays() throws {
        let sample = try BuiltSample()
        let report = FileManager.default.contents(atPath: sample.path("Output/reports/consults/hl-2026-0001.html"))
        #expect(report != nil)
        try sample.dangle("Content/consults/hl-2026-0001.json")
        let result = try sample.build()
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "Content/consults/hl-2026-0001.json:1:1: error: cannot read the file: it is a symbolic link to "
                    + "'/nonexistent/share', which does not exist"), "\(result.stderr)")
        #expect(!result.stderr.contains("removed"), "\(result.stderr)")
        #expect(
            FileManager.default.contents(atPath: sample.path("Output/reports/consults/hl-2026-0001.html")) == report)
    }

    @Test func aRecordLinkLoopIsALocatedError() throws {
        let sample = try BuiltSample()
        let file = sample.path("Content/physio/pg-2026-0001.json")
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: file)
        let result = try sample.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/physio/pg-2026-0001.json:1:1: error: cannot read the file: "))
        #expect(FileManager.default.fileExists(atPath: sample.path("Output/reports/physio/pg-2026-0001.html")))
    }

    @Test(arguments: ["missing", "dangling", "file"])
    func aKnowledgeStoreThatCannotBeReadStopsTheBuildWithNothingWritten(_ how: String) throws {
        let sample = try BuiltSample()
        let before = sample.output()
        switch how {
        case "missing": try FileManager.default.removeItem(atPath: sample.path("Content/knowledge"))
        case "dangling": try sample.dangle("Content/knowledge")
        default:
            try FileManager.default.removeItem(atPath: sample.path("Content/knowledge"))
            try Data("not a folder".utf8).write(to: URL(fileURLWithPath: sample.path("Content/knowledge")))
        }
        let result = try sample.build()
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("Content/knowledge:1:1: error: the knowledge store cannot be read"),
            "\(result.stderr)")
        #expect(sample.output() == before)
    }

    @Test func aConsultFolderThatVanishedIsAnErrorAndNoReportIsRemoved() throws {
        let sample = try BuiltSample()
        let before = sample.output()
        try FileManager.default.removeItem(atPath: sample.path("Content/consults"))
        let result = try sample.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/consults:1:1: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("--allow-empty"))
        #expect(sample.output() == before)
    }

    @Test func allowEmptyRemovesTheReportsOfARecordFolderRemovedOnPurpose() throws {
        let sample = try BuiltSample()
        try FileManager.default.removeItem(atPath: sample.path("Content/consults"))
        let result = try sample.build(["--allow-empty"])
        #expect(result.status == 0, "\(result.stderr)")
        let consults =
            (try? FileManager.default.contentsOfDirectory(atPath: sample.path("Output/reports/consults"))) ?? []
        #expect(consults.isEmpty)
        #expect(FileManager.default.fileExists(atPath: sample.path("Output/reports/physio/pg-2026-0001.html")))
    }

    @Test func allowEmptyDoesNotRemoveTheReportsOfARecordFolderThatCannotBeRead() throws {
        let sample = try BuiltSample()
        let before = sample.output()
        try sample.dangle("Content/stacks")
        let result = try sample.build(["--allow-empty"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/stacks:1:1: error: "), "\(result.stderr)")
        #expect(sample.output() == before)
    }

    @Test func buildHelpDescribesAllowEmpty() throws {
        let result = try CLI.run(["build", "--help"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("--allow-empty"))
    }
}
