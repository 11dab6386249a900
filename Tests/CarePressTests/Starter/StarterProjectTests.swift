import CarePress
import Foundation
import Testing

/// `carepress init`: a project that builds at once, in an empty folder only, never over a file.
@Suite("Starter project")
struct StarterProjectTests {
    @Test func theStarterProjectBuildsAReportOfEachKindWithoutAProblem() throws {
        let project = try TemporaryProject()
        let outcome = try StarterProject.create(in: project.path("new")).get()
        #expect(outcome.kept.isEmpty)
        #expect(outcome.created.contains("README.md") && outcome.created.contains(".gitignore"))
        #expect(project.read("new/.gitignore")?.contains("/Output/") == true)
        let report = SiteBuilder.build(
            BuildOptions(contentPath: project.path("new/Content"), outputPath: project.path("new/Output"), jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.records == 3 && report.failedRecords == 0)
        for page in [
            "index.html", "guide/index.html", "reports/index.html", "reports/consults/hl-2026-0001.html",
            "reports/physio/pg-2026-0001.html", "reports/stacks/sw-2026-0001.html",
            "reports/stacks/sw-2026-0001-adherence.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: project.path("new/Output/" + page)), "\(page)")
        }
    }

    @Test func theStarterFilesComeFromTheEmbeddedSample() throws {
        for record in StarterProject.sampleRecords {
            #expect(EmbeddedFolder.sample.files[record] != nil, "\(record) is not in the sample")
        }
        let stack = try #require(EmbeddedFolder.sample.text("stacks/sw-2026-0001.json"))
        #expect(stack.contains("\"tracking\""))
        let paths = StarterProject.files.map(\.path)
        #expect(paths.contains("Content/site.yml") && paths.contains("Content/knowledge/phases.yml"))
        #expect(paths.contains("Content/knowledge/emergency-signs.yml"), "a new project screens for emergencies")
        #expect(!paths.contains("Content/consults/hl-2026-0002.json"))
    }

    @Test func aFolderThatIsNotEmptyIsRefusedAndLeftAlone() throws {
        let project = try TemporaryProject()
        try project.write("notes.txt", "mine\n")
        let result = StarterProject.create(in: project.root.path)
        guard case .failure(let refusal) = result else {
            Issue.record("a folder with a file was accepted")
            return
        }
        #expect(refusal == .notEmpty(folder: project.root.path, entries: ["notes.txt"]))
        #expect("\(refusal)".contains("is not empty (it has notes.txt)"))
        #expect(project.files(under: "") == ["notes.txt"])
    }

    @Test func aFolderWithOnlyAGitFolderIsAccepted() throws {
        let project = try TemporaryProject()
        try project.write(".git/HEAD", "ref: refs/heads/main\n")
        #expect(throws: Never.self) { try StarterProject.create(in: project.root.path).get() }
        #expect(FileManager.default.fileExists(atPath: project.path("Content/site.yml")))
    }

    @Test func aFileThatAppearsIsNeverOverwritten() throws {
        let project = try TemporaryProject()
        try project.write("new/README.md", "mine\n")
        let outcome = try NewFileWriter.write(StarterProject.files, into: project.path("new"))
        #expect(outcome.kept == ["README.md"])
        #expect(project.read("new/README.md") == "mine\n")
    }
}
