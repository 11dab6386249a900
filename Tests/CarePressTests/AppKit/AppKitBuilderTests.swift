import Foundation
import Testing

@testable import CarePress

/// `carepress app-kit` in the library: the sample's kit, its guide, its manifest, its budgets.
@Suite("App kit")
struct AppKitBuilderTests {
    /// The sample's kit, made once.
    struct SampleKit: Sendable {
        let project: TemporaryProject
        let report: AppKitReport
        var folder: String { project.path("AppKit") }

        static let shared: SampleKit? = {
            guard let project = try? TemporaryProject() else { return nil }
            let report = AppKitBuilder.build(
                AppKitOptions(
                    contentPath: TemporaryProject.repository.appendingPathComponent("Content").path,
                    templatesPath: TemporaryProject.defaultTemplates, outputPath: project.path("AppKit")))
            return SampleKit(project: project, report: report)
        }()

        static func load() throws -> SampleKit { try #require(shared, "the sample's kit is made") }
    }

    @Test func theSampleKitIsMadeWithoutAnyDiagnostic() throws {
        let kit = try SampleKit.load()
        #expect(kit.report.diagnostics.isEmpty, "\(kit.report.diagnostics.map(\.description))")
        let manifest = try #require(kit.report.manifest)
        #expect(manifest.counts.conditions == 28 && manifest.counts.exercises == 79)
        #expect(manifest.counts.bodyAreas == 9 && manifest.counts.phases == 4 && manifest.counts.swiftFiles == 5)
    }

    /// The budget: the whole kit (Swift, guide and kit.json) is at most 1 MB for the sample.
    @Test func theSampleKitIsAtMostOneMegabyte() throws {
        let kit = try SampleKit.load()
        let files = TemporaryProject.listFiles(under: kit.folder)
        let total = try files.reduce(0) { sum, file in
            let size = try FileManager.default.attributesOfItem(atPath: kit.folder + "/" + file)[.size] as? Int
            return sum + (size ?? 0)
        }
        print("app kit of the sample: \(files.count) files, \(total) bytes")
        #expect(total <= 1_000_000, "the sample's kit takes \(total) bytes")
        let manifest = try #require(kit.report.manifest)
        let kitJSON = try #require(FileManager.default.contents(atPath: kit.folder + "/kit.json"))
        #expect(manifest.sizes.total + kitJSON.count == total, "kit.json's sizes are the files' sizes")
    }

    /// The prompt budget: the three longest conditions' summaries and red flags fit in 300 tokens.
    @Test func theSamplesLongestPromptContextFitsTheBudget() throws {
        let knowledge = AppKitSourcesTests.sample.knowledge
        let budget = PromptBudget(knowledge: knowledge)
        let longest = knowledge.conditions.map(PromptBudget.words(in:)).sorted(by: >)
        #expect(budget.words == longest.prefix(3).reduce(0, +))
        #expect(budget.conditions.count == 3)
        #expect(budget.tokens == (budget.words * 4 + 2) / 3)
        #expect(budget.tokens <= 300, "\(budget.line)")
        #expect(try SampleKit.load().report.summary(outputPath: "AppKit").first == budget.line)
        #expect(budget.line.contains("has \(budget.words) words, about \(budget.tokens) tokens of 300"))
    }

    @Test func tokensAreFourPerThreeWordsRoundedUp() {
        #expect(PromptBudget.estimatedTokens(words: 225) == 300)
        #expect(PromptBudget.estimatedTokens(words: 226) == 302)
        #expect(PromptBudget.estimatedTokens(words: 1) == 2)
        #expect(PromptBudget.wordCount(" one  two\nthree\tfour ") == 4)
    }

    /// Guide/ holds exactly the guide and assets `build` writes, byte for byte, plus a home page without reports.
    @Test func theGuideIsTheBuildsGuideWithoutReports() throws {
        let kit = try SampleKit.load()
        let built = try BuiltSample.load()
        let guide = kit.folder + "/Guide"
        let files = Set(TemporaryProject.listFiles(under: guide))
        let expected = Set(
            TemporaryProject.listFiles(under: built.output).filter { $0.hasPrefix("guide/") || $0.hasPrefix("assets/") }
        ).union(["index.html"])
        #expect(files == expected)
        for file in expected where file != "index.html" {
            #expect(
                FileManager.default.contents(atPath: guide + "/" + file)
                    == FileManager.default.contents(atPath: built.output + "/" + file), "\(file) is as build writes it")
        }
        let home = try String(contentsOfFile: guide + "/index.html", encoding: .utf8)
        #expect(home.contains("href=\"guide/index.html\""))
        #expect(!home.contains("reports"), "the kit's home page does not mention reports")
        #expect(try built.read("index.html").contains("href=\"reports/index.html\""), "build's home page still does")
    }

