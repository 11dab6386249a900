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
        #expect(html.contains("Physio recommendations (0 reports)"))
    }

    @Test func manyReportsAreSplitIntoLinkedPagesThatListEachOnce() throws {
        let summaries = Self.summaries(7, kind: .consult) + Self.summaries(4, kind: .stack)
        for jobs in [1, 3] {
            let files = try ReportsIndex.render(summaries, with: try Self.pages(), pageSize: 5, jobs: jobs)
            #expect(files.map(\.path) == ["reports/index.html", "reports/index-2.html", "reports/index-3.html"])
            let texts = files.map { String(decoding: $0.bytes, as: UTF8.self) }
            for summary in summaries {
                let link = "href=\"\(RelativeLink.to(summary.htmlPath, from: "reports/index.html"))\""
                #expect(texts.filter { $0.contains(link) }.count == 1, "\(summary.id) is listed once")
            }
            #expect(texts[0].contains("Page 1 of 3."))
            #expect(texts[0].contains("href=\"index-2.html\">Next page"))
            #expect(texts[1].contains("href=\"index.html\">Previous page"))
            #expect(texts[1].contains("href=\"index-3.html\">Next page"))
            #expect(!texts[2].contains("Next page"))
            // Page 2 holds the last two consults and the first three stacks, under both headings with full counts.
            #expect(texts[1].contains("Consults (7 reports)"))
            #expect(texts[1].contains("Supplement stacks (4 reports)"))
            #expect(!texts[1].contains("Physio recommendations"))
        }
    }
}
