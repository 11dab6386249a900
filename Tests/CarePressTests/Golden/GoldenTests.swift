import CarePress
import Foundation
import Testing

/// Rendered output of the sample project, compared byte for byte with reviewed golden files.
///
/// Every file under `Fixtures/golden/` is compared with the file of the same path in a fresh build of the
/// repository's `Content/` with the default `Templates/`. To add a golden file, create it empty at the output path
/// it covers; to accept a change, run the tests with `CAREPRESS_UPDATE_GOLDEN=1` and review the diff like code.
@Suite("Golden output of the sample project")
struct GoldenTests {
    /// What golden files hold in place of a report's inlined stylesheet, which is the theme's own file.
    static let stylesheetPlaceholder = "/* Templates/assets/style.css, inlined (checked by GoldenTests) */"

    /// The page with its inlined stylesheet replaced by a placeholder, after checking that it is exactly the theme's
    /// stylesheet; so a change to the theme's CSS does not rewrite every report's golden file.
    static func withoutInlinedStylesheet(_ html: String, page: String) -> String {
        guard let open = html.range(of: "<style>\n"),
            let close = html.range(of: "</style>", range: open.upperBound..<html.endIndex)
        else { return html }
        let inlined = html[open.upperBound..<close.lowerBound]
        let theme =
            (try? String(contentsOfFile: TemporaryProject.defaultTemplates + "/assets/style.css", encoding: .utf8))
            ?? ""
        #expect(
            inlined.trimmingCharacters(in: .whitespacesAndNewlines)
                == theme.trimmingCharacters(in: .whitespacesAndNewlines),
            "\(page) inlines exactly the theme's stylesheet")
        return html.replacingCharacters(in: open.upperBound..<close.lowerBound, with: stylesheetPlaceholder + "\n")
    }

    static let goldenFolder = TemporaryProject.repository.appendingPathComponent("Tests/CarePressTests/Fixtures/golden")

    @Test func renderedFilesMatchTheirGoldenFiles() throws {
        let project = try TemporaryProject()
        let report = SiteBuilder.build(
            BuildOptions(
                contentPath: TemporaryProject.repository.appendingPathComponent("Content").path,
                templatesPath: TemporaryProject.defaultTemplates, outputPath: project.path("Output")))
        #expect(!report.hasErrors, "the sample project builds: \(report.diagnostics)")
        let update = ProcessInfo.processInfo.environment["CAREPRESS_UPDATE_GOLDEN"] == "1"
        let goldens = TemporaryProject.listFiles(under: Self.goldenFolder.path).filter { !$0.hasSuffix("README.md") }
        #expect(goldens.count >= 6, "golden files cover a sample of pages")
        for relative in goldens {
            let golden = Self.goldenFolder.appendingPathComponent(relative)
            let actual = Self.withoutInlinedStylesheet(
                try #require(project.read("Output/\(relative)"), "\(relative) was not built"), page: relative)
            if update {
                try Data(actual.utf8).write(to: golden)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            if actual != expected {
                let line = zip(
                    actual.split(separator: "\n", omittingEmptySubsequences: false),
                    expected.split(separator: "\n", omittingEmptySubsequences: false)
                )
                .enumerated().first { $0.element.0 != $0.element.1 }
                Issue.record(
                    "\(relative) differs from its golden file at line \((line?.offset ?? 0) + 1):\n- \(line?.element.1 ?? "")\n+ \(line?.element.0 ?? "")\nrun with CAREPRESS_UPDATE_GOLDEN=1 to accept, then review the diff"
                )
            }
        }
    }
}
