import Foundation
import Testing

@testable import CarePress

/// The repository's sample project, built once for the guide's tests.
struct BuiltSample: Sendable {
    /// The temporary project that holds the output; kept so its folder lives as long as the sample.
    let project: TemporaryProject
    let output: String
    let report: BuildReport
    let knowledge: KnowledgeStore
    let site: Site
    let pages: [GuidePage]

    static let shared: BuiltSample? = {
        guard let project = try? TemporaryProject() else { return nil }
        let content = TemporaryProject.repository.appendingPathComponent("Content").path
        let options = BuildOptions(
            contentPath: content, templatesPath: TemporaryProject.defaultTemplates, outputPath: project.path("Output"))
        let loaded = SiteProject.load(from: content)
        guard let site = loaded.site else { return nil }
        return BuiltSample(
            project: project, output: options.outputPath, report: SiteBuilder.build(options),
            knowledge: loaded.knowledge, site: site,
            pages: loaded.pages)
    }()

    static func load() throws -> BuiltSample { try #require(shared, "the sample project builds") }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: output.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent(path)) }

    /// Every guide page the build wrote, relative to the output folder.
    var guidePages: [String] {
        TemporaryProject.listFiles(under: output.appendingPathComponent("guide")).map { "guide/\($0)" }
            .filter { $0.hasSuffix(".html") }
    }
}

/// Small readers for the HTML the theme writes.
enum HTML {
    /// The `href`s of the `<a>` elements in a piece of HTML, in order.
    static func hrefs(_ html: some StringProtocol) -> [String] {
        LinkCheck.links(in: String(html)).filter { $0.element == "a" && $0.attribute == "href" }.map(\.url)
    }

    /// The levels of the headings (`<h1>` → 1), in order.
    static func headingLevels(_ html: String) -> [Int] {
        html.matches(of: /<h([1-6])[\s>]/).compactMap { Int($0.output.1) }
    }

    /// The text between the first occurrence of `start` and the next `end` after it.
    static func between(_ html: String, _ start: String, _ end: String) -> Substring? {
        guard let from = html.range(of: start), let to = html[from.upperBound...].range(of: end) else { return nil }
        return html[from.upperBound..<to.lowerBound]
    }

