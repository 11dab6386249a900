import CarePress
import Foundation
import Testing

/// A content or theme folder that cannot be listed, or a file that cannot be read, for any reason but its absence, is
/// an error that names the system's reason (`too many levels of symbolic links (ELOOP)`), never taken for a missing
/// or empty folder ("no records found", "not found"); and a build that cannot list its content writes nothing, so it
/// removes no report. Links that loop and files where folders belong give the errors here, as any user can make them;
/// `too many open files (EMFILE)` is provoked in a child process by the CLI tests.
@Suite("File-system failures reported as themselves")
struct FileSystemFailureTests {
    /// Ways to make a path fail with an error other than "no such file".
    enum Breakage: String, CaseIterable, CustomTestStringConvertible {
        /// A symbolic link to itself: ELOOP.
        case linkLoop
        /// A regular file where a folder is expected: ENOTDIR when listed.
        case file

        var testDescription: String { rawValue }

        /// The reason the build must give for a folder broken this way.
        var listingReason: String {
            switch self {
            case .linkLoop: "too many levels of symbolic links (ELOOP)"
            case .file: "not a folder (ENOTDIR)"
            }
        }

        /// The same reason as the knowledge store's own check words it (`FileProblem`): a part of the store that
        /// cannot be read stops the build before the store is listed.
        var knowledgeReason: String {
            switch self {
            case .linkLoop: "it is a symbolic link that loops (too many levels of symbolic links)"
            case .file: "it is a file, not a folder"
            }
        }
    }

    /// Replaces a path of the project (whatever is there) by a broken one.
    static func breakPath(_ relative: String, in project: TemporaryProject, _ breakage: Breakage) throws {
        let path = project.path(relative)
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        switch breakage {
        case .linkLoop:
            try FileManager.default.createSymbolicLink(
                atPath: path, withDestinationPath: PathText.lastComponent(of: path))
        case .file:
            try project.write(relative, "not a folder\n")
        }
    }

    /// A minimal project with a consult, a guide page, and a first build into `Output/`; with `ownTheme`, the project
    /// has its own `Templates/` (a copy of the default theme), which the build uses.
    static func builtProject(ownTheme: Bool = false) throws -> TemporaryProject {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        try project.write("Content/pages/about.md", "---\ntitle: About\n---\nAbout us.\n")
        var options = project.buildOptions()
        if ownTheme {
            try FileManager.default.copyItem(
                atPath: TemporaryProject.defaultTemplates, toPath: project.path("Templates"))
            options.templatesPath = nil
        }
        let first = SiteBuilder.build(options)
        #expect(first.errorCount == 0, "\(first.diagnostics)")
        return project
    }

    /// Every file of `Output/` with its bytes, but the build's own state (`.carepress/`: a build that stops may still
    /// have read its manifest, which lets SQLite tidy its journal).
    static func output(of project: TemporaryProject) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: project.files(under: "Output").filter { !$0.hasPrefix(".carepress/") }.map {
                ($0, project.read("Output/" + $0) ?? "")
            })
    }

    /// The paths whose bytes differ between two outputs (or that only one has).
    static func changes(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    static let folders = [
        "Content/consults", "Content/physio", "Content/stacks", "Content/schemas", "Content/pages",
        "Content/knowledge/conditions", "Content/knowledge/exercises",
    ]

    @Test(arguments: folders, Breakage.allCases)
    func aContentFolderThatCannotBeListedIsAnErrorAndTheBuildWritesNothing(folder: String, breakage: Breakage) throws {
        let project = try Self.builtProject()
        let before = Self.output(of: project)
        try Self.breakPath(folder, in: project, breakage)
        let expected =
            folder.hasPrefix("Content/knowledge/")
            ? "the knowledge store cannot be read: " + breakage.knowledgeReason
            : "cannot list the folder: " + breakage.listingReason
        let check = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        let build = SiteBuilder.build(project.buildOptions())
        for report in [check, build] {
            let errors = report.diagnostics.filter { $0.severity == .error }
            #expect(errors.contains { $0.file == project.path(folder) && $0.message == expected }, "\(errors)")
            #expect(!report.diagnostics.contains { $0.message.contains("no records found") })
        }
        #expect(build.stoppedEarly)
        #expect(Self.changes(before, Self.output(of: project)) == [])
    }

    @Test(arguments: ["Content/site.yml", "Content/knowledge/body-areas.yml", "Content/knowledge/phases.yml"])
    func aContentFileThatCannotBeReadIsAnErrorThatSaysWhy(file: String) throws {
        let project = try Self.builtProject()
        try Self.breakPath(file, in: project, .linkLoop)
        let report = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        // The site settings say it as a file; a part of the knowledge store as the store's own check words it.
        let expected =
            file.hasPrefix("Content/knowledge/")
            ? "the knowledge store cannot be read: it is a symbolic link that loops (too many levels of symbolic links)"
            : "cannot read the file: it is a symbolic link that loops (too many levels of symbolic links)"
        #expect(
            report.diagnostics.contains { $0.file == project.path(file) && $0.message == expected },
            "\(report.diagnostics)")
    }

    static let themePaths: [(relative: String, breakage: Breakage)] = [
        ("", .linkLoop), ("", .file), ("reports", .linkLoop), ("guide", .linkLoop),
        ("reports/consult.md.mustache", .linkLoop), ("assets/style.css", .linkLoop),
    ]

    @Test(arguments: themePaths)
    func aThemeFolderOrFileThatCannotBeReadIsAnError(relative: String, breakage: Breakage) throws {
        // The project's own Templates/ (a copy of the default theme), broken at `relative`.
        let project = try Self.builtProject(ownTheme: true)
        let broken = relative.isEmpty ? "Templates" : "Templates/" + relative
        try Self.breakPath(broken, in: project, breakage)
        let before = Self.output(of: project)
        var options = project.buildOptions()
        options.templatesPath = nil
        let build = SiteBuilder.build(options)
        let errors = build.diagnostics.filter { $0.severity == .error }
        let reason = breakage == .linkLoop ? "too many levels of symbolic links (ELOOP)" : "not a folder (ENOTDIR)"
        #expect(errors.contains { $0.file == project.path(broken) && $0.message.hasSuffix(reason) }, "\(errors)")
        #expect(build.stoppedEarly)
        #expect(Self.changes(before, Self.output(of: project)) == [])
        // Named with --templates, the same.
        let check = SiteBuilder.check(contentPath: project.path("Content"), templatesPath: project.path("Templates"))
        #expect(check.diagnostics.contains { $0.file == project.path(broken) && $0.message.hasSuffix(reason) })
    }
}
