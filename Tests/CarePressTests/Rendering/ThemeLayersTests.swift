import CarePress
import Foundation
import Testing

/// The theme is looked up file by file: `--templates`, then the project's `Templates/`, then the embedded theme.
@Suite("Theme layers")
struct ThemeLayersTests {
    /// The sample content with no `Templates/` folder: everything comes from the embedded theme.
    static func contentOnly() throws -> TemporaryProject {
        let project = try TemporaryProject.sample()
        try FileManager.default.removeItem(atPath: project.path("Templates"))
        return project
    }

    static func options(_ project: TemporaryProject, templates: String? = nil) -> BuildOptions {
        BuildOptions(
            contentPath: project.path("Content"), templatesPath: templates, outputPath: project.path("Output"), jobs: 2)
    }

    static let stackTemplate = "reports/stack.md.mustache"

    @Test func aProjectWithoutTemplatesBuildsWithTheEmbeddedThemeExactlyAsWithTheRepositorysTemplates() throws {
        let embedded = try Self.contentOnly()
        let report = SiteBuilder.build(Self.options(embedded))
        #expect(!report.hasErrors, "\(report.diagnostics)")
        #expect(report.records == 29)
        let repository = try Self.contentOnly()
        _ = SiteBuilder.build(Self.options(repository, templates: TemporaryProject.defaultTemplates))
        #expect(embedded.contents(under: "Output") == repository.contents(under: "Output"))
        #expect(embedded.contents(under: "Output").keys.contains("assets/style.css"))
    }

    @Test func oneOverriddenTemplateChangesOnlyThePagesThatUseIt() throws {
        let project = try Self.contentOnly()
        _ = SiteBuilder.build(Self.options(project))
        let before = project.contents(under: "Output")
        let stack = try #require(EmbeddedFolder.theme.text(Self.stackTemplate))
        try project.write("Templates/" + Self.stackTemplate, stack + "\nReviewed by the clinic.\n")

        let report = SiteBuilder.build(Self.options(project))
        #expect(!report.hasErrors, "\(report.diagnostics)")
        #expect(report.rendered == 6)
        let after = project.contents(under: "Output")
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        let stackReports = Set(after.keys.filter { $0.hasPrefix("reports/stacks/") && !$0.hasSuffix(".svg") })
        #expect(changed == stackReports)
        #expect(stackReports.count == 12)
        let page = try #require(project.read("Output/reports/stacks/sw-2026-0001.md"))
        #expect(page.contains("Reviewed by the clinic."))
    }

    @Test func theTemplatesOptionOverridesTheProjectWhichOverridesTheEmbeddedTheme() throws {
        let project = try Self.contentOnly()
        let stack = try #require(EmbeddedFolder.theme.text(Self.stackTemplate))
        try project.write("Templates/" + Self.stackTemplate, stack + "\nFrom the project.\n")
        try project.write("Templates/assets/style.css", "body { color: rebeccapurple }\n")
        try project.write("Option/" + Self.stackTemplate, stack + "\nFrom the option.\n")

        let theme = ThemeSource(templates: project.path("Option"), contentPath: project.path("Content"))
        #expect(
            theme.layers == [.option(project.path("Option")), .project(project.path("Templates")), .embedded])
        #expect(theme.files[Self.stackTemplate]?.layer == .option(project.path("Option")))
        #expect(theme.files["assets/style.css"]?.layer == .project(project.path("Templates")))
        #expect(theme.files["reports/consult.md.mustache"]?.layer == .embedded)
        #expect(theme.path(of: "reports/consult.md.mustache") == "<embedded theme>/reports/consult.md.mustache")

        let report = SiteBuilder.build(Self.options(project, templates: project.path("Option")))
        #expect(!report.hasErrors, "\(report.diagnostics)")
        let page = try #require(project.read("Output/reports/stacks/sw-2026-0001.md"))
        #expect(page.contains("From the option.") && !page.contains("From the project."))
        // Assets come through the layers too: written to the output, and inlined in a standalone export.
        #expect(project.read("Output/assets/style.css") == "body { color: rebeccapurple }\n")
        let exported = try Exporter.export(
            .file(project.path("Content/stacks/sw-2026-0001.json")),
            options: ExportOptions(
                format: .html, contentPath: project.path("Content"), templatesPath: project.path("Option")))
        let html = String(decoding: try #require(exported.document), as: UTF8.self)
        #expect(html.contains("rebeccapurple") && html.contains("From the option."))
        #expect(project.read("Output/assets/search.js") == EmbeddedFolder.theme.text("assets/search.js"))
    }

    @Test func changingAnOverriddenAssetRebuildsTheSharedPages() throws {
        let project = try Self.contentOnly()
        _ = SiteBuilder.build(Self.options(project))
        try project.write("Templates/assets/search.js", "// a project's own search\n")
        let report = SiteBuilder.build(Self.options(project))
        #expect(project.read("Output/assets/search.js") == "// a project's own search\n")
        #expect(report.written >= 1)
        // Removing the override brings the embedded file back.
        try FileManager.default.removeItem(atPath: project.path("Templates/assets/search.js"))
        _ = SiteBuilder.build(Self.options(project))
        #expect(project.read("Output/assets/search.js") == EmbeddedFolder.theme.text("assets/search.js"))
    }