    /// Text as the theme's HTML escapes it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Resolves a relative link of a page to a path in the output folder.
    static func resolve(_ href: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        let path = href.split(separator: "#", omittingEmptySubsequences: false)[0]
        for part in path.split(separator: "/") {
            if part == ".." { parts.removeLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}

@Suite("Guide site of the sample project")
struct GuideSiteTests {
    @Test func theSampleBuildHasNoErrors() throws {
        let sample = try BuiltSample.load()
        #expect(!sample.report.hasErrors, "\(sample.report.diagnostics.filter { $0.severity == .error })")
    }

    @Test func everyGuidePageHasLandmarksBreadcrumbsTheDisclaimerAndHeadingsInOrder() throws {
        let sample = try BuiltSample.load()
        let pages = sample.guidePages
        #expect(
            pages.count
                == 1 + sample.knowledge.areas.count + sample.knowledge.conditions.count
                + sample.knowledge.exercises.count + 1 + sample.pages.count)
        for page in pages {
            let html = try sample.read(page)
            #expect(html.contains("<html lang=\"en\">"), "\(page)")
            #expect(html.contains("<a class=\"skip-link\" href=\"#main\">Skip to content</a>"), "\(page)")
            #expect(html.contains("<main id=\"main\">"), "\(page)")
            #expect(html.contains("<nav aria-label=\"Breadcrumb\" class=\"breadcrumbs\">"), "\(page)")
            #expect(html.contains("<span aria-current=\"page\">"), "\(page)")
            #expect(html.contains(HTML.escaped(sample.site.disclaimer)), "\(page)")
            let levels = HTML.headingLevels(html)
            #expect(levels.first == 1, "\(page) starts with its h1")
            #expect(levels.filter { $0 == 1 }.count == 1, "\(page) has one h1")
            for (previous, next) in zip(levels, levels.dropFirst()) {
                #expect(next <= previous + 1, "\(page) skips from h\(previous) to h\(next)")
            }
        }
    }

    /// A page's `<title>` names the page, then the site; the site's home page, named after the site, names it once.
    @Test func eachPageTitleNamesThePageThenTheSiteAndTheHomePageTheSiteOnce() throws {
        let sample = try BuiltSample.load()
        let name = HTML.escaped(sample.site.title)
        #expect(try sample.read("index.html").contains("<title>\(name)</title>"))
        #expect(try sample.read(GuidePaths.home).contains("<title>Search and browse · \(name)</title>"))
        #expect(try sample.read("reports/index.html").contains("<title>Reports · \(name)</title>"))
    }

    @Test func theHomePageHasTheSearchTheStarterChipsAndEveryBodyArea() throws {
        let sample = try BuiltSample.load()
        let html = try sample.read(GuidePaths.home)
        #expect(html.contains("<script src=\"../assets/search-index.js\" defer></script>"))
        #expect(html.contains("<script src=\"../assets/search.js\" defer></script>"))
        #expect(html.contains("<label for=\"search-concern\">"))
        #expect(html.contains("<input type=\"search\" id=\"search-concern\""))
        #expect(html.contains("aria-live=\"polite\""))
        #expect(!sample.site.starterPrompts.isEmpty)
        for prompt in sample.site.starterPrompts {
            let text = HTML.escaped(prompt)
            #expect(html.contains("<button type=\"button\" class=\"chip\" data-concern=\"\(text)\">\(text)</button>"))
        }
        for area in sample.knowledge.areas {
            #expect(html.contains("<option value=\"\(area.id)\">\(HTML.escaped(area.name))</option>"))
            #expect(html.contains("<a href=\"areas/\(Slug.make(area.id)).html\">\(HTML.escaped(area.name))</a>"))
        }
        // Without JavaScript the form stays hidden and a note says why; the body areas still show.
        #expect(html.contains("data-search hidden>"))
        #expect(html.contains("<noscript>"))
    }

    @Test func everyAreaPageListsItsConditions() throws {
        let sample = try BuiltSample.load()
        for area in sample.knowledge.areas {
            let path = GuidePaths.area(area.id)
            let links = HTML.hrefs(try sample.read(path)).map { HTML.resolve($0, from: path) }
            let conditions = sample.knowledge.conditions(in: area.id)
            #expect(!conditions.isEmpty, "\(area.id) has conditions")
            for condition in conditions {
                #expect(links.contains(GuidePaths.condition(condition)), "\(path) links \(condition.name)")
            }
        }
    }

    @Test func everyConditionPageHasAnUrgentCalloutInWordsAndItsExercisesByPhase() throws {
        let sample = try BuiltSample.load()
        for condition in sample.knowledge.conditions {
            let path = GuidePaths.condition(condition)
            let html = try sample.read(path)
            let callout = try #require(
                HTML.between(html, "<aside class=\"callout urgent\" aria-labelledby=\"red-flags-title\">", "</aside>"),
                "\(path) has the urgent-care callout")
            #expect(callout.contains("Urgent: get medical help if</h2>"), "\(path) states the severity in words")
            for flag in condition.redFlags {
                #expect(callout.contains("<li>\(HTML.escaped(flag))</li>"), "\(path) lists '\(flag)'")
            }
            if let recovery = condition.typicalRecovery {
                #expect(html.contains("<strong>Typical recovery:</strong> \(HTML.escaped(recovery))"), "\(path)")
            }
            // The callout comes before the exercises, and the phases come in order with each exercise under its own.
            let exercisesStart = try #require(html.range(of: "<h2>Exercises by phase</h2>"))
            #expect(html.range(of: "<aside")!.lowerBound < exercisesStart.lowerBound)
            let exercisesHTML = html[exercisesStart.upperBound...]
            var lastPhase = 0
            for exercise in condition.exercises.compactMap(sample.knowledge.exercise(named:)) {
                let phase = try #require(sample.knowledge.phase(exercise.phase))
                let heading = "<h3>Phase \(phase.order): \(HTML.escaped(phase.name))</h3>"
                let headingRange = try #require(exercisesHTML.range(of: heading), "\(path) has \(heading)")
                let link = "<a href=\"../exercises/\(exercise.slug).html\">\(HTML.escaped(exercise.name))</a>"
                let linkRange = try #require(exercisesHTML.range(of: link), "\(path) links \(exercise.name)")
                #expect(headingRange.upperBound < linkRange.lowerBound)
                let nextHeading = exercisesHTML[headingRange.upperBound...].range(of: "<h3>")
                #expect(
                    nextHeading.map { linkRange.upperBound < $0.lowerBound } ?? true, "\(exercise.name) in \(heading)")
                lastPhase = max(lastPhase, phase.order)
            }
            let levels = exercisesHTML.matches(of: /<h3>Phase (\d+):/).compactMap { Int($0.output.1) }
            #expect(levels == levels.sorted(), "\(path) lists phases in order")
            #expect(lastPhase > 0)
        }
    }

