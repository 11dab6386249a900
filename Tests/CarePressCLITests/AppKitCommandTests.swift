import Foundation
import Testing

/// `carepress app-kit` as a user runs it, on content that cannot make a good kit.
@Suite("carepress app-kit")
struct AppKitCommandTests {
    /// A project with three conditions whose summaries and red flags are too long for the app's prompt.
    static func overBudgetProject() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("carepress-kit-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("Content/site.yml", "title: Guide\nlanguage: en\ndisclaimer: Not medical advice.\n")
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
        return root
    }

    @Test func aKitOverThePromptBudgetFailsWithTheFigures() throws {
        let root = try Self.overBudgetProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLI.run(
            ["app-kit", "--templates", CLI.repository.appendingPathComponent("Templates").path], in: root)
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
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("AppKit/kit.json").path))
        #expect(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent("AppKit/Swift/KnowledgeStore.swift").path))
    }

    @Test func aMissingContentFolderIsAnError() throws {
        let templates = CLI.repository.appendingPathComponent("Templates").path
        let result = try CLI.run([
            "app-kit", "--content", "/nonexistent/Content", "--templates", templates, "--output", "/nonexistent/AppKit",
        ])
        #expect(result.status == 1)
        #expect(
            String(decoding: result.stderr, as: UTF8.self).contains(
                "/nonexistent/Content:1:1: error: content folder not found"))
    }
}
