import CarePressTestSupport
import Foundation
import Testing

/// `--content` as people type it: `.` from inside the content folder, or a one-letter folder name. Foundation's
/// `deletingLastPathComponent` traps on both on Linux, and `carepress build` used to die with SIGILL there.
@Suite("carepress build --content paths")
struct ContentPathTests {
    @Test func aContentFolderGivenAsDotOrOneLetterBuildsWithTheProjectsTemplates() throws {
        let temporary = try TemporaryProject("content-path")
        defer { withExtendedLifetime(temporary) {} }
        let project = temporary.url("project")
        let content = project.appendingPathComponent("c")
        let templates = project.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Content"), to: content)
        // The project's own home page template, so that the output shows which theme was found.
        let home = try String(
            contentsOf: CLI.repository.appendingPathComponent("Templates/home.md.mustache"), encoding: .utf8)
        try (home + "\nProject theme of the clinic.\n").write(
            to: templates.appendingPathComponent("home.md.mustache"), atomically: true, encoding: .utf8)

        let fromProject = try CLI.run(["build", "--content", "c", "--output", "one", "--quiet"], in: project)
        #expect(fromProject.status == 0, "\(String(decoding: fromProject.stderr, as: UTF8.self))")
        let fromContent = try CLI.run(["build", "--content", ".", "--output", "../two", "--quiet"], in: content)
        #expect(fromContent.status == 0, "\(String(decoding: fromContent.stderr, as: UTF8.self))")

        for output in ["one", "two"] {
            let index = try String(
                contentsOf: project.appendingPathComponent("\(output)/index.html"), encoding: .utf8)
            #expect(index.contains("Project theme of the clinic."))
            let reports = try FileManager.default.contentsOfDirectory(
                atPath: project.appendingPathComponent("\(output)/reports/consults").path)
            #expect(reports.contains { $0.hasSuffix(".html") })
        }
    }
}
