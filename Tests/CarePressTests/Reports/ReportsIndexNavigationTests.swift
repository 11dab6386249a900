import Foundation
import Testing

@testable import CarePress

/// How a clinician finds their way through the triage index: pages small enough to use, page links at the top and
/// the bottom, entries named by their patient, and what the filter can search.
@Suite("Reports index navigation")
struct ReportsIndexNavigationTests {
    static func summaries(_ count: Int) -> [ReportSummary] {
        (0..<count).map { index in
            ReportSummary(
                kind: .consult, id: "hl-\(index)", title: "Hair loss consultation", patient: "Patient \(index)",
                status: "Completed", detail: "",
                date: Timestamp(
                    rfc3339: "2026-01-01T00:\(String(format: "%02d", index / 60 % 60)):"
                        + "\(String(format: "%02d", index % 60))Z"),
                htmlPath: ReportPaths.html(kind: .consult, id: "hl-\(index)"))
        }
    }

    static func text(_ file: OutputFile) -> String { String(decoding: file.bytes, as: UTF8.self) }

    /// The `<nav>` elements of a page, as written.
    static func navs(_ html: String) -> [String] {
        html.components(separatedBy: "<nav class=\"index-pages\"").dropFirst().map {
            String($0[..<($0.range(of: "</nav>")?.lowerBound ?? $0.endIndex)])
        }
    }

    @Test func aPageListsAtMostTwoHundredReports() throws {
        #expect(ReportsIndex.pageSize <= 200)
        let files = try ReportsIndex.render(
            Self.summaries(ReportsIndex.pageSize * 2 + 1), with: try ReportsIndexPagingTests.pages())
        #expect(files.count == 3)
        for file in files {
            let entries = Self.text(file).components(separatedBy: "<li><strong><a href=").count - 1
            #expect(entries <= ReportsIndex.pageSize && entries > 0, "\(file.path): \(entries)")
        }
    }

    @Test func everyPageHasItsLinksAsANavigationAtTheTopAndTheBottom() throws {
        let files = try ReportsIndex.render(Self.summaries(40), with: try ReportsIndexPagingTests.pages(), pageSize: 5)
        #expect(files.count == 8)
        for (index, file) in files.enumerated() {
            let html = Self.text(file)
            let navs = Self.navs(html)
            #expect(navs.count == 2, "\(file.path): page links at the top and the bottom")
            let labels = navs.compactMap { $0.range(of: "aria-label=\"[^\"]+\"", options: .regularExpression) }
                .enumerated().map { navs[$0.offset][$0.element] }
            #expect(labels.count == 2 && Set(labels).count == 2, "each navigation is named apart: \(labels)")
            // One before every entry, one after them all.
            let first = try #require(html.range(of: "<li><strong><a href=")).lowerBound
            let last = try #require(html.range(of: "<li><strong><a href=", options: .backwards)).lowerBound
            let tops = html.ranges(of: "<nav class=\"index-pages\"").map(\.lowerBound)
            #expect(tops.count == 2 && tops[0] < first && tops[1] > last)
            let here = ReportsIndex.path(page: index + 1).dropFirst("reports/".count)
            for nav in navs {
                #expect(nav.contains("Page \(index + 1) of 8"))
                #expect(nav.components(separatedBy: "aria-current=\"page\"").count == 2, "one current page")
                #expect(nav.contains("<a href=\"\(here)\" aria-current=\"page\">"), "\(nav)")
                #expect(nav.contains("rel=\"prev\"") == (index > 0))
                #expect(nav.contains("rel=\"next\"") == (index < 7))
                #expect(!nav.contains("- ["), "no Markdown list left over")
            }
        }
        // A single page needs no page links.
        let one = try ReportsIndex.render(Self.summaries(3), with: try ReportsIndexPagingTests.pages(), pageSize: 5)
        #expect(Self.navs(Self.text(try #require(one.first))).isEmpty)
    }

