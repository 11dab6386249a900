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
            let actual = try #require(project.read("Output/\(relative)"), "\(relative) was not built")
            // Built pages link the site's stylesheet; only `export --format html` inlines it.
            #expect(!actual.contains("<style>"), "\(relative) carries no copy of the stylesheet")
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
