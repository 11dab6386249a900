import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input folder that vanished (an unmounted share, a bad link, a folder replaced by a file) never wipes what the
/// last build published: a knowledge store that cannot be read stops the build before it writes anything; a record
/// folder that is gone while its kind has reports in the manifest stops it too, unless `allowEmpty` says it is meant.
@Suite("Vanished input folders")
struct VanishedInputTests {
    /// How a folder of the project can vanish.
    enum Vanishing: String, CaseIterable, CustomTestStringConvertible {
        case removed, danglingLink, replacedByAFile, emptied, linkLoop

        var testDescription: String { rawValue }

        /// Makes the folder vanish; the words the error gives.
        @discardableResult
        func apply(to project: TemporaryProject, folder: String) throws -> String {
            let path = project.path(folder)
            try FileManager.default.removeItem(atPath: path)
            switch self {
            case .removed:
                return "does not exist"
            case .danglingLink:
                try FileManager.default.createSymbolicLink(
                    atPath: path, withDestinationPath: project.path("share/unmounted"))
                return "which does not exist"
            case .replacedByAFile:
                try project.write(folder, "not a folder")
                return "it is a file, not a folder"
            case .emptied:
                // An unmounted share's mount point: the folder is there, and empty (so a knowledge store's files
                // do not exist, and a record folder has no record).
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                return folder.hasSuffix("knowledge") ? "does not exist" : "has none"
            case .linkLoop:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
                return "loops"
            }
        }
    }

    /// A project with a consult, a physio record and a stack, built once.
    static func builtProject() throws -> TemporaryProject {
        let project = try TemporaryProject.generated(copies: 1)
        let first = SiteBuilder.build(project.ownThemeOptions())
        #expect(!first.hasErrors, "\(first.diagnostics)")
        return project
    }

    /// Every file under the output folder, manifest included, with its bytes; but SQLite's side files of a
    /// connection to the manifest (`-wal`, `-shm`), which a build that reads the manifest ahead while the project
    /// loads may leave for a moment after it returns: the thread that opened it lets it go (and SQLite removes them).
    static func everything(_ project: TemporaryProject) -> [String: Data] {
        var result: [String: Data] = [:]
        for file in project.files(under: "Output") where !isSQLiteSideFile(file) {
            result[file] = FileManager.default.contents(atPath: project.path("Output/\(file)"))
        }
        return result
    }

    static func isSQLiteSideFile(_ path: String) -> Bool {
        path.hasSuffix(".sqlite-wal") || path.hasSuffix(".sqlite-shm")
    }

    // MARK: The knowledge store

    @Test(arguments: Vanishing.allCases)
    func aKnowledgeStoreThatCannotBeReadStopsTheBuildBeforeItWritesAnything(_ vanishing: Vanishing) throws {
        let project = try Self.builtProject()
        let before = Self.everything(project)
        let identities = project.identities(under: "Output")
        let words = try vanishing.apply(to: project, folder: "Content/knowledge")
        let build = SiteBuilder.build(project.ownThemeOptions())
        #expect(build.stoppedEarly)
        #expect(build.deleted == 0 && build.written == 0)
        let errors = build.diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        let located = errors.filter { $0.file.hasPrefix(project.path("Content/knowledge")) }
        #expect(located.count == errors.count, "\(errors)")
        #expect(located.allSatisfy { $0.position == .start })
        #expect(errors.contains { $0.message.contains(words) }, "\(errors)")
        #expect(Self.everything(project) == before)
        #expect(project.identities(under: "Output").filter { !Self.isSQLiteSideFile($0.key) } == identities)
        // The same with every record unchanged and a forced build.
        #expect(SiteBuilder.build(project.ownThemeOptions(force: true)).stoppedEarly)
        #expect(Self.everything(project) == before)
    }