    @Test func aMissingTemplatesFolderIsOneError() throws {
        let project = try Self.contentOnly()
        let report = SiteBuilder.build(Self.options(project, templates: project.path("Nope")))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["templates folder not found"])
        #expect(report.stoppedEarly)
        #expect(report.buildSummary(outputPath: "Output").hasPrefix("Build failed: nothing was written to Output"))
        #expect(!FileManager.default.fileExists(atPath: project.path("Output/index.html")))
    }

    /// A folder built before is rebuilt without parsing its theme when the theme is the one its last build parsed;
    /// an override changed since, that does not parse, still stops the build before anything is written.
    @Test func anOverrideThatNoLongerParsesStopsTheRebuildOfAFolderBuiltBefore() throws {
        let project = try Self.contentOnly()
        let stack = try #require(EmbeddedFolder.theme.text(Self.stackTemplate))
        try project.write("Templates/" + Self.stackTemplate, stack + "\nReviewed by the clinic.\n")
        #expect(!SiteBuilder.build(Self.options(project)).hasErrors)
        let noOp = SiteBuilder.build(Self.options(project))
        #expect(!noOp.hasErrors && noOp.rendered == 0 && noOp.written == 0)
        func everything() -> [String: Data] {
            Dictionary(
                uniqueKeysWithValues: project.files(under: "Output").map {
                    ($0, FileManager.default.contents(atPath: project.path("Output/" + $0)) ?? Data())
                })
        }
        let before = everything()

        try project.write("Templates/" + Self.stackTemplate, stack + "\n{{#items}}\n")
        let report = SiteBuilder.build(Self.options(project))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["cannot parse the template: a section is never closed"])
        #expect(errors.first?.file == project.path("Templates/" + Self.stackTemplate))
        #expect(report.stoppedEarly && report.rendered == 0)
        #expect(everything() == before)
    }

    @Test func missingTemplatesAreOneErrorThatNamesTheLookupOrder() throws {
        let project = try TemporaryProject()
        try project.write("Theme/assets/style.css", "body {}\n")
        try project.write("Theme/home.md.mustache", TemplateSet.markdownPragma + "\n# Home\n")
        let result = TemplateSet.load(from: project.path("Theme"), requiring: SiteBuilder.requiredTemplates)
        guard case .failure(let errors) = result else {
            Issue.record("a theme without its templates loaded")
            return
        }
        #expect(errors.diagnostics.count == 1)
        let error = try #require(errors.diagnostics.first)
        #expect(error.message.hasPrefix("templates not found: layouts/page.html.mustache, "))
        #expect(error.hint == "looked in --templates \(project.path("Theme"))")
    }

    @Test func checkWarnsAboutAnOverrideThatMatchesNoThemeFileWithADidYouMean() throws {
        let project = try Self.contentOnly()
        try project.write("Templates/reports/consul.md.mustache", TemplateSet.markdownPragma + "\n# typo\n")
        try project.write("Templates/reports/stack.md", TemplateSet.markdownPragma + "\n# no suffix\n")
        // A new partial that an override uses, and a new asset, are not warned about.
        let stack = try #require(EmbeddedFolder.theme.text(Self.stackTemplate))
        try project.write("Templates/" + Self.stackTemplate, stack + "\n{{> reports/clinic-footer.md}}\n")
        try project.write("Templates/reports/clinic-footer.md.mustache", TemplateSet.markdownPragma + "\nClinic\n")
        try project.write("Templates/assets/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")

        let report = SiteBuilder.check(contentPath: project.path("Content"), jobs: 2)
        let warnings = report.diagnostics.filter { $0.file.contains("/Templates/") }
        #expect(warnings.map { ($0.file as NSString).lastPathComponent } == ["consul.md.mustache", "stack.md"])
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(warnings.first?.hint == "did you mean 'reports/consult.md.mustache'?")
        #expect(warnings.last?.hint == "did you mean 'reports/stack.md.mustache'?")
        #expect(!report.hasErrors, "\(report.diagnostics)")
    }

    @Test func checkReportsTemplateErrorsOfAnOverride() throws {
        let project = try Self.contentOnly()
        try project.write("Templates/" + Self.stackTemplate, TemplateSet.markdownPragma + "\n{{#items}}\n")
        let report = SiteBuilder.check(contentPath: project.path("Content"), jobs: 2)
        let error = try #require(report.diagnostics.first { $0.severity == .error })
        #expect(error.file == project.path("Templates/" + Self.stackTemplate))
        #expect(error.message == "cannot parse the template: a section is never closed")
    }

    @Test func noRecordsIsSaidAndNamesTheFoldersLookedIn() throws {
        let project = try TemporaryProject.minimal()
        let content = project.path("Content")
        let report = SiteBuilder.build(Self.options(project))
        let warning = try #require(report.diagnostics.first { $0.message.hasPrefix("no records found") })
        #expect(
            warning.message
                == "no records found: no .json files in \(content)/consults/, \(content)/physio/, \(content)/stacks/")
        let summary = report.buildSummary(outputPath: "Output")
        #expect(summary.hasPrefix("Built Output: no records found; "))
        #expect(!summary.contains("0 of 0"))
        #expect(SiteBuilder.check(contentPath: content, jobs: 1).checkSummary.contains("no records found"))
    }

    @Test func themeExportWritesTheEmbeddedThemeAndNeverOverwrites() throws {
        let project = try TemporaryProject()
        try project.write("Theme/reports/consult.md.mustache", "mine\n")
        let first = try ThemeSource.exportEmbedded(to: project.path("Theme"))
        #expect(first.kept == ["reports/consult.md.mustache"])
        #expect(first.created.count == EmbeddedFolder.theme.paths.count - 1)
        #expect(project.read("Theme/reports/consult.md.mustache") == "mine\n")
        for path in first.created {
            #expect(project.read("Theme/" + path) == EmbeddedFolder.theme.text(path))
        }
        let second = try ThemeSource.exportEmbedded(to: project.path("Theme"))
        #expect(second.created.isEmpty && second.kept.count == EmbeddedFolder.theme.paths.count)
        #expect(!project.files(under: "Theme").contains { $0.hasSuffix(".tmp") })
    }
}
