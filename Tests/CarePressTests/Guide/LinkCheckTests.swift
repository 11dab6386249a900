import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

@Suite("Link check")
struct LinkCheckTests {
    /// A copy of the default theme that a test may break.
    static func copyOfDefaultTemplates(in project: TemporaryProject) throws -> String {
        let folder = project.path("Templates")
        try FileManager.default.copyItem(atPath: TemporaryProject.defaultTemplates, toPath: folder)
        return folder
    }

    static func append(_ text: String, to template: String, in folder: String) throws {
        let path = folder.appendingPathComponent(template)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try (original + text).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aTemplateWithABrokenLinkFailsTheBuildAndTheErrorNamesThePage() throws {
        let project = try TemporaryProject.minimal()
        let templates = try Self.copyOfDefaultTemplates(in: project)
        try Self.append("\n[Nowhere](../nowhere.html)\n", to: "guide/exercise.md.mustache", in: templates)
        var options = project.buildOptions()
        options.templatesPath = templates
        let report = SiteBuilder.build(options)
        #expect(report.hasErrors)
        let errors = report.diagnostics.filter { $0.severity == .error }
        // One error per exercise page, each naming its page, in the file and in the message.
        #expect(errors.count == 3)
        let error = try #require(errors.first { $0.file.hasSuffix("Output/guide/exercises/quad-sets.html") })
        #expect(
            error.message
                == "broken link in guide/exercises/quad-sets.html: <a href=\"../nowhere.html\">: the build writes no file guide/nowhere.html"
        )
        #expect(error.position.line > 1)
        // Everything else is still written, so the broken page can be looked at.
        #expect(project.read("Output/guide/exercises/quad-sets.html")?.contains("../nowhere.html") == true)
    }

