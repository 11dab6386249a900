import CarePress
import CarePressServe
import CarePressTestSupport
import Foundation
import Testing

/// What open pages are told after each build.
@Suite("Preview session")
struct PreviewSessionTests {
    static func session() throws -> (TemporaryProject, PreviewSession) {
        let folder = try TemporaryProject("serve")
        _ = try StarterProject.create(in: folder.path).get()
        let options = BuildOptions(contentPath: folder.path("Content"), outputPath: folder.path("Output"), jobs: 2)
        return (folder, PreviewSession(options: options, channel: ReloadChannel()))
    }

    @Test func pagesAreToldOnlyWhenTheOutputChanged() async throws {
        let (folder, session) = try Self.session()
        let (id, events) = session.channel.listen()
        defer { session.channel.close(id) }
        session.build()
        #expect(session.channel.state.generation == 1)
        session.build(after: [folder.path("Content/site.yml")])
        #expect(session.channel.state.generation == 1, "nothing changed, so open pages stay")
        let record = "Content/physio/pg-2026-0001.json"
        try folder.write(record, try #require(folder.read(record)).replacingOccurrences(of: "knee", with: "Knee"))
        session.build(after: [folder.path(record)])
        #expect(session.channel.state.generation == 2)
        #expect(!session.channel.state.stylesheetsOnly)
        session.channel.finish()
        var received: [String] = []
        for await text in events { received.append(text) }
        #expect(received.first?.hasPrefix("retry: 1000\n\nevent: state\ndata: {") == true)
        #expect(received.count == 4)
        #expect(received.last?.contains("\"generation\":2") == true)
    }

    @Test func aStylesheetChangeIsSwappedInPlace() throws {
        let (folder, session) = try Self.session()
        session.build()
        // The project's Templates/ did not exist when the session was made; it is seen once it does.
        try folder.write("Templates/assets/style.css", "body { color: teal }\n")
        session.build(after: [folder.path("Templates/assets/style.css")])
        let state = session.channel.state
        #expect(state.generation == 2)
        #expect(state.stylesheetsOnly)
        #expect(state.stylesheets == ["assets/style.css"])
        #expect(folder.read("Output/assets/style.css") == "body { color: teal }\n")
    }

    @Test func errorsAreLocatedAndGoWhenFixed() throws {
        let (folder, session) = try Self.session()
        session.build()
        let record = "Content/consults/hl-2026-0001.json"
        let good = try #require(folder.read(record))
        try folder.write(record, good.replacingOccurrences(of: "\"answers\"", with: "\"answerz\""))
        session.build(after: [folder.path(record)])
        let errors = session.channel.state.errors
        #expect(errors.map(\.message).contains("answerz: unknown key 'answerz'"))
        #expect(errors.allSatisfy { $0.location.hasPrefix(folder.path(record) + ":") })
        // The last good report is still there.
        #expect(FileManager.default.fileExists(atPath: folder.path("Output/reports/consults/hl-2026-0001.html")))
        try folder.write(record, good)
        session.build(after: [folder.path(record)])
        #expect(session.channel.state.errors.isEmpty)
    }

    @Test func aRebuildFindsEveryChangeWhateverTheWatcherNamed() throws {
        let (folder, session) = try Self.session()
        session.build()
        let record = "Content/physio/pg-2026-0001.json"
        let good = try #require(folder.read(record))
        try folder.write(record, good.replacingOccurrences(of: "Small, steady", with: "Short, steady"))
        // The watcher named another file only (a poll, lost events): every record file is still looked at, as
        // `carepress build` does, so the edit is found.
        let unnamed = session.build(after: [folder.path("Content/site.yml")])
        #expect(unnamed.rendered == 1)
        #expect(folder.read("Output/reports/physio/pg-2026-0001.md")?.contains("Short, steady") == true)
        try folder.write(record, good)
        let named = session.build(after: [folder.path(record)])
        #expect(named.rendered == 1)
        #expect(named.records == 3)
        #expect(folder.read("Output/reports/physio/pg-2026-0001.md")?.contains("Short, steady") == false)
    }

    @Test func anEditedKnowledgeFileOrTemplateIsBuilt() throws {
        let (folder, session) = try Self.session()
        session.build()
        let knowledge = "Content/knowledge/conditions/achilles-tendinopathy.yml"
        let page = "Output/guide/conditions/achilles-tendinopathy.html"
        #expect(folder.read(page)?.contains("joins the calf muscles") == true)
        try folder.write(
            knowledge,
            try #require(folder.read(knowledge)).replacingOccurrences(
                of: "joins the calf muscles", with: "links the calf muscles"))
        let edited = session.build(after: [folder.path(knowledge)])
        #expect(edited.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(folder.read(page)?.contains("links the calf muscles") == true)
        #expect(folder.read(page)?.contains("joins the calf muscles") == false)
        #expect(session.channel.state.generation == 2)
        // A template of the project's own, made while serving, is used by the next build.
        let template = "Templates/guide/condition.md.mustache"
        try folder.write(template, TemplateSet.markdownPragma + "\nEdited while serving.\n")
        session.build(after: [folder.path(template)])
        #expect(folder.read(page)?.contains("Edited while serving.") == true)
        #expect(session.channel.state.generation == 3)
        // The reports index, whose pages the session keeps, too.
        let indexTemplate = "Templates/reports/index.md.mustache"
        try folder.write(indexTemplate, TemplateSet.markdownPragma + "\nIndex edited while serving.\n")
        session.build(after: [folder.path(indexTemplate)])
        #expect(folder.read("Output/reports/index.html")?.contains("Index edited while serving.") == true)
    }

