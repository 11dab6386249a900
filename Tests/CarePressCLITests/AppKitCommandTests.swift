import CarePressTestSupport
import Foundation
import Testing

/// `carepress app-kit` as a user runs it, on content that cannot make a good kit.
@Suite("carepress app-kit")
struct AppKitCommandTests {
    /// A project with three conditions whose summaries and red flags are too long for the app's prompt.
    static func overBudgetProject() throws -> TemporaryProject {
        let temporary = try TemporaryProject("kit")
        let root = temporary.root
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write(
            "Content/site.yml",
            "title: Guide\nlanguage: en\ndisclaimer: Not medical advice.\nclinic: {name: Test Clinic, phone: 0161 496 0000, "
                + "hours: 9 to 5, urgentCare: call 111, timeZone: Europe/London, currency: GBP}\n")
        try write("Content/knowledge/body-areas.yml", "- id: knee\n  name: Knee\n")
        try write("Content/knowledge/phases.yml", "- { id: protect, name: Protect, order: 1, goals: [Settle pain] }\n")
        for name in ["Quad Sets", "Heel Slides", "Wall Squats"] {
            try write(
                "Content/knowledge/exercises/\(name.lowercased().replacingOccurrences(of: " ", with: "-")).yml",
                "name: \(name)\nbodyAreas: [knee]\nphase: protect\nsteps: [Get ready., Do it.]\ndosage: 10 times\n")
        }
        let summary = Array(repeating: "Sore knees ache.", count: 19).joined(separator: " ")  // 57 words
        for name in ["Knee One", "Knee Two", "Knee Three"] {
            try write(
                "Content/knowledge/conditions/\(name.lowercased().replacingOccurrences(of: " ", with: "-")).yml",
                """
                name: \(name)
                bodyArea: knee
                keywords: [knee, sore, ache]
                summary: \(summary)
                exercises: [Quad Sets, Heel Slides, Wall Squats]
                redFlags:
                  - the knee is hot and red and you feel very unwell
                  - the knee gave way and you cannot stand on it
                  - the foot below the knee is cold, pale and numb
                """)
        }
        return temporary
    }

    /// Every file under a folder with its bytes.
    static func everything(under folder: URL) -> [String: Data?] {
        var result: [String: Data?] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
            result[path] = FileManager.default.contents(atPath: folder.path + "/" + path)
        }
        return result
    }

    /// Over the budget, nothing is written: the kit made before (with two of the three conditions) stays as it was.
    @Test func aKitOverThePromptBudgetFailsWithTheFiguresAndWritesNothing() throws {
        let temporary = try Self.overBudgetProject()
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        let arguments = ["app-kit", "--templates", CLI.repository.appendingPathComponent("Templates").path]
        let third = root.appendingPathComponent("Content/knowledge/conditions/knee-three.yml")
        let aside = root.appendingPathComponent("knee-three.yml")
        try FileManager.default.moveItem(at: third, to: aside)
        #expect(try CLI.run(arguments, in: root).status == 0)
        let kit = root.appendingPathComponent("AppKit")
        let before = Self.everything(under: kit)
        #expect(before["kit.json"] != nil)
        try FileManager.default.moveItem(at: aside, to: third)
        let result = try CLI.run(arguments, in: root)
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 1, "\(stderr)")
        // Each condition is 2 + 57 + 11 + 10 + 10 = 90 words: 270 for the three, 360 tokens.
        #expect(
            stderr.hasPrefix(
                "Content/knowledge/conditions/knee-one.yml:1:1: error: summary: the longest prompt context (Knee One, "
                    + "Knee Three, Knee Two: summaries and red flags) has 270 words, about 360 tokens; at most 300 fit in the "
                    + "app's prompt\n"),
            "\(stderr)")
        #expect(stdout.hasPrefix("prompt budget: the longest injected context"), "\(stdout)")
        #expect(stdout.contains("app kit: nothing written to AppKit"), "\(stdout)")
        #expect(Self.everything(under: kit) == before, "the previous kit is as it was")
        // With no kit before, no kit folder is made.
        try FileManager.default.removeItem(at: kit)
        #expect(try CLI.run(arguments, in: root).status == 1)
        #expect(!FileManager.default.fileExists(atPath: kit.path))
    }

    @Test func aMissingContentFolderIsAnError() throws {
        let templates = CLI.repository.appendingPathComponent("Templates").path
        let result = try CLI.run([
            "app-kit", "--content", "/nonexistent/Content", "--templates", templates, "--output", "/nonexistent/AppKit",
        ])
        #expect(result.status == 1)
        #expect(
            String(decoding: result.stderr, as: UTF8.self).contains(
                "/nonexistent/Content:1:1: error: no CarePress project here"))
    }
}
