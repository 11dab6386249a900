import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A record file that is there but cannot be read (a symbolic link to a missing target or in a loop, a folder, no
/// permission) is an error naming it, never a deleted record: its report and its manifest row stay.
@Suite("Unreadable record files")
struct UnreadableRecordTests {
    /// The ways a record file can be there and unreadable: each replaces `Content/consults/hl-2.json`.
    enum Breakage: String, CaseIterable, CustomTestStringConvertible {
        case danglingLink, linkLoop, linkToAFolder, folder, linkThroughAMissingFolder

        var testDescription: String { rawValue }

        /// Replaces the file, and the words the error gives.
        func apply(to project: TemporaryProject, file: String) throws -> String {
            let path = project.path(file)
            try FileManager.default.removeItem(atPath: path)
            switch self {
            case .danglingLink:
                try FileManager.default.createSymbolicLink(
                    atPath: path, withDestinationPath: project.path("share/unmounted/hl-2.json"))
                return "which does not exist"
            case .linkLoop:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
                return "loops"
            case .linkToAFolder:
                try FileManager.default.createDirectory(
                    atPath: project.path("share"), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: project.path("share"))
                return "not a regular file (a folder)"
            case .folder:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                return "not a regular file (a folder)"
            case .linkThroughAMissingFolder:
                try project.write("share/hl-2.json", Samples.consult(id: "hl-2"))
                try FileManager.default.createSymbolicLink(
                    atPath: path, withDestinationPath: project.path("share/hl-2.json"))
                try FileManager.default.removeItem(atPath: project.path("share"))
                return "which does not exist"
            }
        }
    }

    /// A project with two consults, built once.
    static func builtProject() throws -> TemporaryProject {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/hl-1.json", Samples.consult(id: "hl-1"))
        try project.write("Content/consults/hl-2.json", Samples.consult(id: "hl-2"))
        let first = SiteBuilder.build(project.buildOptions())
        #expect(!first.hasErrors, "\(first.diagnostics)")
        #expect(first.rendered == 2)
        return project
    }

    @Test(arguments: Breakage.allCases)
    func anUnreadableRecordIsAnErrorNamingItAndItsReportStays(_ breakage: Breakage) throws {
        let project = try Self.builtProject()
        let rowsBefore = try ManifestDump.rows(project.path("Output"))
        let report = project.read("Output/reports/consults/hl-2.html")
        let words = try breakage.apply(to: project, file: "Content/consults/hl-2.json")

        for _ in 0..<2 {
            let build = SiteBuilder.build(project.buildOptions())
            let errors = build.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1, "\(build.diagnostics)")
            let error = try #require(errors.first)
            #expect(error.file == project.path("Content/consults/hl-2.json"))
            #expect(error.position == .start)
            #expect(
                error.message.hasPrefix("cannot read the file: ") || error.message.hasPrefix("not a regular file"),
                "\(error.message)")
            #expect(error.message.contains(words), "\(error.message)")
            #expect(build.deleted == 0)
            #expect(build.failedRecords == 1)
            #expect(project.read("Output/reports/consults/hl-2.html") == report)
            #expect(project.read("Output/reports/consults/hl-2.md") != nil)
            // The record's row is still there: it owns the report files.
            let rows = try ManifestDump.rows(project.path("Output"))
            #expect(rows.count == rowsBefore.count)
            #expect(rows.contains { $0.hasPrefix(Self.hex("consults/hl-2.json") + " ") })
        }

        // `check` finds the same error.
        let check = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        #expect(
            check.diagnostics.filter { $0.severity == .error }.map(\.file) == [
                project.path("Content/consults/hl-2.json")
            ])

        // Restored, the record is built as before.
        try FileManager.default.removeItem(atPath: project.path("Content/consults/hl-2.json"))
        try project.write("Content/consults/hl-2.json", Samples.consult(id: "hl-2"))
        let restored = SiteBuilder.build(project.buildOptions())
        #expect(!restored.hasErrors, "\(restored.diagnostics)")
        #expect(project.read("Output/reports/consults/hl-2.html") == report)
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its permissions"))
    func aRecordWithoutReadPermissionIsAnErrorAndItsReportStays() throws {
        let project = try Self.builtProject()
        #expect(chmod(project.path("Content/consults/hl-2.json"), 0) == 0)
        defer { chmod(project.path("Content/consults/hl-2.json"), 0o644) }
        let build = SiteBuilder.build(project.buildOptions())
        #expect(build.deleted == 0)
        #expect(
            build.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "cannot read the file: permission denied"
            ])
        #expect(project.read("Output/reports/consults/hl-2.html") != nil)
    }

    @Test func aRemovedRecordIsStillADeletion() throws {
        let project = try Self.builtProject()
        try FileManager.default.removeItem(atPath: project.path("Content/consults/hl-2.json"))
        let build = SiteBuilder.build(project.buildOptions())
        #expect(!build.hasErrors, "\(build.diagnostics)")
        #expect(build.deleted == 2)
        #expect(project.read("Output/reports/consults/hl-2.html") == nil)
    }

    @Test func aKnowledgeFileBehindADanglingLinkIsAnErrorNamingIt() throws {
        let project = try TemporaryProject.minimal()
        let condition = project.path("Content/knowledge/conditions/patellofemoral-pain-syndrome.yml")
        try FileManager.default.removeItem(atPath: condition)
        try FileManager.default.createSymbolicLink(atPath: condition, withDestinationPath: project.path("gone.yml"))
        let loaded = SiteProject.load(from: project.path("Content"))
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == [condition])
        #expect(errors.first?.message.contains("which does not exist") == true)
    }

    /// A path as the manifest dump shows it (its bytes in hexadecimal).
    static func hex(_ path: String) -> String {
        Array(path.utf8).map { String($0, radix: 16) }.joined()
    }
}
