import Foundation
import Testing

@testable import CarePress

/// A session's rebuilds (`carepress serve`) write what a clean build writes, byte for byte.
@Suite("Session rebuilds")
struct SessionRebuildTests {
    /// The session's next build.
    static func rebuild(
        _ project: TemporaryProject, cache: BuildCache, pageSize: Int = ReportsIndex.pageSize
    ) -> BuildReport {
        var options = project.ownThemeOptions()
        options.cache = cache
        options.indexPageSize = pageSize
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
    static func expectSameAsCleanBuild(
        _ project: TemporaryProject, _ step: String, pageSize: Int = ReportsIndex.pageSize
    ) throws {
        try? FileManager.default.removeItem(atPath: project.path("Clean"))
        var options = project.ownThemeOptions(output: "Clean")
        options.indexPageSize = pageSize
        let clean = SiteBuilder.build(options)
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
        let edit = Self.rebuild(project, cache: cache)
        #expect(edit.rendered == 1)
        try Self.expectSameAsCleanBuild(project, "edit")

        // A record added (a new id), and one deleted.
        let added = "consults/hl-2026-0001-c3.json"
        try project.write("Content/" + added, text.replacingOccurrences(of: "hl-2026-0001-c1", with: "hl-2026-0001-c3"))
        let deleted = "physio/pg-2026-0002-c2.json"
        try FileManager.default.removeItem(atPath: project.path("Content/" + deleted))
        let addAndDelete = Self.rebuild(project, cache: cache)
        #expect(addAndDelete.rendered == 1)
        #expect(addAndDelete.deleted > 0)
        try Self.expectSameAsCleanBuild(project, "add and delete")

        // A record file renamed (its id unchanged), as an editor's rename or `git mv` does.
        let renamed = "stacks/renamed.json"
        try FileManager.default.moveItem(
            atPath: project.path("Content/stacks/sw-2026-0001-c1.json"), toPath: project.path("Content/" + renamed))
        _ = Self.rebuild(project, cache: cache)
        try Self.expectSameAsCleanBuild(project, "rename")

        // A template change: every report of the kind, and the index, are made again.
        let template = "Templates/reports/consult.md.mustache"
        try project.write(template, try #require(project.read(template)) + "\nEdited template.\n")
        let themed = Self.rebuild(project, cache: cache)
        #expect(themed.rendered > 1)
        try Self.expectSameAsCleanBuild(project, "template")

        // A setting: the project is read again.
        let site = try #require(project.read("Content/site.yml"))
        try project.write("Content/site.yml", site + "\n# edited\n")
        _ = Self.rebuild(project, cache: cache)
        try Self.expectSameAsCleanBuild(project, "settings")
    }

    /// The index's pages and filter data, which the session keeps a page at a time, after edits that change one
    /// page, move a report to another page, shift every later page, or change the index's templates.
    @Test func theIndexPagesAndFilterDataKeptByTheSessionFollowEveryChange() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let pageSize = 3
        let cache = BuildCache()
        var options = project.ownThemeOptions()
        (options.cache, options.indexPageSize) = (cache, pageSize)
        let first = SiteBuilder.build(options)
        #expect(!first.hasErrors, "\(first.diagnostics)")
        let pages = ReportsIndex.pageCount(reports: first.records, pageSize: pageSize)
        #expect(pages > 4)
        try Self.expectSameAsCleanBuild(project, "first build", pageSize: pageSize)
        // Replaces the value of a string field, byte for byte (a combining mark must not join the quote after it).
        func edit(_ file: String, _ field: String, _ value: String) throws -> BuildReport {
            let bytes = Array(try #require(FileManager.default.contents(atPath: project.path("Content/" + file))))
            let key = Array("\"\(field)\": \"".utf8)
            let start = try #require(
                bytes.indices.first { bytes[$0...].starts(with: key) }.map { $0 + key.count }, "\(file): \(field)")
            let end = try #require(bytes[start...].firstIndex(of: UInt8(ascii: "\"")))
            let edited = bytes[..<start] + Array(value.utf8) + bytes[end...]
            try Data(edited).write(to: URL(fileURLWithPath: project.path("Content/" + file)))
            return Self.rebuild(project, cache: cache, pageSize: pageSize)
        }
        let name = "displayName"

        // A name: one page's rows are encoded again, every other page's are used again.
        let rows = cache.indexRows.reusedCount
        _ = try edit("consults/hl-2026-0002-c1.json", name, "Edited </script> Patient")
        #expect(cache.indexRows.reusedCount - rows == pages - 1)
        try Self.expectSameAsCleanBuild(project, "a name", pageSize: pageSize)

        // The same name in other bytes (decomposed, canonically equivalent): the pages show the new bytes.
        _ = try edit("consults/hl-2026-0002-c1.json", name, "Jose\u{301}")
        try Self.expectSameAsCleanBuild(project, "a decomposed name", pageSize: pageSize)
        _ = try edit("consults/hl-2026-0002-c1.json", name, "Jos\u{e9}")
        try Self.expectSameAsCleanBuild(project, "a precomposed name", pageSize: pageSize)

        // A later date (the index's sort key): the report moves to another page.
        func page(listing id: String) -> Int? {
            (1...pages).first { project.read("Output/" + ReportsIndex.path(page: $0))?.contains(id + ".html") == true }
        }
        let moved = "sw-2026-0006-c1"
        let pageBefore = page(listing: moved)
        _ = try edit("stacks/\(moved).json", "createdAt", "2031-01-01T08:00:00Z")
        #expect(page(listing: moved) != pageBefore)
        try Self.expectSameAsCleanBuild(project, "a new date", pageSize: pageSize)

        // A record deleted: every later page shifts, and the index may lose its last page.
        let deleted = "physio/pg-2026-0001-c1.json"
        try FileManager.default.removeItem(atPath: project.path("Content/" + deleted))
        _ = Self.rebuild(project, cache: cache, pageSize: pageSize)
        try Self.expectSameAsCleanBuild(project, "a delete", pageSize: pageSize)

        // The index's entries template: every page is rendered again.
        let template = "Templates/reports/index-entries.md.mustache"
        try project.write(template, try #require(project.read(template)) + "\nEdited entries.\n")
        _ = Self.rebuild(project, cache: cache, pageSize: pageSize)
        #expect(project.read("Output/reports/index-2.html")?.contains("Edited entries.") == true)
        try Self.expectSameAsCleanBuild(project, "the index's template", pageSize: pageSize)
    }
}
