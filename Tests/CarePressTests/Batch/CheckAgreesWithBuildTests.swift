import Foundation
import Testing

@testable import CarePress

/// `check` finds what `build` finds: over projects broken in every way a build can report (records, knowledge, links
/// of guide pages and of the theme's pages, remote resources, the report guardrail, templates that do not parse or
/// are missing, site settings), the diagnostics of `check` are those of a clean build, and of a build into a folder
/// built before the breakage, one for one (errors and warnings); and `check` writes nothing.
@Suite("check agrees with build")
struct CheckAgreesWithBuildTests {
    /// A way of breaking a project, with a message the build must report (so that each really breaks what it says).
    enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The CLI's broken fixture: broken records and knowledge, duplicate ids.
        case brokenFixture
        /// A guide page with a broken link, a link outside the output folder, a remote image and other bad links.
        case guidePageLinks
        /// A report template that links to a missing file and shows a remote image.
        case reportTemplateLinks
        /// A layout that loads a stylesheet from the web (every page).
        case remoteStylesheetInLayout
        /// Report templates that leave out the red flags and the disclaimer.
        case guardrail
        /// The home page and the reports index link to missing files.
        case homeAndIndexLinks
        /// Guide templates with a broken link and a remote image.
        case guideTemplateLinks
        /// A template that does not parse, and broken records and an unused override beside it.
        case themeDoesNotParse
        /// A template that names a partial the theme does not have.
        case missingPartial
        /// A partial of the theme's own that does not parse.
        case brokenPartial
        /// A Markdown template without its pragma.
        case markdownTemplateWithoutPragma
        /// A `--templates` folder that does not exist.
        case missingTemplatesFolder
        /// Site settings that do not load, and a broken record beside them.
        case brokenSiteSettings
        /// An override that matches no theme file (a warning), beside a page with a broken link.
        case unusedOverrideAndBrokenPage

        var testDescription: String { rawValue }

        /// A message (or part of one) of an error the build reports for this breakage.
        var expected: String {
            switch self {
            case .brokenFixture: "duplicate consult id 'hl-2026-0050'"
            case .guidePageLinks: "it leads outside the output folder"
            case .reportTemplateLinks: "the build writes no file reports/consults/missing.html"
            case .remoteStylesheetInLayout: "remote resource in reports/index.html"
            case .guardrail: "the template leaves out"
            case .homeAndIndexLinks: "the build writes no file nowhere.html"
            case .guideTemplateLinks: "remote resource in guide/exercises/"
            case .themeDoesNotParse: "cannot parse the template"
            case .missingPartial: "partial 'reports/nope.md' not found"
            case .brokenPartial: "footer.md.mustache:4:2: error: cannot parse the template"
            case .markdownTemplateWithoutPragma: "a Markdown template must start with"
            case .missingTemplatesFolder: "templates folder not found"
            case .brokenSiteSettings: "site.yml"
            case .unusedOverrideAndBrokenPage: "the build writes no file guide/pages/missing.html"
            }
        }

        /// The project before it is broken: the sample with its theme, or the CLI's broken fixture.
        func project() throws -> TemporaryProject {
            if self == .brokenPartial {
                let project = try TemporaryProject.sample()
                let consult = try #require(project.read("Templates/reports/consult.md.mustache"))
                try project.write("Templates/reports/consult.md.mustache", consult + "\n{{> reports/footer.md}}\n")
                try project.write("Templates/reports/footer.md.mustache", TemplateSet.markdownPragma + "\nClinic\n")
                return project
            }
            guard self == .brokenFixture else { return try .sample() }
            let project = try TemporaryProject()
            let fixture = TemporaryProject.repository.appendingPathComponent(
                "Tests/CarePressCLITests/Fixtures/broken/Content")
            try FileManager.default.copyItem(atPath: fixture.path, toPath: project.path("Content"))
            try FileManager.default.copyItem(
                atPath: TemporaryProject.defaultTemplates, toPath: project.path("Templates"))
            return project
        }

        /// The build options of the project (its own theme, unless the breakage names another).
        func options(_ project: TemporaryProject) -> BuildOptions {
            var options = project.ownThemeOptions(jobs: 2)
            if self == .missingTemplatesFolder { options.templatesPath = project.path("NoSuchTheme") }
            return options
        }

