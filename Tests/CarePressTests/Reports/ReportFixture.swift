import CarePress
import Foundation
import Testing

/// A temporary site project for report tests: records written as JSON values, built with the default theme.
struct ReportFixture {
    /// The project folder.
    let project: TemporaryProject

    /// A project with the small knowledge store and questionnaire of `TemporaryProject.minimal()`.
    static func minimal() throws -> ReportFixture {
        ReportFixture(project: try TemporaryProject.minimal())
    }

    /// A project with the repository's own knowledge store, site settings and questionnaires (no records).
    static func withSampleKnowledge() throws -> ReportFixture {
        let project = try TemporaryProject()
        let content = TemporaryProject.repository.appendingPathComponent("Content")
        try FileManager.default.createDirectory(
            at: project.root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        for item in ["site.yml", "knowledge", "schemas"] {
            try FileManager.default.copyItem(
                at: content.appendingPathComponent(item), to: project.root.appendingPathComponent("Content/\(item)"))
        }
        return ReportFixture(project: project)
    }

    /// Writes a record of a kind as JSON, from a dictionary of JSON-compatible values.
    func write(_ kind: RecordKind, _ name: String, _ record: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .prettyPrinted])
        try project.write("Content/\(kind.folder)/\(name).json", data)
    }

    /// Builds the project with the default theme, or with `templates` when given.
    @discardableResult
    func build(templates: String? = nil) -> BuildReport {
        var options = project.buildOptions()
        if let templates { options.templatesPath = templates }
        return SiteBuilder.build(options)
    }

    /// A built report file, e.g. `consults/hl-1.md`.
    func report(_ relative: String) throws -> String {
        try #require(project.read("Output/reports/\(relative)"), "reports/\(relative) was not written")
    }

    /// A copy of the default theme in the project, for tests that break a template on purpose.
    func copyOfDefaultTemplates() throws -> String {
        let copy = project.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: TemporaryProject.defaultTemplates), to: copy)
        return copy.path
    }
}

/// The report part of an HTML page, as tags and the text a reader sees.
struct ReportHTML {
    /// The HTML between `<main id="main">` and `</main>`.
    let main: String

    /// The `<main>` part of a page.
    init(page: String) throws {
        let start = try #require(page.range(of: "<main id=\"main\">"), "the page has a <main>")
        let end = try #require(page.range(of: "</main>", range: start.upperBound..<page.endIndex))
        main = String(page[start.upperBound..<end.lowerBound])
    }

    /// Every tag in `<main>`, as written.
    var tags: [String] {
        var result: [String] = []
        var rest = main[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    /// The text of `<main>` as a reader sees it, with the line structure libcmark writes for escaped free text.
    ///
    /// A hard line break (`<br />` and its newline) becomes one `\n`, a paragraph break inside a block quote or
    /// between paragraphs (`</p>\n<p>`) becomes `\n\n`; every other tag is removed and the four entities libcmark
    /// writes in text are decoded.
    var text: String {
        var text = main.replacingOccurrences(of: "<br />\n", with: "\n")
            .replacingOccurrences(of: "</p>\n<p>", with: "\n\n")
        while let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") {
            text.removeSubrange(open...close)
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
