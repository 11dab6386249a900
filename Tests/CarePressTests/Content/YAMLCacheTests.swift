import CarePress
import Foundation
import Testing

/// A session's cache of parsed YAML files (`carepress serve` keeps one between rebuilds) never hides an edit.
@Suite("YAML cache")
struct YAMLCacheTests {
    static let conditionFile = "Content/knowledge/conditions/patellofemoral-pain-syndrome.yml"

    @Test func aLoadWithTheCacheReadsWhatALoadWithoutItReads() throws {
        let project = try TemporaryProject.minimal()
        let cache = YAMLCache()
        let first = SiteProject.load(from: project.path("Content"), cache: cache)
        #expect(cache.count > 0, "the settings and the knowledge files are kept")
        let again = SiteProject.load(from: project.path("Content"), cache: cache)
        let uncached = SiteProject.load(from: project.path("Content"))
        for loaded in [first, again] {
            #expect(loaded.knowledge.conditions.map(\.name) == uncached.knowledge.conditions.map(\.name))
            #expect(loaded.knowledge.exercises.map(\.name) == uncached.knowledge.exercises.map(\.name))
            #expect(loaded.site?.title == uncached.site?.title)
            #expect(loaded.diagnostics == uncached.diagnostics)
        }
    }

    @Test func anEditedKnowledgeFileIsParsedAgainEvenWithTheSameSizeAndTime() throws {
        let project = try TemporaryProject.minimal()
        let cache = YAMLCache()
        let path = project.path(Self.conditionFile)
        #expect(
            SiteProject.load(from: project.path("Content"), cache: cache).knowledge.conditions.first?.summary
                == "Pain around or behind the kneecap, often worse on stairs.")
        let before = try FileManager.default.attributesOfItem(atPath: path)
        // Same length, same modification time: only the bytes tell the edit.
        try project.write(Self.conditionFile, Samples.condition.replacingOccurrences(of: "stairs.", with: "floors."))
        try FileManager.default.setAttributes(
            [.modificationDate: try #require(before[.modificationDate] as? Date)], ofItemAtPath: path)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.size] as? Int == before[.size] as? Int)
        let edited = SiteProject.load(from: project.path("Content"), cache: cache)
        #expect(
            edited.knowledge.conditions.first?.summary == "Pain around or behind the kneecap, often worse on floors.")
    }

    @Test func aSyntaxErrorIsReportedEachTimeAndGoesWhenFixed() throws {
        let project = try TemporaryProject.minimal()
        let cache = YAMLCache()
        try project.write("Content/site.yml", "title: [Recovery Guide\n")
        for _ in 0..<2 {
            let broken = SiteProject.load(from: project.path("Content"), cache: cache)
            #expect(broken.site == nil)
            #expect(broken.diagnostics.contains { $0.severity == .error && $0.file.hasSuffix("site.yml") })
        }
        try project.write("Content/site.yml", Samples.site)
        let fixed = SiteProject.load(from: project.path("Content"), cache: cache)
        #expect(fixed.site?.title == "Recovery Guide")
        #expect(!fixed.diagnostics.contains { $0.file.hasSuffix("site.yml") })
    }
}
