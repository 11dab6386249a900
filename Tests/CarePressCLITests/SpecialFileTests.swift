import CarePressTestSupport
import Foundation
import Testing

/// Finding 4 of issue 40: a FIFO named like a content file blocked `build` and `check` for ever in `open()` (holding
/// the build lock). Anything that is not a regular file is refused with a located error, without blocking. Each run
/// has a deadline: a build that blocks is killed there, and the test fails instead of hanging.
@Suite("Special files in the project, end to end")
struct SpecialFileTests {
    /// Every kind of file a build reads from the project, by its path from the project folder.
    static let contentPaths = [
        "Content/consults/zz-fifo.json",
        "Content/physio/zz-fifo.json",
        "Content/stacks/zz-fifo.json",
        "Content/pages/zz-fifo.md",
        "Content/knowledge/conditions/zz-fifo.yml",
        "Content/knowledge/exercises/zz-fifo.yml",
        "Content/knowledge/phases.yml",
        "Content/schemas/zz-fifo.json",
        "Content/site.yml",
        "Templates/guide/page.md.mustache",
        "Templates/assets/zz-fifo.css",
    ]

    /// A copy of the sample project whose file at `relative` is a FIFO that nobody ever writes to.
    static func project(withFIFOAt relative: String) throws -> TemporaryProject {
        let temporary = try TemporaryProject("fifo")
        let root = temporary.root
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        let fifo = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0, "mkfifo \(relative): errno \(errno)")
        return temporary
    }

    @Test("A FIFO in place of a content or theme file is a located error; build and check end", arguments: contentPaths)
    func fifoIsRefused(relative: String) throws {
        let temporary = try Self.project(withFIFOAt: relative)
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        for command in [["check"], ["build", "--quiet", "--output", "Output"]] {
            let result = try CLI.run(command, in: root, deadline: 60)
            #expect(!result.timedOut, "\(command[0]) blocked on the FIFO at \(relative)")
            guard !result.timedOut else { continue }
            #expect(result.status == 1, "\(command[0]): \(result.stderr)")
            // A required part of the knowledge store is checked, and worded, by the store's own check.
            let expected =
                ["Content/knowledge/body-areas.yml", "Content/knowledge/phases.yml"].contains(relative)
                ? "\(relative):1:1: error: the knowledge store cannot be read: it is a named pipe (FIFO)"
                : "\(relative):1:1: error: not a regular file (a FIFO), so it is not read"
            #expect(result.stderr.contains(expected), "\(command[0]): \(result.stderr)")
        }
    }

    @Test("A FIFO among the other files of the content folder does not stop a build")
    func fifoOutsideTheContentFiles() throws {
        let temporary = try Self.project(withFIFOAt: "Content/notes.txt")
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        let result = try CLI.run(["build", "--quiet", "--output", "Output"], in: root, deadline: 60)
        #expect(!result.timedOut, "build blocked on the FIFO at Content/notes.txt")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