    /// kit.json lists every file with its size, and its hash changes only when a file does.
    @Test func kitJSONDescribesTheFiles() throws {
        let kit = try SampleKit.load()
        let data = try #require(FileManager.default.contents(atPath: kit.folder + "/kit.json"))
        let manifest = try JSONDecoder().decode(KitManifest.self, from: data)
        #expect(manifest == kit.report.manifest)
        #expect(manifest.carePressVersion == CarePressVersion.current)
        #expect(manifest.contentHash.count == 32 && ContentDigest(hex: manifest.contentHash) != nil)
        let onDisk = TemporaryProject.listFiles(under: kit.folder).filter { $0 != "kit.json" }
        #expect(Set(manifest.files.map(\.path)) == Set(onDisk))
        for file in manifest.files {
            let size = try FileManager.default.attributesOfItem(atPath: kit.folder + "/" + file.path)[.size] as? Int
            #expect(size == file.bytes, "\(file.path)")
        }
        let swift = manifest.files.filter { $0.path.hasPrefix("Swift/") }.reduce(0) { $0 + $1.bytes }
        #expect(manifest.sizes.swift == swift && manifest.sizes.total == manifest.sizes.swift + manifest.sizes.guide)
    }

    /// A second run over the same content changes nothing; a removed condition's files go, a user's file stays.
    @Test func aNewKitReplacesTheOldOneAndLeavesOtherFilesAlone() throws {
        let project = try TemporaryProject.sample()
        let options = AppKitOptions(
            contentPath: project.path("Content"), templatesPath: project.path("Templates"),
            outputPath: project.path("AppKit"))
        let first = AppKitBuilder.build(options)
        #expect(!first.hasErrors)
        let again = AppKitBuilder.build(options)
        #expect(again.written == 0 && again.deleted == 0 && again.unchanged == first.written)
        #expect(again.manifest?.contentHash == first.manifest?.contentHash)

        try project.write("AppKit/Guide/notes.txt", "mine")
        try FileManager.default.removeItem(atPath: project.path("Content/knowledge/conditions/tennis-elbow.yml"))
        let third = AppKitBuilder.build(options)
        #expect(!third.hasErrors, "\(third.diagnostics.map(\.description))")
        #expect(
            !FileManager.default.fileExists(atPath: project.path("AppKit/Guide/guide/conditions/tennis-elbow.html")))
        #expect(FileManager.default.fileExists(atPath: project.path("AppKit/Guide/notes.txt")))
        #expect(third.deleted == 1)
        #expect(third.manifest?.contentHash != first.manifest?.contentHash)
        let store = try String(contentsOfFile: project.path("AppKit/Swift/KnowledgeStore.swift"), encoding: .utf8)
        #expect(!store.contains("\"Tennis Elbow\""))
    }

    /// Conditions whose summaries and red flags are too long for the app's prompt fail the kit, with the figures.
    @Test func aKnowledgeStoreOverThePromptBudgetIsAnError() throws {
        let project = try TemporaryProject.minimal()
        let long = Array(repeating: "Sore knees can ache.", count: 14).joined(separator: " ")  // 56 words
        let flags = (1...4).map { "- your knee hurts a lot and it is flag number \($0) here" }.joined(separator: "\n")
        for name in ["Knee Ache One", "Knee Ache Two", "Knee Ache Three"] {
            try project.write(
                "Content/knowledge/conditions/\(Slug.make(name)).yml",
                """
                name: \(name)
                bodyArea: knee
                keywords: [knee, ache, sore]
                summary: \(long)
                exercises: [Quad Sets, Straight Leg Raise, Step-Downs]
                redFlags:
                \(flags)
                """)
        }
        let report = AppKitBuilder.build(
            AppKitOptions(
                contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates,
                outputPath: project.path("AppKit")))
        #expect(report.hasErrors)
        let error = try #require(report.diagnostics.first { $0.message.contains("prompt context") })
        #expect(error.severity == .error)
        #expect(error.file.hasSuffix("knee-ache-one.yml"))
        #expect(error.message.contains("has 321 words, about 428 tokens; at most 300"), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: project.path("AppKit")), "nothing is written")
    }

    /// A condition's name is content: on the terminal its control characters are escapes, never raw bytes.
    @Test func theBudgetLineEscapesControlCharactersInNames() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/knowledge/conditions/knee-ache-31m-error-forged.yml",
            """
            name: "Knee Ache\\e[31m\\nerror: forged"
            bodyArea: knee
            keywords: [knee, ache, sore]
            summary: Sore knees can ache when you climb stairs, kneel or sit for a long time with bent knees.
            exercises: [Quad Sets, Straight Leg Raise, Step-Downs]
            redFlags:
            - your knee is hot and swollen
            """)
        let report = AppKitBuilder.build(
            AppKitOptions(
                contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates,
                outputPath: project.path("AppKit")))
        #expect(!report.hasErrors, "\(report.diagnostics)")
        let line = try #require(report.summary(outputPath: "AppKit").first)
        #expect(line.contains("Knee Ache\\u{1B}[31m\\nerror: forged"), "\(line)")
        #expect(!line.utf8.contains(0x1B) && !line.utf8.contains(UInt8(ascii: "\n")))
    }
}
