import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The kit's Swift: the matcher is the repository's source unchanged, and the rest is sorted and deterministic.
@Suite("App kit Swift sources")
struct AppKitSourcesTests {
    static let sample = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)
    static let matcherFolder = TemporaryProject.repository.appendingPathComponent(AppKitSources.matcherFolder).path

    /// The matcher's files in the order the kit joins them (byte order of their paths).
    static var matcherFiles: [String] {
        TemporaryProject.listFiles(under: matcherFolder).filter { $0.hasSuffix(".swift") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// KnowledgeMatcher.swift is a comment, then each file of Sources/CarePress/Matching/ byte for byte after a
    /// marker line: the same code `carepress match` runs, so the two cannot drift.
    @Test func theKitsMatcherIsTheRepositorysMatchingFolderUnchanged() throws {
        let files = Self.matcherFiles
        #expect(files.count >= 3)
        let text = AppKitSources(knowledge: Self.sample.knowledge).knowledgeMatcher
        let first = try #require(text.range(of: AppKitSources.matcherFileMarker(files[0])))
        let header = text[..<first.lowerBound]
        #expect(header.split(separator: "\n").allSatisfy { $0.hasPrefix("//") }, "only a comment comes first")
        var expected = String(header)
        for file in files {
            let source = try #require(FileManager.default.contents(atPath: Self.matcherFolder + "/" + file))
            expected += AppKitSources.matcherFileMarker(file) + String(decoding: source, as: UTF8.self)
        }
        #expect(Array(text.utf8) == Array(expected.utf8))
    }

    /// The matcher ships alone, so its files may use Foundation and nothing else (the CLI test compiles it alone).
    @Test func theMatchingFolderImportsOnlyFoundation() throws {
        for file in Self.matcherFiles {
            let text = try String(contentsOfFile: Self.matcherFolder + "/" + file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
            #expect(imports.allSatisfy { $0 == "import Foundation" }, "\(file) imports \(imports)")
        }
    }

    @Test func theFilesAreTheFiveOfTheAppsAPI() {
        let paths = AppKitSources(knowledge: Self.sample.knowledge).files.map(\.path)
        #expect(
            paths == [
                "Swift/BodyArea.swift", "Swift/Exercises.swift", "Swift/KnowledgeMatcher.swift",
                "Swift/KnowledgeStore.swift", "Swift/Phases.swift",
            ])
    }

    /// The same knowledge, however its files were ordered, gives the same bytes.
    @Test func theOutputIsDeterministicWhateverTheInputOrder() {
        let knowledge = Self.sample.knowledge
        let files = AppKitSources(knowledge: knowledge).files
        var random = SplitMix64(seed: 13)
        for _ in 0..<5 {
            var shuffled = KnowledgeStore(
                areas: knowledge.areas, phases: knowledge.phases.shuffled(using: &random),
                conditions: knowledge.conditions.shuffled(using: &random),
                exercises: knowledge.exercises.shuffled(using: &random), emergencySigns: knowledge.emergencySigns)
            shuffled.lexicon = knowledge.lexicon
            #expect(AppKitSources(knowledge: shuffled).files == files)
        }
    }

    /// Conditions and exercises are listed by name, area cases by id, one item per line; every item is there.
    @Test func listsAreSortedAndComplete() throws {
        let sources = AppKitSources(knowledge: Self.sample.knowledge)
        func names(in text: String) -> [String] {
            text.split(separator: "\n").filter { $0.hasPrefix("            name: ") }.map {
                String($0.dropFirst("            name: ".count).dropLast())
            }
        }
        let conditions = names(in: sources.knowledgeStore)
        #expect(conditions == Self.sample.knowledge.conditions.map { SwiftLiteral.string($0.name) })
        #expect(Self.sample.knowledge.conditions.map(\.name) == Self.sample.knowledge.conditions.map(\.name).sorted())
        let exercises = names(in: sources.exercises)
        #expect(exercises == Self.sample.knowledge.exercises.map { SwiftLiteral.string($0.name) })
        #expect(exercises.count == 79 && conditions.count == 28)
        let cases = sources.bodyArea.split(separator: "\n").filter { $0.hasPrefix("    case ") }.map {
            String($0.split(separator: "\"")[1])
        }
        #expect(cases == Self.sample.knowledge.areas.map(\.id).sorted())
        #expect(cases.count == Self.sample.knowledge.areas.count)
    }
}
