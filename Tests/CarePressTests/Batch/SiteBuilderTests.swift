import CarePress
import Foundation
import Testing

@Suite("Site build")
struct SiteBuilderTests {
    @Test func validRecordsAreWrittenAndBrokenOnesReported() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        try project.write("Content/consults/b.json", "{ \"id\": \"hl-2\" ")
        try project.write("Content/consults/c.json", Samples.consult(id: "hl-3"))
        let report = SiteBuilder.build(project.buildOptions())
        #expect(report.records == 3)
        #expect(report.failedRecords == 1)
        #expect(report.errorCount == 1)
        #expect(report.diagnostics.first?.file.hasSuffix("consults/b.json") == true)
        let files = project.files(under: "Output")
        #expect(files.contains("reports/consults/hl-1.md"))
        #expect(files.contains("reports/consults/hl-1.html"))
        #expect(files.contains("reports/consults/hl-3.html"))
        #expect(!files.contains { $0.contains("hl-2") })
        #expect(files.contains("guide/conditions/patellofemoral-pain-syndrome.html"))
        #expect(files.contains("index.html"))
        #expect(files.contains("reports/index.html"))
    }

    @Test func twoIdsWithTheSameFileNameAreAnErrorNotAnOverwrite() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/1.json", Samples.consult(id: "HL 1"))
        try project.write("Content/consults/2.json", Samples.consult(id: "hl-1"))
        try project.write("Content/consults/3.json", Samples.consult(id: "HL 1"))
        let report = SiteBuilder.build(project.buildOptions())
        let messages = report.diagnostics.map { "\(($0.file as NSString).lastPathComponent): \($0.message)" }
        #expect(
            messages == [
                "2.json: id 'hl-1' makes the same file name as id 'HL 1': reports/consults/hl-1.html",
                "3.json: duplicate consult id 'HL 1'",
            ])
        #expect(project.read("Output/reports/consults/hl-1.md")?.contains("HL 1") == true)
    }

    @Test func theSameInputGivesByteIdenticalOutput() throws {
        let project = try TemporaryProject.minimal()
        for index in 0..<20 {
            try project.write("Content/consults/\(index).json", Samples.consult(id: "hl-\(index)"))
        }
        _ = SiteBuilder.build(project.buildOptions(output: "One"))
        _ = SiteBuilder.build(project.buildOptions(output: "Two"))
        let one = project.files(under: "One")
        #expect(one == project.files(under: "Two"))
        #expect(one.count > 40)
        for file in one {
            #expect(project.read("One/\(file)") == project.read("Two/\(file)"), "\(file) differs between builds")
        }
    }

    @Test func aRebuildRewritesNothingThatDidNotChange() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        let first = SiteBuilder.build(project.buildOptions())
        let second = SiteBuilder.build(project.buildOptions())
        #expect(first.written > 0)
        #expect(first.rendered == 1)
        #expect(second.written == 0)
        #expect(second.rendered == 0)
        #expect(second.skipped == 1)
    }

    @Test func brokenSiteSettingsStopTheBuildBeforeAnythingIsWritten() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/site.yml", "title: x\nlanguage: en\n")
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        let report = SiteBuilder.build(project.buildOptions())
        #expect(report.hasErrors)
        #expect(
            report.diagnostics.filter { $0.severity == .error }.map(\.message) == ["missing required key 'disclaimer'"])
        #expect(project.files(under: "Output").isEmpty)
    }

    @Test func untrustedTextInAReportStaysText() throws {
        let project = try TemporaryProject.minimal()
        let attack = #"<script>alert(1)</script> *bold* [x](javascript:alert(1)) &amp; # h"#
        try project.write(
            "Content/consults/a.json",
            Samples.consult(id: "hl-1").replacingOccurrences(
                of: "Keep what I have", with: attack.replacingOccurrences(of: "\"", with: "\\\"")))
        let report = SiteBuilder.build(project.buildOptions())
        #expect(!report.hasErrors)
        let html = try #require(project.read("Output/reports/consults/hl-1.html"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<em>"))
        #expect(!html.contains("href=\"javascript"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; *bold* [x](javascript:alert(1)) &amp;amp; # h"))
    }
}