    @Test func thePageLinksShowTheEndsAndTheNeighboursWhateverTheNumberOfPages() {
        for pageCount in 1...14 {
            for page in 1...pageCount {
                let links = ReportsIndexPage.Links(page: page, of: pageCount, from: ReportsIndex.path(page: page))
                let numbers = links.pages.compactMap { $0.number.flatMap(Int.init) }
                #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count)
                #expect(numbers.first == 1 && numbers.last == pageCount)
                for near in max(1, page - 2)...min(pageCount, page + 2) {
                    #expect(numbers.contains(near), "page \(page) of \(pageCount) links \(near)")
                }
                #expect(links.pages.filter(\.current).map(\.number) == [String(page)])
                #expect(links.pages.count <= 9, "a window, not every page")
                // A gap stands for two pages or more: a single page left out is linked instead.
                for (item, next) in zip(links.pages, links.pages.dropFirst()) {
                    if let a = item.number.flatMap(Int.init), let b = next.number.flatMap(Int.init) {
                        #expect(b == a + 1, "\(page) of \(pageCount): \(a) then \(b) with no gap between")
                    }
                }
                for (index, item) in links.pages.enumerated() where item.number == nil {
                    let before = links.pages[index - 1].number.flatMap(Int.init) ?? 0
                    let after = links.pages[index + 1].number.flatMap(Int.init) ?? 0
                    #expect(after - before > 2, "\(page) of \(pageCount): a gap from \(before) to \(after)")
                }
                #expect((links.previous != nil) == (page > 1) && (links.next != nil) == (page < pageCount))
            }
        }
        let far = ReportsIndexPage.Links(page: 250, of: 500, from: ReportsIndex.path(page: 250))
        #expect(far.pages.map { $0.number ?? "…" } == ["1", "…", "248", "249", "250", "251", "252", "…", "500"])
        #expect(far.pages[2].href == "index-248.html" && far.previous == "index-249.html")
    }

    @Test func eachEntryIsLinkedByItsPatientsNameOrElseItsReference() throws {
        var summaries = Self.summaries(3)
        summaries[1].patient = nil
        summaries[2].patient = "  "
        let page = Self.text(
            try #require(try ReportsIndex.render(summaries, with: try ReportsIndexPagingTests.pages()).first))
        #expect(page.contains("<li><strong><a href=\"consults/hl-0.html\">Patient 0</a></strong>"))
        #expect(page.contains("<li><strong><a href=\"consults/hl-1.html\">hl-1</a></strong>"))
        #expect(page.contains("<li><strong><a href=\"consults/hl-2.html\">hl-2</a></strong>"))
        #expect(!page.contains(">Hair loss consultation</a>"), "the report's kind is not the link")
        #expect(page.contains("Hair loss consultation"), "the kind is still said")
    }

    @Test func theIndexCarriesNoPatientDisclaimer() throws {
        let pages = try ReportsIndexPagingTests.pages()
        for file in try ReportsIndex.render(Self.summaries(12), with: pages, pageSize: 5) {
            let html = Self.text(file)
            #expect(!html.contains("site-footer") && !html.contains("class=\"disclaimer\""), "\(file.path)")
        }
    }

    @Test func aPhysioEntryShowsItsBodyAreaAndConcernAndTheFilterDataCarriesThem() throws {
        let fixture = try ReportFixture.withSampleKnowledge()
        try fixture.write(
            .physio, "p",
            PhysioReportTests.physio(id: "pg-1", concern: "Typing all day makes my fingers tingle", area: "wrist_hand"))
        try fixture.write(.physio, "q", PhysioReportTests.physio(id: "pg-2", concern: "It aches", area: nil))
        #expect(!fixture.build().hasErrors)
        let html = try ReportHTML(page: try fixture.report("index.html"))
        #expect(html.text.contains("Wrist and hand: “Typing all day makes my fingers tingle”"), "\(html.text)")
        #expect(html.text.contains("“It aches”"))
        let script = try fixture.report("index-data.js")
        let start = try #require(script.range(of: "= ")).upperBound
        let json = try #require(script[start...].dropLast(2).data(using: .utf8))
        let decoded = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let rows = try #require(decoded["reports"] as? [[Any]])
        let details = rows.map { $0.count > 9 ? $0[9] as? String : nil }
        #expect(details.contains("Wrist and hand: “Typing all day makes my fingers tingle”"), "\(rows)")
        #expect(details.contains("“It aches”"))
    }
}