    @Test func theStagesLineOfABuildAddsUpToItsTotal() throws {
        let (_, session) = try Self.session()
        let line = session.build().stagesLine
        #expect(line.hasPrefix("stages: scan "))
        let values = line.matches(of: /([0-9]+\.[0-9]{3})s/).map { Double($0.1)! }
        #expect(values.count == 4)
        #expect(values.allSatisfy { $0 >= 0 })
        #expect(abs(values[0] + values[1] + values[2] - values[3]) < 0.0025, "scan, records and shared pages")
    }

    @Test func changesMadeWhileTheThemeWasBrokenAreBuiltOnceItIsFixed() throws {
        let (folder, _) = try Self.session()
        try folder.write("Templates/assets/style.css", "body { margin: 0 }\n")
        let session = PreviewSession(
            options: BuildOptions(contentPath: folder.path("Content"), outputPath: folder.path("Output"), jobs: 2),
            channel: ReloadChannel())
        session.build()
        let template = "Templates/reports/stack.md.mustache"
        try folder.write(template, TemplateSet.markdownPragma + "\n{{#never}}\n")
        let record = "Content/physio/pg-2026-0001.json"
        try folder.write(
            record, try #require(folder.read(record)).replacingOccurrences(of: "Small, steady", with: "Short, steady"))
        let broken = session.build(after: [folder.path(template), folder.path(record)])
        #expect(broken.stoppedEarly)
        #expect(session.channel.state.errors.first?.location.hasPrefix(folder.path(template)) == true)
        try FileManager.default.removeItem(atPath: folder.path(template))
        let fixed = session.build(after: [folder.path(template)])
        #expect(!fixed.stoppedEarly)
        #expect(fixed.rendered == 1)
        #expect(folder.read("Output/reports/physio/pg-2026-0001.md")?.contains("Short, steady") == true)
        #expect(session.channel.state.errors.isEmpty)
    }

    @Test func aRebuildPrintsOnlyTheWarningsTheBuildBeforeDidNotHave() throws {
        let (folder, session) = try Self.session()
        let diagnostics = { (message: PreviewMessage) -> ([Diagnostic], Int) in
            guard case .built(_, _, let diagnostics, let repeated) = message else { return ([], -1) }
            return (diagnostics, repeated)
        }
        try folder.write("Content/consults/notes.txt", "not a record\n")
        let (first, _) = diagnostics(session.built(session.build(), changes: []))
        #expect(first.map(\.message).contains("ignored: not a .json file"))
        let record = "Content/physio/pg-2026-0001.json"
        try folder.write(record, try #require(folder.read(record)).replacingOccurrences(of: "knee", with: "Knee"))
        let (second, repeated) = diagnostics(session.built(session.build(after: [folder.path(record)]), changes: []))
        #expect(!second.map(\.message).contains("ignored: not a .json file"), "printed after the first build")
        #expect(repeated == 1)
        try FileManager.default.removeItem(atPath: folder.path("Content/consults/notes.txt"))
        _ = session.built(session.build(after: [folder.path("Content/consults/notes.txt")]), changes: [])
        try folder.write("Content/consults/notes.txt", "back\n")
        let (back, _) = diagnostics(
            session.built(session.build(after: [folder.path("Content/consults/notes.txt")]), changes: []))
        #expect(back.map(\.message).contains("ignored: not a .json file"), "gone, then back: new again")
    }
}
