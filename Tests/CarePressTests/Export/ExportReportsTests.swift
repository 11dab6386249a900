import CarePress
import Foundation
import Testing

/// `markdown` exports are the very bytes `carepress build` writes for the same record; `html` exports are the built
/// page made to stand alone: its stylesheet inlined instead of linked, no breadcrumb trail, and its links to other
/// files of the site (the site's title, links into the guide) turned into their text (issue 37).
@Suite("Export: reports match the build")
struct ExportReportsTests {
    static let content = TemporaryProject.repository.appendingPathComponent("Content").path

    /// The built page with its `<link>` to the site's stylesheet replaced by the stylesheet inlined in `<style>`, its
    /// breadcrumb trail left out and each link whose address is relative (not `#`, `http:`, `https:`, `mailto:`)
    /// replaced by its text.
    static func standalone(_ built: String) throws -> String {
        let stylesheet = try String(
            contentsOfFile: TemporaryProject.defaultTemplates + "/assets/style.css", encoding: .utf8)
        let link = #"<link rel="stylesheet" href="../../assets/style.css">"# + "\n"
        #expect(built.components(separatedBy: link).count == 2, "the built page links the stylesheet once")
        let trail = try #require(built.firstMatch(of: #/<nav aria-label="Breadcrumb"[^>]*>\n(?s:.*?)</nav>\n/#))
        var page = built
        page.removeSubrange(trail.range)
        page = page.replacing(#/<a href="(?!#|https?:|mailto:)[^"]*">(?<text>.*?)</a>/#) { String($0.output.text) }
        return page.replacingOccurrences(of: link, with: "<style>\n" + stylesheet + "\n</style>\n")
    }

    @Test func everySampleRecordExportsByteForByteAsTheBuildWritesIt() throws {
        let project = try TemporaryProject()
        let report = SiteBuilder.build(
            BuildOptions(
                contentPath: Self.content, templatesPath: TemporaryProject.defaultTemplates,
                outputPath: project.path("Output")))
        #expect(!report.hasErrors, "the sample project builds: \(report.diagnostics)")
        let files = SiteProject.load(from: Self.content).recordFiles
        #expect(files.count >= 29)
        var compared = 0
        for file in files {
            for (format, extension_) in [(ExportFormat.markdown, "md"), (.html, "html")] {
                let options = ExportOptions(
                    format: format, contentPath: Self.content, templatesPath: TemporaryProject.defaultTemplates)
                let result = try Exporter.export(.file(file.path), options: options)
                let document = try #require(result.document, "\(file.path): \(result.diagnostics)")
                #expect(result.kind?.recordKind == file.kind)
                let id = try #require(recordID(file.path))
                let built = try #require(
                    FileManager.default.contents(
                        atPath: project.path("Output/" + ReportPaths.base(kind: file.kind, id: id) + "." + extension_)))
                if format == .markdown {
                    #expect(document == [UInt8](built), "\(format) of \(file.path) differs from the build")
                } else {
                    let expected = try Self.standalone(String(decoding: built, as: UTF8.self))
                    #expect(
                        String(decoding: document, as: UTF8.self) == expected,
                        "the HTML export of \(file.path) is not the built page with the stylesheet inlined")
                    #expect(!String(decoding: built, as: UTF8.self).contains("<style>"))
                }
                compared += 1
            }
        }
        #expect(compared == files.count * 2)
    }

    @Test func standardInputGivesTheSameReportAsTheFile() throws {
        let path = Self.content + "/consults/hl-2026-0003.json"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let options = ExportOptions(
            format: .html, contentPath: Self.content, templatesPath: TemporaryProject.defaultTemplates)
        let fromFile = try Exporter.export(.file(path), options: options)
        let fromStandardInput = try Exporter.export(.standardInput([UInt8](bytes)), options: options)
        #expect(fromFile.document != nil)
        #expect(fromFile.document == fromStandardInput.document)
    }

    /// The record's id as its file says it.
    private func recordID(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["id"] as? String
    }
}
