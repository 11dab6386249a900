import CarePress
import Foundation
import Testing

@Suite("Template set")
struct TemplateSetTests {
    func load(
        _ files: [String: String], requiring: [String] = [], parsing: TemplateSet.Parsing = .now
    ) throws -> Result<TemplateSet, TemplateErrors> {
        let project = try TemporaryProject()
        for (name, text) in files { try project.write("Templates/\(name)", text) }
        try project.write("Templates/assets/style.css", "body { margin: 0 }\n")
        return TemplateSet.load(from: project.path("Templates"), requiring: requiring, parsing: parsing)
    }

    func errors(_ result: Result<TemplateSet, TemplateErrors>) -> [Diagnostic] {
        if case .failure(let errors) = result { return errors.diagnostics }
        return []
    }

    @Test func markdownTemplatesEscapeValues() throws {
        let set = try load(["a.md.mustache": "{{% CONTENT_TYPE: MARKDOWN }}\n# {{title}}\n"]).get()
        let text = try set.render("a.md", ["title": "*not emphasis* <b>"])
        #expect(CommonMark.html(from: text) == "<h1>*not emphasis* &lt;b&gt;</h1>\n")
    }

    @Test func aMarkdownTemplateWithoutThePragmaIsAnError() throws {
        let diagnostics = errors(try load(["reports/x.md.mustache": "# {{title}}\n"]))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file.hasSuffix("Templates/reports/x.md.mustache") == true)
        #expect(diagnostics.first?.message == "a Markdown template must start with {{% CONTENT_TYPE: MARKDOWN }}")
    }

    @Test func parseErrorsNameTheFileAndLine() throws {
        let diagnostics = errors(try load(["page.html.mustache": "<p>\n{{#items}}\n<li>{{name}}</li>\n{{/things}}\n"]))
        let error = try #require(diagnostics.first)
        #expect(error.file.hasSuffix("Templates/page.html.mustache"))
        #expect(error.position.line == 4)
        #expect(
            error.message
                == "cannot parse the template: a section is closed with a different name than it was opened with")
    }

    /// A theme that parsed before (a no-op build's) is parsed when a template is first rendered; were it to fail,
    /// that render throws the errors `load` would have returned.
    @Test func templatesParsedWhenRenderedGiveTheSameOutputAndTheSameErrors() throws {
        let broken = ["page.html.mustache": "<p>\n{{#items}}\n<li>{{name}}</li>\n{{/things}}\n"]
        let now = errors(try load(broken))
        let later = try load(broken, parsing: .whenRendered).get()
        #expect(later.names == ["page.html"])
        #expect(!now.isEmpty)
        #expect(throws: TemplateErrors.self) { try later.render("page.html", ["items": [["name": "a"]]]) }
        do {
            try later.parse()
            Issue.record("a template that does not parse was parsed")
        } catch {
            // The same diagnostics, but for the temporary folder each load wrote its templates to.
            func located(_ diagnostics: [Diagnostic]) -> [String] {
                diagnostics.map {
                    "\(($0.file as NSString).lastPathComponent):\($0.position): \($0.message) \($0.path)"
                }
            }
            #expect(located(error.diagnostics) == located(now))
        }

        let good = [
            "page.html.mustache": "<ul>{{#items}}<li>{{> item.html}}</li>{{/items}}</ul>\n",
            "item.html.mustache": "{{name}} &amp; {{{name}}}",
        ]
        let context: [String: Any] = ["items": [["name": "<b>"], ["name": "é"]]]
        let parsed = try load(good).get()
        let unparsed = try load(good, parsing: .whenRendered).get()
        #expect(unparsed.names == parsed.names)
        #expect(try unparsed.render("page.html", context) == parsed.render("page.html", context))
        #expect(unparsed.compiledNames == parsed.compiledNames)
    }

    @Test func missingPartialsAndRequiredTemplatesAreErrors() throws {
        let diagnostics = errors(
            try load(["page.html.mustache": "<p>\n  {{> partials/header}}\n"], requiring: ["reports/consult.md"]))
        let lines = diagnostics.map { "\(($0.file as NSString).lastPathComponent):\($0.position): \($0.message)" }
        #expect(lines.contains("page.html.mustache:2:3: partial 'partials/header' not found"))
        #expect(lines.contains("Templates:1:1: template not found: reports/consult.md.mustache"))
    }

    /// Lines end at line feeds, CRLF included; columns count Unicode scalars.
    @Test func missingPartialsAreLocatedInCRLFTemplatesAfterWideCharacters() throws {
        let diagnostics = errors(try load(["page.html.mustache": "<p>\r\n é {{> a}}{{>b}}\r\n{{> c}} {{! > d}}\r\n"]))
        let lines = diagnostics.map { "\($0.position): \($0.message)" }.sorted()
        #expect(
            lines == [
                "2:11: partial 'b' not found", "2:4: partial 'a' not found", "3:1: partial 'c' not found",
            ])
    }
}
