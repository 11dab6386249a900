import CarePress
import Foundation
import Testing

/// Finding 11 of issue 40, through the loader: a guide page whose Markdown would make cmark's time grow with the square
/// of its size is a located error (`MarkdownBounds`, tested on cmark's pathological inputs in
/// `PathologicalMarkdownTests`); the other pages are still written.
@Suite("Guide pages within cmark's bounds")
struct GuidePageBoundsTests {
    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    /// A page whose body is `body`, after three lines of front matter.
    static func page(_ body: String) -> String { "---\ntitle: Pathological\n---\n" + body }

    @Test("A guide page that passes a bound is a located error; the other pages load")
    func guidePages() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/pages/brackets.md", Self.page("Intro.\n\n" + Self.repeated("![[]()", 40000) + "\n"))
        try project.write(
            "Content/pages/lists.md", Self.page(Self.repeated("- ", 30000) + "x" + Self.repeated("\n", 300)))
        try project.write("Content/pages/quotes.md", Self.page(Self.repeated(">", 3000) + Self.repeated("a*", 3000)))
        try project.write("Content/pages/fine.md", Self.page("A [link](https://example.org) and *emphasis*.\n"))
        let report = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        #expect(
            report.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                project.path("Content/pages/brackets.md")
                    + ":6:3002: error: this paragraph opens more than 1000 links or images ('[')\n    hint: split it "
                    + "with blank lines, or write a literal '[' as '\\['; cmark takes time that grows with the square "
                    + "of the brackets of a paragraph",
                project.path("Content/pages/lists.md")
                    + ":4:65: error: block quotes and lists are nested more than 32 deep here\n    hint: nest them "
                    + "less deeply; cmark takes time that grows with the square of the nesting",
                project.path("Content/pages/quotes.md")
                    + ":4:33: error: block quotes and lists are nested more than 32 deep here\n    hint: nest them "
                    + "less deeply; cmark takes time that grows with the square of the nesting",
            ])
        let built = SiteBuilder.build(project.buildOptions())
        #expect(project.files(under: "Output/guide/pages") == ["fine.html"], "\(built.diagnostics)")
    }
}