    @Test func aRemoteScriptInTheLayoutFailsTheBuildOnEveryPage() throws {
        let project = try TemporaryProject.minimal()
        let templates = try Self.copyOfDefaultTemplates(in: project)
        let layout = templates.appendingPathComponent("layouts/page.html.mustache")
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        try text.replacingOccurrences(
            of: "</head>", with: "<script src=\"https://cdn.example.com/lib.js\"></script>\n</head>"
        ).write(toFile: layout, atomically: true, encoding: .utf8)
        var options = project.buildOptions()
        options.templatesPath = templates
        let report = SiteBuilder.build(options)
        let pages = project.files(under: "Output").filter { $0.hasSuffix(".html") }
        let remote = report.diagnostics.filter { $0.message.hasPrefix("remote resource in ") }
        #expect(!pages.isEmpty)
        #expect(remote.count == pages.count)
        #expect(
            remote.contains {
                $0.message
                    == "remote resource in guide/index.html: <script src=\"https://cdn.example.com/lib.js\">: the site must work offline, so ship the file with it"
            })
    }

    @Test func theMinimalProjectAndItsAssetsHaveNoBrokenLinks() throws {
        let project = try TemporaryProject.minimal()
        let report = SiteBuilder.build(project.buildOptions())
        #expect(!report.hasErrors, "\(report.diagnostics)")
    }

    @Test func linksAreReadFromEveryURLAttributeWithTheirPositions() {
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><link rel="stylesheet" href="../assets/style.css">
            <style>a[href="x.html"] { color: red }</style>
            <script>var s = '<a href="in-script.html">';</script>
            </head><body>
            <!-- <a href="commented.html"> -->
            <a class=x href=unquoted.html>u</a> <A HREF='single.html?a=1&amp;b=2'>s</A>
            <img alt="" src="pic%20one.png" srcset="small.png 1x, large.png 2x">
            <form action="search.html"></form><a href="&#35;top">t</a>
            </body></html>
            """
        let links = LinkCheck.links(in: html)
        #expect(
            links.map { "\($0.element) \($0.attribute) \($0.url)" } == [
                "link href ../assets/style.css",
                "a href unquoted.html",
                "a href single.html?a=1&b=2",
                "img src pic%20one.png",
                "img srcset small.png",
                "img srcset large.png",
                "form action search.html",
                "a href #top",
            ])
        #expect(links[0].position == SourcePosition(line: 2, column: 52))
        #expect(links[1].position == SourcePosition(line: 7, column: 17))
        #expect(links[2].position == SourcePosition(line: 7, column: 46))
    }

    @Test(arguments: [
        ("a", "href", "../exercises/step-ups.html", LinkCheck.Target.file("guide/exercises/step-ups.html")),
        ("a", "href", "./step-ups.html#steps", .file("guide/conditions/step-ups.html")),
        ("a", "href", "../index.html?q=knee%20pain", .file("guide/index.html")),
        ("a", "href", "../../index.html", .file("index.html")),
        ("img", "src", "../pictures/a%20b.svg", .file("guide/pictures/a b.svg")),
        ("a", "href", "../areas/", .file("guide/areas/")),
        ("a", "href", "#red-flags", .skipped),
        ("a", "href", "?q=knee", .skipped),
        ("a", "href", "", .skipped),
        ("a", "href", "https://www.nhs.uk/", .skipped),
        ("a", "href", "mailto:help@example.com", .skipped),
        ("img", "src", "data:image/png;base64,AAAA", .skipped),
        ("img", "src", "https://example.com/x.png", .remote),
        ("script", "src", "HTTP://example.com/x.js", .remote),
        ("link", "href", "https://fonts.example.com/a.css", .remote),
        ("a", "href", "//cdn.example.com/x", .invalid("it points to another host; links must be relative")),
        (
            "a", "href", "/guide/index.html",
            .invalid("an absolute path points to the top of the disk when the site is opened from a file")
        ),
        ("a", "href", "../../../etc/passwd", .invalid("it leads outside the output folder")),
        ("a", "href", "file:///tmp/x.html", .invalid("a 'file:' link does not work when the site is copied elsewhere")),
        ("a", "href", "bad%zz.html", .invalid("it has a malformed percent escape")),
    ])
    func linksResolveAgainstThePage(element: String, attribute: String, url: String, expected: LinkCheck.Target) {
        let link = LinkCheck.Link(element: element, attribute: attribute, url: url, position: .start)
        #expect(LinkCheck.target(of: link, from: "guide/conditions/acl-tear.html") == expected)
    }

    @Test func aLinkToAFolderIsBrokenWithAHint() {
        let page = OutputFile(path: "guide/index.html", text: "<a href=\"areas/\">Areas</a>")
        let area = OutputFile(path: "guide/areas/knee.html", text: "<p>Knee</p>")
        let diagnostics = LinkCheck.diagnostics(for: [page, area], outputFolder: "Output")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == "Output/guide/index.html")
        #expect(diagnostics.first?.hint?.contains("index.html") == true)
    }

    @Test func characterReferencesAreDecoded() {
        #expect(HTMLScanner.decodeReferences("a&amp;b&lt;&#38;&#x26;&quot;&nbsp;&") == "a&b<&&\"&nbsp;&")
    }
}

@Suite("Link targets known before rendering")
struct GuidePathsTests {
    @Test func guidePathsListExactlyThePagesTheGuideRenders() throws {
        let project = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)
        let templates = try TemplateSet.load(from: TemporaryProject.defaultTemplates).get()
        let site = try #require(project.site)
        let guide = GuideSite(project: project, pages: PageRenderer(templates: templates, site: site))
        let rendered = try guide.render().map(\.path)
        #expect(guide.paths.sorted() == rendered.sorted())
        #expect(rendered.count > 100)
    }
}

@Suite("Link check on bytes")
struct LinkCheckBytesTests {
    /// The byte-level reading of the links CarePress writes gives what the general reading gives.
    @Test func plainLinksResolveAsTheGeneralReadingDoes() {
        var generator = SplitMix64(seed: 20_261_124)
        let pieces = [
            "..", ".", "guide", "conditions", "acl-tear.html", "a_b", "x~y", "index.html", "", "#top", "?q=1",
        ]
        let pages = ["index.html", "guide/index.html", "reports/consults/hl-1.html", "guide/conditions/a.html"]
        var compared = 0
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...5, using: &generator)
            let url = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
                .joined(separator: Bool.random(using: &generator) ? "/" : "")
            let page = pages[Int.random(in: 0..<pages.count, using: &generator)]
            let link = LinkCheck.Link(element: "a", attribute: "href", url: url, position: .start)
            guard let plain = LinkCheck.plainTarget(url, from: page) else { continue }
            #expect(plain == LinkCheck.generalTarget(of: link, from: page), "\(url) from \(page)")
            compared += 1
        }
        #expect(compared > 2_000)
    }

    @Test func markupInsideStyleAndScriptIsSkippedWhateverItsCase() {
        let html = """
            <style>a[href="in-style.html"]{}</STYLE ><a href="after-style.html">
            <SCRIPT>document.write('<a href="in-script.html">')</sCrIpT><img src="after-script.png">
            <p>\u{0600}<a href="glued.html">\u{0301}</a></p>
            """
        #expect(LinkCheck.links(in: html).map(\.url) == ["after-style.html", "after-script.png", "glued.html"])
        #expect(LinkCheck.links(in: html)[2].position == SourcePosition(line: 3, column: 14))
    }

    @Test func aBrokenLinkInAReportTemplateFailsThatRecordAndNamesThePage() throws {
        let project = try TemporaryProject.minimal()
        let templates = try LinkCheckTests.copyOfDefaultTemplates(in: project)
        try LinkCheckTests.append("\n[Nowhere](../nowhere.html)\n", to: "reports/consult.md.mustache", in: templates)
        try project.write("Content/consults/hl-1.json", Samples.consult(id: "hl-1"))
        var options = project.buildOptions()
        options.templatesPath = templates
        let report = SiteBuilder.build(options)
        let error = try #require(
            report.diagnostics.first { $0.message.hasPrefix("broken link in reports/") }, "\(report.diagnostics)")
        #expect(error.file.hasSuffix("Output/reports/consults/hl-1.html"))
        #expect(
            error.message.hasPrefix(
                "broken link in reports/consults/hl-1.html: <a href=\"../nowhere.html\">: the build writes no file reports/nowhere.html"
            ))
        #expect(error.position.line > 1)
        #expect(report.failedRecords == 1)
    }
}
