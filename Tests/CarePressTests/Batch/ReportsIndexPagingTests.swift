import Foundation
import Testing

@testable import CarePress

/// The reports index lists every report, a page at a time.
@Suite("Reports index pages")
struct ReportsIndexPagingTests {
    static func pages() throws -> PageRenderer {
        let project = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)
        let templates = try TemplateSet.load(from: TemporaryProject.defaultTemplates).get()
        return PageRenderer(templates: templates, site: try #require(project.site))
    }

    static func summaries(_ count: Int, kind: RecordKind) -> [ReportSummary] {
        (0..<count).map { index in
            ReportSummary(
                kind: kind, id: "\(kind.rawValue)-\(index)", title: "Report \(index)", status: "Completed",
                detail: "detail",
                date: Timestamp(rfc3339: "2026-01-01T00:00:\(String(format: "%02d", index % 60))Z"),
                htmlPath: ReportPaths.html(kind: kind, id: "\(kind.rawValue)-\(index)"))
        }
    }

    @Test func reportsThatFitMakeOnePageWithoutPageLinks() throws {
        let files = try ReportsIndex.render(Self.summaries(5, kind: .consult), with: try Self.pages(), pageSize: 10)
        #expect(files.map(\.path) == ["reports/index.html"])
        let html = String(decoding: try #require(files.first).bytes, as: UTF8.self)
        #expect(!html.contains("Page 1 of"))
        #expect(html.contains("No report needs attention."))
        #expect(html.contains("Other reports (5 reports)</h2>"))
    }

    @Test func manyReportsAreSplitIntoLinkedPagesThatListEachOnceInTriageOrder() throws {
        var summaries = Self.summaries(7, kind: .consult) + Self.summaries(4, kind: .stack)
        // The oldest consult is urgent and one stack is for review: they lead page 1, before every newer report.
        summaries[0].attention = Attention(level: .urgent, reasons: ["1 urgent answer: Pain"])
        summaries[8].attention = Attention(level: .review, reasons: ["1 caution"])
        for jobs in [1, 3] {
            let files = try ReportsIndex.render(summaries, with: try Self.pages(), pageSize: 5, jobs: jobs)
            #expect(files.map(\.path) == ["reports/index.html", "reports/index-2.html", "reports/index-3.html"])
            let texts = files.map { String(decoding: $0.bytes, as: UTF8.self) }
            for summary in summaries {
                let link = "href=\"\(RelativeLink.to(summary.htmlPath, from: "reports/index.html"))\""
                #expect(texts.filter { $0.contains(link) }.count == 1, "\(summary.id) is listed once")
            }
            let first = try #require(texts.first)
            let urgent = try #require(first.range(of: "href=\"consults/consult-0.html\""))
            let review = try #require(first.range(of: "href=\"stacks/stack-1.html\""))
            let newest = try #require(first.range(of: "href=\"consults/consult-6.html\""))
            #expect(urgent.lowerBound < review.lowerBound && review.lowerBound < newest.lowerBound)
            for text in texts { #expect(text.contains("2 reports need attention (1 urgent).")) }
            #expect(texts[0].contains("Page 1 of 3</p>"))
            #expect(texts[0].contains("href=\"index-2.html\" rel=\"next\">Next"))
            #expect(texts[1].contains("href=\"index.html\" rel=\"prev\">Previous"))
            #expect(texts[1].contains("href=\"index-3.html\" rel=\"next\">Next"))
            #expect(!texts[2].contains("rel=\"next\""))
            // The other reports begin on page 1 and go on over pages 2 and 3, under one heading with the full count.
            #expect(texts[0].contains("Other reports (9 reports)</h2>"))
            #expect(texts[1].contains("Other reports (9 reports), continued</h2>"))
            #expect(!texts[1].contains("Urgent"))
        }
    }
}
