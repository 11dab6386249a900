import CarePress
import Foundation
import Testing

@Suite("Knowledge store loading and cross-references")
struct KnowledgeLoaderTests {
    @Test func minimalStoreLoads() throws {
        let project = try TemporaryProject.minimal()
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.diagnostics.isEmpty)
        #expect(site.knowledge.conditions.map(\.name) == ["Patellofemoral Pain Syndrome"])
        #expect(site.knowledge.exercise(matching: "quad sets")?.name == "Quad Sets")
        #expect(
            site.knowledge.condition(matching: "PATELLOFEMORAL pain-syndrome")?.slug == "patellofemoral-pain-syndrome")
    }

    @Test func brokenReferencesAreLocatedAndTheItemIsLeftOut() throws {
        let project = try TemporaryProject.minimal()
        let words = Array(repeating: "word", count: 61).joined(separator: " ")
        try project.write(
            "Content/knowledge/conditions/patellofemoral-pain-syndrome.yml",
            Samples.condition.replacingOccurrences(of: "bodyArea: knee", with: "bodyArea: kne")
                .replacingOccurrences(of: "Step-Downs]", with: "Step Downs]")
                .replacingOccurrences(
                    of: "summary: Pain around or behind the kneecap, often worse on stairs.", with: "summary: \(words)")
        )
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.knowledge.conditions.isEmpty)
        let lines = site.diagnostics.map { "\($0.position) \($0.path): \($0.message) | \($0.hint ?? "")" }
        #expect(lines.contains("3:11 bodyArea: unknown body area 'kne' | did you mean 'knee'?"))
        #expect(
            lines.contains(
                "5:10 summary: summary has 61 words; at most 60 are allowed | it is injected into the on-device model's prompt, whose budget is small"
            ))
        #expect(lines.contains("6:44 exercises[2]: unknown exercise 'Step Downs' | did you mean 'Step-Downs'?"))
    }

    @Test func duplicateNamesAndSlugCollisionsAreErrors() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/knowledge/exercises/quad-sets-2.yml", Samples.exercise("Quad Sets", phase: "protect"))
        try project.write(
            "Content/knowledge/exercises/quad-sets-3.yml", Samples.exercise("Quad sets!", phase: "protect"))
        let site = SiteProject.load(from: project.path("Content"))
        let errors = site.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.contains("duplicate exercise name 'Quad Sets'"))
        #expect(
            errors.contains(
                "exercise name 'Quad sets!' makes the same file name 'quad-sets' as one in \(project.path("Content/knowledge/exercises/quad-sets-2.yml"))"
            )
                || errors.contains { $0.hasPrefix("exercise name 'Quad sets!' makes the same file name 'quad-sets'") })
    }

    @Test func syntaxErrorsInYAMLAreLocated() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/knowledge/exercises/step-downs.yml", "name: Step-Downs\nsteps: [a, b\n")
        let site = SiteProject.load(from: project.path("Content"))
        let error = try #require(site.diagnostics.first { $0.file.hasSuffix("step-downs.yml") })
        #expect(error.severity == .error)
        #expect(error.position.line >= 2)
        // The condition that uses it is told why its exercise is unknown.
        let cascade = try #require(site.diagnostics.first { $0.message == "unknown exercise 'Step-Downs'" })
        #expect(cascade.hint == "the exercise 'Step-Downs' has errors of its own (see exercises/step-downs.yml)")
    }
}