    @Test(arguments: ["body-areas.yml", "phases.yml", "conditions", "exercises"])
    func aKnowledgeStoreMissingAPartStopsTheBuild(_ part: String) throws {
        let project = try Self.builtProject()
        let before = Self.everything(project)
        try FileManager.default.removeItem(atPath: project.path("Content/knowledge/\(part)"))
        let build = SiteBuilder.build(project.ownThemeOptions())
        #expect(build.stoppedEarly)
        #expect(
            build.diagnostics.filter { $0.severity == .error }.map(\.file) == [
                project.path("Content/knowledge/\(part)")
            ])
        #expect(Self.everything(project) == before)
    }

    @Test func checkReportsAKnowledgeStoreThatCannotBeReadOnceNotOnEveryRecord() throws {
        let project = try TemporaryProject.generated(copies: 1)
        try FileManager.default.removeItem(atPath: project.path("Content/knowledge"))
        let check = SiteBuilder.check(contentPath: project.path("Content"), templatesPath: project.path("Templates"))
        #expect(check.diagnostics.filter { $0.severity == .error }.map(\.file) == [project.path("Content/knowledge")])
    }

    @Test(.enabled(if: geteuid() != 0, "root lists a folder whatever its permissions"))
    func aKnowledgeStoreWithoutPermissionStopsTheBuild() throws {
        let project = try Self.builtProject()
        let before = Self.everything(project)
        #expect(chmod(project.path("Content/knowledge/conditions"), 0) == 0)
        defer { chmod(project.path("Content/knowledge/conditions"), 0o755) }
        let build = SiteBuilder.build(project.ownThemeOptions())
        #expect(build.stoppedEarly)
        #expect(build.diagnostics.contains { $0.message.contains("permission denied") })
        #expect(Self.everything(project) == before)
    }

    // MARK: Record folders

    @Test(arguments: Vanishing.allCases)
    func aRecordFolderThatVanishedStopsTheBuildAndRemovesNothing(_ vanishing: Vanishing) throws {
        let project = try Self.builtProject()
        let before = Self.everything(project)
        let consults = project.files(under: "Output/reports/consults").count
        #expect(consults > 0)
        let words = try vanishing.apply(to: project, folder: "Content/consults")
        let build = SiteBuilder.build(project.ownThemeOptions())
        #expect(build.stoppedEarly)
        #expect(build.deleted == 0 && build.written == 0)
        let errors = build.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == [project.path("Content/consults")], "\(errors)")
        #expect(errors.allSatisfy { $0.position == .start })
        switch vanishing {
        case .replacedByAFile, .linkLoop:
            // A folder that cannot be listed at all stops the build as soon as the content is listed, saying why in
            // the system's words (see FileSystemFailureTests): before anything is weighed against the last build.
            let reason = vanishing == .linkLoop ? "(ELOOP)" : "(ENOTDIR)"
            #expect(errors.first?.message.contains("cannot list the folder") == true, "\(errors)")
            #expect(errors.first?.message.contains(reason) == true, "\(errors)")
        case .removed, .danglingLink, .emptied:
            #expect(errors.first?.message.contains(words) == true, "\(errors)")
            #expect(errors.first?.message.contains("the last build made reports of 10 consult records") == true)
        }
        #expect(Self.everything(project) == before)
    }

    @Test(arguments: [Vanishing.removed, .emptied])
    func allowEmptySaysAGoneRecordFolderIsMeant(_ vanishing: Vanishing) throws {
        let project = try Self.builtProject()
        try vanishing.apply(to: project, folder: "Content/consults")
        var options = project.ownThemeOptions()
        options.allowsEmptyRecordFolders = true
        let build = SiteBuilder.build(options)
        #expect(!build.hasErrors, "\(build.diagnostics)")
        #expect(project.files(under: "Output/reports/consults").isEmpty)
        #expect(!project.files(under: "Output/reports/physio").isEmpty)
        // From then on the manifest has no consult: the next build needs no flag.
        let next = SiteBuilder.build(project.ownThemeOptions())
        #expect(!next.hasErrors, "\(next.diagnostics)")
    }

    @Test(arguments: [Vanishing.danglingLink, .replacedByAFile, .linkLoop])
    func allowEmptyDoesNotRemoveTheReportsOfAFolderThatCannotBeRead(_ vanishing: Vanishing) throws {
        let project = try Self.builtProject()
        let before = Self.everything(project)
        try vanishing.apply(to: project, folder: "Content/stacks")
        var options = project.ownThemeOptions()
        options.allowsEmptyRecordFolders = true
        let build = SiteBuilder.build(options)
        #expect(build.stoppedEarly)
        #expect(build.diagnostics.filter { $0.severity == .error }.map(\.file) == [project.path("Content/stacks")])
        #expect(Self.everything(project) == before)
    }

    @Test func removingEveryRecordOfAKindOneByOneIsTheSame() throws {
        let project = try Self.builtProject()
        let before = Self.everything(project)
        for file in project.files(under: "Content/physio") {
            try FileManager.default.removeItem(atPath: project.path("Content/physio/\(file)"))
        }
        let build = SiteBuilder.build(project.ownThemeOptions())
        #expect(build.stoppedEarly)
        #expect(build.diagnostics.filter { $0.severity == .error }.map(\.file) == [project.path("Content/physio")])
        #expect(Self.everything(project) == before)
    }

    @Test func aRecordFolderThatCannotBeReadIsAnErrorInAFirstBuildAndInCheck() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/hl-1.json", Samples.consult(id: "hl-1"))
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Content/stacks"), withDestinationPath: project.path("share/unmounted"))
        let build = SiteBuilder.build(project.buildOptions())
        #expect(build.diagnostics.filter { $0.severity == .error }.map(\.file) == [project.path("Content/stacks")])
        #expect(build.rendered == 1)
        let check = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        #expect(check.diagnostics.filter { $0.severity == .error }.map(\.file) == [project.path("Content/stacks")])
    }

    @Test func aRecordFolderMissingFromTheStartIsNoError() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/hl-1.json", Samples.consult(id: "hl-1"))
        let build = SiteBuilder.build(project.buildOptions())
        #expect(!build.hasErrors, "\(build.diagnostics)")
        #expect(SiteBuilder.build(project.buildOptions()).diagnostics.isEmpty)
    }
}
