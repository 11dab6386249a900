import CarePress
import Foundation
import Testing

@Suite("Template set")
struct TemplateSetTests {
    func load(_ files: [String: String], requiring: [String] = []) throws -> Result<TemplateSet, TemplateErrors> {
        let project = try TemporaryProject()
        for (name, text) in files { try project.write("Templates/\(name)", text) }
        try project.write("Templates/assets/style.css", "body { margin: 0 }\n")
        return TemplateSet.load(from: project.path("Templates"), requiring: requiring)
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
