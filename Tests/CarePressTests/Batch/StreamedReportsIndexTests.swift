import Foundation
import Testing

@testable import CarePress

/// The build renders the reports index a page at a time from summaries decoded for that page (so memory does not grow
/// with the number of records); these hold the streamed output to the whole-in-memory one.
@Suite("Reports index, streamed")
struct StreamedReportsIndexTests {
    /// Summaries with shared and hostile strings, every attention level, ties on date, undated ones, and titles that
    /// are canonically equivalent but not the same bytes (the tables treat them as `String`s do).
    static func summaries(_ count: Int) -> [ReportSummary] {
        let hostile = ["</script>", "\u{2028}\u{2029}", "a & b", "\"quoted\" \\ back", "e\u{301}", "\u{e9}", "é <!--"]
        let levels = Attention.Level.allCases
        return (0..<count).map { index in
            let kind = RecordKind.allCases[index % 3]
            let id = index % 11 == 0 ? "id \(hostile[index % hostile.count]) \(index)" : "\(kind.rawValue)-\(index)"
            let level = levels[(index / 7) % levels.count]
            let date = index % 13 == 0 ? nil : Timestamp(rfc3339: "2026-0\(1 + index % 9)-1\(index % 10)T10:00:00Z")
            return ReportSummary(
                kind: kind, id: id, title: "Title \(hostile[index % hostile.count])",
                patient: index % 5 == 0 ? nil : "Patient \(hostile[(index / 3) % hostile.count])",
                status: "Status \(index % 4)", detail: index % 2 == 0 ? "" : "detail \(index)", date: date,
                htmlPath: index % 17 == 0
                    ? "reports/\(kind.folder)/other-\(index).html" : ReportPaths.html(kind: kind, id: "\(index)"),
                attention: level == .routine
                    ? .routine : Attention(level: level, reasons: ["reason \(hostile[index % hostile.count])"]))
        }
    }

    @Test func theFilterDataStreamedAPageAtATimeIsTheWholeEncodingByteForByte() throws {
        for count in [0, 1, 999, 2_345] {
            let summaries = Self.summaries(count)
            let whole = ReportsIndexData(summaries).script
            var stream = ReportsIndexData.Stream()
            let ordered = ReportsIndex.ordered(summaries)
            for start in stride(from: 0, to: ordered.count, by: 1_000) {
                stream.add(ordered[start..<min(start + 1_000, ordered.count)])
            }
            #expect(stream.count == count)
            #expect(stream.script == whole, "\(count) reports")
            var taken = stream
            #expect(taken.takeFile().bytes == whole, "the file made in the rows' buffer")
            // Pages of one report, and empty pages, change nothing.
            var single = ReportsIndexData.Stream()
            for summary in ordered.prefix(50) {
                single.add([summary])
                single.add([])
            }
            #expect(single.script == ReportsIndexData(Array(ordered.prefix(50))).script)
        }
    }

    /// The order is the triage rule: level, then newest first (undated last), then id, then kind, then file order.
    @Test func theListingOrdersAsTheTriageRule() {
        var summaries = Self.summaries(600)
        // Same level, date, id and kind: only file order tells them apart.
        summaries.append(summaries[1])
        summaries.append(summaries[14])
        let order = ReportsIndexListing(.init(summaries), jobs: 2).order.map(Int.init)
        let expected = summaries.indices.sorted { i, j in
            let (a, b) = (summaries[i], summaries[j])
            if a.attention.level != b.attention.level { return a.attention.level < b.attention.level }
            switch (a.date, b.date) {
            case let (x?, y?) where x.epochSeconds != y.epochSeconds: return x.epochSeconds > y.epochSeconds
            case (_?, nil): return true
            case (nil, _?): return false
            default:
                if a.id != b.id { return a.id < b.id }
                if a.kind != b.kind { return a.kind < b.kind }
                return i < j
            }
        }
        #expect(order == expected)
    }

    /// Pages are handed on in order while later pages' summaries are not decoded yet: at most `jobs + 1` pages of
    /// summaries are asked for ahead of the page being handed on.
    @Test func pagesAreRenderedAndHandedOnAPageAtATime() throws {
        let summaries = Self.summaries(23)
        let asked = Mutex(0)
        let source = ReportsIndexListing.Source(count: summaries.count) { position in
            asked.withLock { $0 += 1 }
            return summaries[position]
        }
        let (pageSize, jobs) = (3, 2)
        let listing = ReportsIndexListing(source, jobs: jobs)
        let listed = asked.withLock { $0 }
        #expect(listed == summaries.count, "the listing decodes each summary once")
        var handedOn: [(number: Int, askedBefore: Int, file: OutputFile)] = []
        try ReportsIndex.renderPages(listing, with: try ReportsIndexPagingTests.pages(), pageSize: pageSize, jobs: jobs)
        {
            page in
            handedOn.append((page.number, asked.withLock { $0 } - listed, page.file))
        }
        #expect(handedOn.map(\.number) == Array(1...8))
        for (number, askedBefore, _) in handedOn {
            let windowEnd = min((number + jobs + 1) * pageSize, summaries.count)
            #expect(askedBefore <= windowEnd, "page \(number): \(askedBefore) summaries decoded")
        }
        let whole = try ReportsIndex.render(summaries, with: try ReportsIndexPagingTests.pages(), pageSize: pageSize)
        #expect(handedOn.map(\.file) == whole)
    }

    /// The listing decodes only the fields that order the index from a stored summary; they are the summary's.
    @Test func theListingsFieldsDecodedFromAStoredSummaryAreTheSummarys() throws {
        for summary in Self.summaries(60) {
            let bytes = try #require(BuildManifest.StoredSummary(summary).bytes)
            let fields = try #require(SummaryCodec.fields(bytes))
            let expected = ReportsIndexListing.Fields(summary)
            #expect(fields.kind == expected.kind && fields.id == expected.id && fields.htmlPath == expected.htmlPath)
            #expect(fields.date == expected.date && fields.attention.level == summary.attention.level)
        }
    }
}
