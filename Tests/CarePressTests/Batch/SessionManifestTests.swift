import Foundation
import Testing

@testable import CarePress

/// A session (`carepress serve`) keeps its build manifest open between builds and takes it from memory, unless
/// something else wrote to it or it is gone.
@Suite("Session manifest")
struct SessionManifestTests {
    static func options(_ project: TemporaryProject, cache: BuildCache, content: Set<String>?) -> BuildOptions {
        var options = project.ownThemeOptions()
        options.cache = cache
        options.changes = content.map { .known(content: $0, theme: false) } ?? .unknown
        return options
    }

    /// What the session holds of the manifest, and what opening the database reads.
    static func keptAndRead(_ project: TemporaryProject, cache: BuildCache) throws -> (
        BuildManifest.Contents, BuildManifest.Contents
    ) {
        let manifest = try #require(cache.manifest.withLock { $0?.manifest })
        var mirror = try #require(manifest.store.withLock { $0.mirror })
        #expect(mirror.faithful)
        let kept = mirror.contents()
        // As rows read back: summaries by their digests, their bytes left in the database.
        #expect(kept.entries.allSatisfy { $0.entry.summary?.bytes == nil })
        let path = project.path("Output/" + BuildManifest.path(for: .all))
        let (_, read) = try BuildManifest.open(at: path, strings: StringInterner())
        return (kept, read)
    }

    static func expectSame(_ kept: BuildManifest.Contents, _ read: BuildManifest.Contents, _ step: String) {
        #expect(kept.entries.map(\.path) == read.entries.map(\.path), "\(step)")
        #expect(kept.entries.map(\.entry) == read.entries.map(\.entry), "\(step)")
        #expect(kept.orphans == read.orphans, "\(step)")
        #expect(kept.shared == read.shared, "\(step)")
        #expect(read.warnings.isEmpty, "\(step): \(read.warnings)")
    }

    @Test func whatTheSessionKeepsIsWhatTheDatabaseHolds() throws {
        let project = try TemporaryProject.generated(copies: 2)
        let cache = BuildCache()
        #expect(!SiteBuilder.build(Self.options(project, cache: cache, content: nil)).hasErrors)
        var (kept, read) = try Self.keptAndRead(project, cache: cache)
        Self.expectSame(kept, read, "first build")

        let edited = "consults/hl-2026-0001-c1.json"
        let text = try #require(project.read("Content/" + edited))
        try project.write("Content/" + edited, text.replacingOccurrences(of: "hl-2026-0001-c1", with: "hl-new-id"))
        let deleted = "stacks/sw-2026-0001-c2.json"
        try FileManager.default.removeItem(atPath: project.path("Content/" + deleted))
        let broken = "physio/pg-2026-0001-c1.json"
        try project.write("Content/" + broken, "{ not json")
        let second = SiteBuilder.build(Self.options(project, cache: cache, content: [edited, deleted, broken]))
        #expect(second.rendered == 1)
        #expect(second.hasErrors)
        (kept, read) = try Self.keptAndRead(project, cache: cache)
        Self.expectSame(kept, read, "id changed, record deleted, record broken")

        // The next build takes the manifest from the session, and writes rows after those of the last build.
        let open = try #require(cache.manifest.withLock { $0?.manifest })
        let third = SiteBuilder.build(Self.options(project, cache: cache, content: []))
        #expect(third.rendered == 0)
        #expect(cache.manifest.withLock { $0?.manifest } === open, "not opened again")
        (kept, read) = try Self.keptAndRead(project, cache: cache)
        Self.expectSame(kept, read, "nothing changed")
        #expect(SiteBuilder.build(project.ownThemeOptions()).written == 0)
    }

    /// Outside a session nothing would use the copy, which grows with the records: a build does not keep one.
    @Test func aManifestOpenedOutsideASessionKeepsNoCopyOfItsRows() throws {
        let project = try TemporaryProject.generated(copies: 1)
        #expect(!SiteBuilder.build(project.ownThemeOptions()).hasErrors)
        let path = project.path("Output/" + BuildManifest.path(for: .all))
        let (plain, contents) = try BuildManifest.open(at: path, strings: StringInterner())
        #expect(!contents.entries.isEmpty)
        #expect(plain.store.withLock { $0.mirror } == nil)
        let (session, _) = try BuildManifest.open(at: path, strings: StringInterner(), mirrored: true)
        #expect(session.store.withLock { $0.mirror?.rows.count } == contents.entries.count)
    }

    @Test func anotherBuildIntoTheOutputFolderIsSeen() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let cache = BuildCache()
        _ = SiteBuilder.build(Self.options(project, cache: cache, content: nil))
        // A build with another theme rewrites every report meanwhile, and says so in the manifest.
        try FileManager.default.copyItem(atPath: project.path("Templates"), toPath: project.path("Other"))
        let template = "Other/reports/consult.md.mustache"
        try project.write(template, try #require(project.read(template)) + "\nAnother theme.\n")
        var other = project.ownThemeOptions()
        other.templatesPath = project.path("Other")
        #expect(SiteBuilder.build(other).rendered > 0)
        let report = "Output/reports/consults/hl-2026-0001-c1.md"
        #expect(project.read(report)?.contains("Another theme.") == true)
        // The session reads the manifest again, so it makes the reports with its own theme again.
        let next = SiteBuilder.build(Self.options(project, cache: cache, content: []))
        #expect(next.rendered > 0)
        #expect(project.read(report)?.contains("Another theme.") == false)
    }

    @Test func anOutputFolderRemovedMeanwhileIsMadeAgainWithItsManifest() throws {
        let project = try TemporaryProject.generated(copies: 1)
        let cache = BuildCache()
        let first = SiteBuilder.build(Self.options(project, cache: cache, content: nil))
        try FileManager.default.removeItem(atPath: project.path("Output"))
        let next = SiteBuilder.build(Self.options(project, cache: cache, content: []))
        #expect(next.rendered == first.rendered)
        #expect(FileManager.default.fileExists(atPath: project.path("Output/" + BuildManifest.path(for: .all))))
        // A build without the session finds everything made and recorded.
        let plain = SiteBuilder.build(project.ownThemeOptions())
        #expect(plain.rendered == 0)
        #expect(plain.written == 0)
    }
}
