import Foundation
import Testing

@testable import CarePress

@Suite("Loading a project with the knowledge store on another thread")
struct SiteProjectLoadingTests {
    /// A build loads the knowledge store on another thread while it reads the rest of the content folder; the project
    /// and its diagnostics, in their order, must be those of loading it all on one thread.
    @Test func loadingInTheBackgroundGivesTheSameProjectAndDiagnosticsInTheSameOrder() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/site.yml", "title: [unclosed\n")
        try project.write(
            "Content/knowledge/conditions/knee-thing.yml",
            "name: Knee Thing\nbodyArea: kne\nsummary: Sore knee.\nexercises: [Wall Sit]\nredFlags: []\nphases: []\n")
        try project.write("Content/knowledge/exercises/notes.txt", "not an exercise")
        try project.write("Content/schemas/readme.txt", "not a schema")
        try project.write("Content/consults/readme.txt", "not a record")
        let content = project.path("Content")
        let alone = SiteProject.load(from: content)
        let meanwhile = SiteProject.load(from: content, inBackground: true)
        // As they were when the knowledge store was loaded between the site settings and the questionnaires: the
        // site settings' first, then the knowledge store's, then the questionnaires' and the records'.
        let folders = alone.diagnostics.map { diagnostic in
            String(diagnostic.file.dropFirst(content.count + 1).prefix { $0 != "/" && $0 != "." })
        }
        #expect(folders.first == "site")
        #expect(folders.dropFirst().prefix { $0 == "knowledge" }.count == 2)
        #expect(Set(folders.dropFirst(3)) == ["schemas", "consults"])
        #expect(meanwhile.diagnostics == alone.diagnostics)
        #expect(meanwhile.knowledge.conditions.map(\.name) == alone.knowledge.conditions.map(\.name))
        #expect(meanwhile.knowledge.exercises.map(\.name) == alone.knowledge.exercises.map(\.name))
        #expect(meanwhile.recordFiles.map(\.path) == alone.recordFiles.map(\.path))
        #expect(meanwhile.schemas.keys.sorted() == alone.schemas.keys.sorted())
    }
}
