import Foundation
import Testing

@testable import CarePress

/// What `carepress app-kit` writes, and when it writes nothing: a kit with any error (its content, its guide's links,
/// the prompt budget, the size budget, an unreadable `kit.json`) is not written at all, the previous kit stays as it
/// was; and the case names of existing body areas never change from one kit to the next.
@Suite("App kit writes")
struct AppKitWriteTests {
    /// A way the content can break a kit, each found before anything is written.
    enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Three conditions whose summaries and red flags do not fit the app's prompt.
        case overThePromptBudget
        /// A kit bigger than the app's size budget (a small budget here, the mechanism of the 25 MB one).
        case overTheSizeBudget
        /// A knowledge file that does not parse.
        case brokenKnowledgeFile
        /// A guide page whose link leads nowhere (the kit's guide is link-checked).
        case brokenGuideLink
        /// A theme whose template does not parse.
        case brokenTheme

        var testDescription: String { rawValue }

        /// A part of the message of the error the kit reports.
        var expected: String {
            switch self {
            case .overThePromptBudget: "at most 300 fit in the app's prompt"
            case .overTheSizeBudget: "over the app's 50000"
            case .brokenKnowledgeFile: "mapping values are not allowed"
            case .brokenGuideLink: "the build writes no file guide/pages/nowhere.html"
            case .brokenTheme: "cannot parse the template"
            }
        }