    @Test func everyExercisePageHasStepsDosageCautionsAndTheConditionsThatUseIt() throws {
        let sample = try BuiltSample.load()
        for exercise in sample.knowledge.exercises {
            let path = GuidePaths.exercise(exercise)
            let html = try sample.read(path)
            #expect(html.contains("<strong>How much:</strong> \(HTML.escaped(exercise.dosage))"), "\(path)")
            let steps = try #require(HTML.between(html, "<h2>Steps</h2>\n<ol>", "</ol>"), "\(path) has steps")
            #expect(steps.matches(of: /<li>/).count == exercise.steps.count, "\(path)")
            for caution in exercise.cautions {
                #expect(html.contains("<li>\(HTML.escaped(caution))</li>"), "\(path)")
            }
            let users = sample.knowledge.conditions(using: exercise)
            let links = HTML.hrefs(HTML.between(html, "<h2>Used for</h2>", "</ul>") ?? "")
            #expect(links == users.map { "../conditions/\($0.slug).html" }, "\(path)")
        }
    }

    @Test func thePhasesPageListsEveryPhaseInOrderAndEveryExerciseOnce() throws {
        let sample = try BuiltSample.load()
        let html = try sample.read(GuidePaths.phases)
        let orders = html.matches(of: /<h2>Phase (\d+):/).compactMap { Int($0.output.1) }
        #expect(orders == sample.knowledge.phases.map(\.order))
        let links = HTML.hrefs(html).filter { $0.hasPrefix("exercises/") }
        #expect(links.sorted() == sample.knowledge.exercises.map { "exercises/\($0.slug).html" }.sorted())
    }

    @Test func contentPagesAreRenderedWithTheirTitles() throws {
        let sample = try BuiltSample.load()
        #expect(sample.pages.count >= 3)
        for page in sample.pages {
            let html = try sample.read(GuidePaths.page(page))
            #expect(html.contains("<title>\(HTML.escaped(page.title)) · \(HTML.escaped(sample.site.title))</title>"))
            #expect(html.contains("<span aria-current=\"page\">\(HTML.escaped(page.title))</span>"))
        }
    }

    @Test func everyLinkOfTheGuideLeadsToAFileTheBuildWrote() throws {
        let sample = try BuiltSample.load()
        var checked = 0
        for page in sample.guidePages {
            for link in LinkCheck.links(in: try sample.read(page)) where !link.url.hasPrefix("#") {
                #expect(!link.url.contains("://"), "\(page) links outside: \(link.url)")
                let target = HTML.resolve(link.url, from: page)
                #expect(sample.exists(target), "\(page) links to \(link.url), which was not built")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test(arguments: [
        (30, "About 30 seconds"), (90, "About 90 seconds"), (120, "About 2 minutes"), (300, "About 5 minutes"),
    ])
    func durationsReadNaturally(seconds: Int, text: String) {
        #expect(GuideSite.duration(seconds) == text)
    }
}