        /// Breaks the project.
        func apply(to project: TemporaryProject) throws {
            func edit(_ path: String, _ change: (String) -> String) throws {
                let text = try #require(project.read(path), "\(path) is there")
                let changed = change(text)
                #expect(changed != text, "\(path) was changed")
                try project.write(path, changed)
            }
            let brokenRecord = "{ \"id\": \"hl-broken\", "
            switch self {
            case .brokenFixture, .missingTemplatesFolder:
                break
            case .guidePageLinks:
                try project.write(
                    "Content/pages/links.md",
                    """
                    ---
                    title: Links
                    order: 9
                    ---
                    # Links

                    [A missing page](missing.html), [outside](../../../etc/passwd), ![remote](https://example.com/x.png),
                    [absolute](/guide/index.html), [another host](//example.com/x), [ftp](ftp://example.com/x),
                    [a folder](../), [escaped](%zz.html), [fine](../index.html), [web](https://example.com/).
                    """)
            case .reportTemplateLinks:
                try edit("Templates/reports/consult.md.mustache") {
                    $0 + "\n[Broken](missing.html) ![Remote](https://example.com/logo.png)\n"
                }
            case .remoteStylesheetInLayout:
                try edit("Templates/layouts/page.html.mustache") {
                    let remote = "<link rel=\"stylesheet\" href=\"https://cdn.example.com/x.css\">\n"
                    return $0.replacingOccurrences(of: "<head>\n", with: "<head>\n" + remote)
                }
            case .guardrail:
                try edit("Templates/reports/physio.md.mustache") {
                    $0.replacingOccurrences(of: "{{#redFlags}}\n- {{.}}\n{{/redFlags}}\n", with: "")
                }
                try edit("Templates/reports/consult.md.mustache") {
                    $0.replacingOccurrences(of: "{{site.disclaimer}}", with: "")
                }
            case .homeAndIndexLinks:
                try edit("Templates/home.md.mustache") { $0 + "\n[Nowhere](nowhere.html)\n" }
                try edit("Templates/reports/index.md.mustache") { $0 + "\n[Nowhere](../nowhere.html)\n" }
            case .guideTemplateLinks:
                try edit("Templates/guide/condition.md.mustache") { $0 + "\n[Missing](missing.html)\n" }
                try edit("Templates/guide/exercise.md.mustache") { $0 + "\n![Remote](http://example.com/x.png)\n" }
            case .themeDoesNotParse:
                try edit("Templates/reports/stack.md.mustache") { $0 + "\n{{#items}}\n" }
                try project.write("Templates/reports/consul.md.mustache", TemplateSet.markdownPragma + "\n# typo\n")
                try project.write("Content/consults/broken.json", brokenRecord)
                let sample = try #require(project.read("Content/consults/hl-2026-0001.json"))
                try project.write("Content/consults/zz-duplicate.json", sample)
            case .missingPartial:
                try edit("Templates/reports/consult.md.mustache") { $0 + "\n{{> reports/nope.md}}\n" }
            case .brokenPartial:
                try edit("Templates/reports/footer.md.mustache") { $0 + "{{#clinic}}\n" }
            case .markdownTemplateWithoutPragma:
                try edit("Templates/reports/stack.md.mustache") {
                    $0.replacingOccurrences(of: TemplateSet.markdownPragma, with: "")
                }
            case .brokenSiteSettings:
                try project.write("Content/site.yml", "title: [unclosed\n")
                try project.write("Content/physio/broken.json", brokenRecord)
            case .unusedOverrideAndBrokenPage:
                try project.write("Templates/reports/consul.md.mustache", TemplateSet.markdownPragma + "\n# typo\n")
                try project.write(
                    "Content/pages/more.md", "---\ntitle: More\norder: 8\n---\n# More\n\n[Missing](missing.html)\n")
            }
        }
    }

    /// Every diagnostic, as printed (severity, file, line, column, path, message and hint), in a stable order.
    static func printed(_ report: BuildReport) -> [String] {
        report.diagnostics.map(\.description).sorted()
    }

    /// Every file, folder and link under a folder (hidden ones too), with its kind, size and modification time.
    static func snapshot(_ root: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        for case let relative as String in enumerator {
            let attributes = (try? FileManager.default.attributesOfItem(atPath: root.path + "/" + relative)) ?? [:]
            result[relative] =
                "\(attributes[.type] ?? "?") \(attributes[.size] ?? "?") \(attributes[.modificationDate] ?? "?")"
        }
        return result
    }

    /// Checks the project, seeing that nothing under its folder changed, then builds it; both reports.
    static func checkThenBuild(_ project: TemporaryProject, _ options: BuildOptions) -> (
        check: BuildReport, build: BuildReport
    ) {
        let before = snapshot(project.root)
        let check = SiteBuilder.check(options)
        #expect(snapshot(project.root) == before, "check changed nothing in the project, and made no output folder")
        return (check, SiteBuilder.build(options))
    }

    @Test(arguments: Breakage.allCases)
    func checkReportsWhatACleanBuildReports(_ breakage: Breakage) throws {
        let project = try breakage.project()
        try breakage.apply(to: project)
        let options = breakage.options(project)
        let (check, build) = Self.checkThenBuild(project, options)
        #expect(build.hasErrors)
        #expect(
            build.diagnostics.contains { $0.severity == .error && "\($0)".contains(breakage.expected) },
            "the build reports \(breakage.expected): \(Self.printed(build))")
        #expect(Self.printed(check) == Self.printed(build))
        #expect(check.records == build.records && check.failedRecords == build.failedRecords)
        // Built again, nothing changed: the same diagnostics.
        #expect(Self.printed(SiteBuilder.build(options)) == Self.printed(build))
    }

    /// The same breakages made to a project built before (whose manifest and pages are there, and whose records
    /// the build reuses where it can).
    @Test(arguments: Breakage.allCases)
    func checkReportsWhatABuildOfAFolderBuiltBeforeReports(_ breakage: Breakage) throws {
        let project = try breakage.project()
        let options = breakage.options(project)
        var clean = options
        clean.templatesPath = project.path("Templates")
        _ = SiteBuilder.build(clean)
        try breakage.apply(to: project)
        let (check, build) = Self.checkThenBuild(project, options)
        #expect(build.hasErrors)
        #expect(Self.printed(check) == Self.printed(build))
        #expect(check.records == build.records && check.failedRecords == build.failedRecords)
    }

    /// A project with no error: check and build report the same warnings (the sample's two planted ones), and
    /// check names link errors after the output folder it is given, as build does.
    @Test func aProjectWithoutErrorsHasTheSameWarnings() throws {
        let project = try TemporaryProject.sample()
        let (check, build) = Self.checkThenBuild(project, project.ownThemeOptions(jobs: 2))
        #expect(!build.hasErrors && build.warningCount == 2)
        #expect(Self.printed(check) == Self.printed(build))
    }
}