        func apply(to project: TemporaryProject, options: inout AppKitOptions) throws {
            switch self {
            case .overThePromptBudget:
                let long = Array(repeating: "Sore knees can ache.", count: 14).joined(separator: " ")
                let flags = (1...4).map { "- your knee hurts a lot and it is flag number \($0) here" }
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
                        \(flags.joined(separator: "\n"))
                        """)
                }
            case .overTheSizeBudget:
                options.sizeLimit = 50_000
            case .brokenKnowledgeFile:
                try project.write(
                    "Content/knowledge/exercises/wall-squats.yml",
                    "name: Wall Squats\nsummary: Builds thigh strength: with a wall\n")
            case .brokenGuideLink:
                try project.write(
                    "Content/pages/links.md", "---\ntitle: Links\n---\n# Links\n\n[Nowhere](nowhere.html)\n")
            case .brokenTheme:
                try project.write("Templates/guide/area.md.mustache", TemplateSet.markdownPragma + "\n{{#name}}\n")
            }
        }
    }

    /// The kit options of a project: its content and the repository's theme under its own `Templates/`.
    static func options(_ project: TemporaryProject) -> AppKitOptions {
        AppKitOptions(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates,
            outputPath: project.path("AppKit"))
    }

    /// Every file and folder under a folder, with its bytes (folders as nil).
    static func everything(under folder: String) -> [String: Data?] {
        var result: [String: Data?] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder) ?? .init() {
            result[path] = FileManager.default.contents(atPath: folder + "/" + path)
        }
        return result
    }

    @Test(arguments: Breakage.allCases)
    func aKitWithErrorsIsNotWrittenAndThePreviousKitStays(_ breakage: Breakage) throws {
        let project = try TemporaryProject.minimal()
        var options = Self.options(project)
        let first = AppKitBuilder.build(options)
        #expect(!first.hasErrors, "\(first.diagnostics)")
        let before = Self.everything(under: project.path("AppKit"))
        #expect(before["kit.json"] != nil)

        try breakage.apply(to: project, options: &options)
        if breakage == .brokenTheme { options.templatesPath = project.path("Templates") }
        let report = AppKitBuilder.build(options)
        #expect(report.hasErrors)
        #expect(
            report.diagnostics.contains { $0.severity == .error && "\($0)".contains(breakage.expected) },
            "\(report.diagnostics)")
        #expect(report.manifest == nil && report.written == 0 && report.deleted == 0)
        #expect(Self.everything(under: project.path("AppKit")) == before, "the previous kit is as it was")
        #expect(report.summary(outputPath: "AppKit").last?.hasPrefix("app kit: nothing written") == true)
    }

    @Test(arguments: Breakage.allCases)
    func aFirstKitWithErrorsWritesNothingAtAll(_ breakage: Breakage) throws {
        let project = try TemporaryProject.minimal()
        var options = Self.options(project)
        try breakage.apply(to: project, options: &options)
        if breakage == .brokenTheme { options.templatesPath = project.path("Templates") }
        let report = AppKitBuilder.build(options)
        #expect(report.hasErrors)
        #expect(!FileManager.default.fileExists(atPath: project.path("AppKit")), "no kit folder was made")
    }

    /// The issue's case, through the kit's own record of its names (`kit.json`): `lower__back` is added to a store
    /// with `lower_back`; `.lowerBack` still means `lower_back` in the app, and the new area gets a suffix.
    @Test func anAreaAddedLaterNeverTakesTheCaseNameOfAnExistingOne() throws {
        let project = try TemporaryProject.minimal()
        let options = Self.options(project)
        #expect(!AppKitBuilder.build(options).hasErrors)
        let bodyArea = project.path("AppKit/Swift/BodyArea.swift")
        #expect(try String(contentsOfFile: bodyArea, encoding: .utf8).contains("case lowerBack = \"lower_back\"\n"))

        try project.write(
            "Content/knowledge/body-areas.yml",
            Samples.bodyAreas + "\n- id: lower__back\n  name: Lower back (2)\n"
                + "- id: lower_back_\n  name: Lower back (3)\n")
        let second = AppKitBuilder.build(options)
        #expect(!second.hasErrors, "\(second.diagnostics)")
        let source = try String(contentsOfFile: bodyArea, encoding: .utf8)
        #expect(source.contains("case lowerBack = \"lower_back\"\n"), "\(source)")
        #expect(source.contains("case lowerBack_2 = \"lower__back\"\n"), "\(source)")
        #expect(source.contains("case lowerBack_3 = \"lower_back_\"\n"), "\(source)")
        // The new names are said, where the areas are.
        let notes = second.diagnostics.filter { $0.severity == .warning && $0.message.contains("lowerBack_") }
        #expect(notes.count == 2, "\(second.diagnostics)")
        #expect(notes.allSatisfy { $0.file == project.path("Content/knowledge/body-areas.yml") })

        // The kit records them, and the next kit keeps them even when `lower_back` is gone and comes back.
        let manifest = try #require(second.manifest)
        #expect(manifest.bodyAreaCases?["lower__back"] == "lowerBack_2")
        try project.write(
            "Content/knowledge/body-areas.yml",
            "- id: knee\n  name: Knee\n- id: lower__back\n  name: Lower back (2)\n")
        let third = AppKitBuilder.build(options)
        #expect(third.manifest?.bodyAreaCases == ["knee": "knee", "lower__back": "lowerBack_2"])
        #expect(third.manifest?.retiredBodyAreaCases == ["lower_back": "lowerBack", "lower_back_": "lowerBack_3"])
        try project.write("Content/knowledge/body-areas.yml", Samples.bodyAreas + "\n- id: lower__back\n  name: L\n")
        let fourth = AppKitBuilder.build(options)
        #expect(
            fourth.manifest?.bodyAreaCases == ["knee": "knee", "lower_back": "lowerBack", "lower__back": "lowerBack_2"])
    }

    /// A `kit.json` that cannot be read may hold the names the app's code uses: the kit is not made afresh over it.
    @Test func anUnreadableKitJSONIsAnErrorAndNothingIsWritten() throws {
        let project = try TemporaryProject.minimal()
        let options = Self.options(project)
        #expect(!AppKitBuilder.build(options).hasErrors)
        try project.write("AppKit/kit.json", "{ \"files\": ")
        let before = Self.everything(under: project.path("AppKit"))
        let report = AppKitBuilder.build(options)
        let error = try #require(report.diagnostics.first { $0.severity == .error })
        #expect(error.file == project.path("AppKit/kit.json"))
        #expect(error.message.contains("cannot be read"), "\(error)")
        #expect(Self.everything(under: project.path("AppKit")) == before)
    }
}
