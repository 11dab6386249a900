import Foundation
import Testing

@testable import CarePress

/// A session's rebuilds (`carepress serve`), told what changed, write what a clean build writes, byte for byte.
@Suite("Session rebuilds")
struct SessionRebuildTests {
    /// The session's next build, told that `content` (relative to the content folder) and, with `theme`, the theme
    /// changed.
    static func rebuild(
        _ project: TemporaryProject, cache: BuildCache, content: Set<String>, theme: Bool = false
    ) -> BuildReport {
        var options = project.ownThemeOptions()
        options.cache = cache
        options.changes = .known(content: content, theme: theme)
        return SiteBuilder.build(options)
    }

    /// Every file of a build's output folder but the manifest and the lock, with its bytes.
    static func outputFiles(_ project: TemporaryProject, _ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for file in project.files(under: folder) where !file.hasPrefix(".carepress/") {
            files[file] = FileManager.default.contents(atPath: project.path(folder + "/" + file))
        }
        return files
    }

    /// Expects the session's output folder to hold what a clean build of the project as it is now writes.
    static func expectSameAsCleanBuild(_ project: TemporaryProject, _ step: String) throws {
        try? FileManager.default.removeItem(atPath: project.path("Clean"))
        let clean = SiteBuilder.build(project.ownThemeOptions(output: "Clean"))
        #expect(!clean.hasErrors, "\(step): \(clean.diagnostics)")
        let (session, fresh) = (outputFiles(project, "Output"), outputFiles(project, "Clean"))
        #expect(session.keys.sorted() == fresh.keys.sorted(), "\(step): the same files")
        let differing = fresh.keys.filter { session[$0] != fresh[$0] }.sorted()
        #expect(differing.isEmpty, "\(step): \(differing)")
    }

    @Test func addEditDeleteRenameAndATemplateChangeWriteWhatACleanBuildWrites() throws {
        let project = try TemporaryProject.generated(copies: 2)
        let cache = BuildCache()
        var options = project.ownThemeOptions()
        options.cache = cache
        #expect(!SiteBuilder.build(options).hasErrors)
        try Self.expectSameAsCleanBuild(project, "first build")

        // An edit of what the index shows.
        let edited = "consults/hl-2026-0001-c1.json"
        let text = try #require(project.read("Content/" + edited))
        let name = try #require(text.range(of: #""displayName": "[^"]*""#, options: .regularExpression))
        try project.write(
            "Content/" + edited, text.replacingCharacters(in: name, with: #""displayName": "Edited Patient""#))
        let edit = Self.rebuild(project, cache: cache, content: [edited])
        #expect(edit.rendered == 1)
        try Self.expectSameAsCleanBuild(project, "edit")

        // A record added (a new id), and one deleted.
        let added = "consults/hl-2026-0001-c3.json"
        try project.write("Content/" + added, text.replacingOccurrences(of: "hl-2026-0001-c1", with: "hl-2026-0001-c3"))
        let deleted = "physio/pg-2026-0002-c2.json"
        try FileManager.default.removeItem(atPath: project.path("Content/" + deleted))
        let addAndDelete = Self.rebuild(project, cache: cache, content: [added, deleted])
        #expect(addAndDelete.rendered == 1)
        #expect(addAndDelete.deleted > 0)
        try Self.expectSameAsCleanBuild(project, "add and delete")

        // A record file renamed (its id unchanged), as an editor's rename or `git mv` does.
        let renamed = "stacks/renamed.json"
        try FileManager.default.moveItem(
            atPath: project.path("Content/stacks/sw-2026-0001-c1.json"), toPath: project.path("Content/" + renamed))
        _ = Self.rebuild(project, cache: cache, content: ["stacks/sw-2026-0001-c1.json", renamed])
        try Self.expectSameAsCleanBuild(project, "rename")

        // A template change: every report of the kind, and the index, are made again.
        let template = "Templates/reports/consult.md.mustache"
        try project.write(template, try #require(project.read(template)) + "\nEdited template.\n")
        let themed = Self.rebuild(project, cache: cache, content: [], theme: true)
        #expect(themed.rendered > 1)
        try Self.expectSameAsCleanBuild(project, "template")

        // A setting: the project is read again.
        let site = try #require(project.read("Content/site.yml"))
        try project.write("Content/site.yml", site + "\n# edited\n")
        _ = Self.rebuild(project, cache: cache, content: ["site.yml"])
        try Self.expectSameAsCleanBuild(project, "settings")
    }

    @Test func whenOnlyRecordsChangedTheRecordFoldersAreNotListedAgain() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let cache = BuildCache()
        var options = project.ownThemeOptions()
        options.cache = cache
        let first = SiteBuilder.build(options)
        // A record file the session was not told of is not seen: the session's list of record files is used, with
        // the named changes applied (this is what spares a rebuild at 10,000 records listing every folder).
        let unnamed = "consults/unnamed.json"
        let text = try #require(project.read("Content/consults/hl-2026-0001-c1.json"))
        try project.write("Content/" + unnamed, text.replacingOccurrences(of: "hl-2026-0001-c1", with: "unnamed-1"))
        let told = "consults/told.json"
        try project.write("Content/" + told, text.replacingOccurrences(of: "hl-2026-0001-c1", with: "told-1"))
        let second = Self.rebuild(project, cache: cache, content: [told])
        #expect(second.records == first.records + 1)
        #expect(project.read("Output/reports/consults/told-1.html") != nil)
        #expect(project.read("Output/reports/consults/unnamed-1.html") == nil)
        // Nor is a changed setting the session was not told of; once told, the project is read again.
        let site = try #require(project.read("Content/site.yml"))
        let title = try #require(site.range(of: #"title: .*"#, options: .regularExpression))
        try project.write("Content/site.yml", site.replacingCharacters(in: title, with: "title: Renamed Clinic"))
        _ = Self.rebuild(project, cache: cache, content: [told])
        #expect(project.read("Output/index.html")?.contains("Renamed Clinic") == false)
        let third = Self.rebuild(project, cache: cache, content: ["site.yml"])
        #expect(third.records == first.records + 2)
        #expect(project.read("Output/index.html")?.contains("Renamed Clinic") == true)
        #expect(project.read("Output/reports/consults/unnamed-1.html") != nil)
    }

    @Test func aChangeThatListingWouldReportLoadsTheProjectAgain() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let cache = BuildCache()
        var options = project.ownThemeOptions()
        options.cache = cache
        _ = SiteBuilder.build(options)
        // A file that is not a record is warned about by listing the folder; the kept list would not know of it.
        try project.write("Content/consults/notes.txt", "not a record\n")
        let report = Self.rebuild(project, cache: cache, content: ["consults/notes.txt"])
        #expect(report.diagnostics.contains { $0.message == "ignored: not a .json file" })
        // A folder named like a record is not one.
        try FileManager.default.createDirectory(
            atPath: project.path("Content/physio/folder.json"), withIntermediateDirectories: true)
        let folder = Self.rebuild(project, cache: cache, content: ["physio/folder.json"])
        #expect(!folder.hasErrors, "\(folder.diagnostics)")
        try Self.expectSameAsCleanBuild(project, "folder")
    }
}
