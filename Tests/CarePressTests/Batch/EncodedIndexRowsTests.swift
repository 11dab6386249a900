import Foundation
import Testing

@testable import CarePress

/// A session's encoded rows of the index's filter data are used again only for a page that lists the same reports,
/// byte for byte, after the same tables: the data is always what encoding every report afresh writes.
@Suite("Encoded index rows")
struct EncodedIndexRowsTests {
    /// The filter data of `summaries` streamed a page (of 5) at a time as a session's build does, with `kept` rows.
    static func stream(_ summaries: [ReportSummary], _ kept: EncodedIndexRows) throws -> [UInt8] {
        let digests = summaries.map { BuildManifest.StoredSummary($0).digest }
        let listing = ReportsIndexListing(
            .init(count: summaries.count, summary: { summaries[$0] }, digests: digests), jobs: 2)
        var data = ReportsIndexData.Stream()
        try ReportsIndex.renderPages(listing, with: try ReportsIndexPagingTests.pages(), pageSize: 5, jobs: 2) {
            data.add($0, of: listing, reusing: kept)
        }
        kept.keepOnly(pageCount: ReportsIndex.pageCount(reports: listing.count, pageSize: 5))
        #expect(data.count == summaries.count)
        return data.script
    }

    /// Expects the session's data to be a fresh encoding's, and `reused` pages' rows to have been used again.
    static func expectFresh(
        _ summaries: [ReportSummary], _ kept: EncodedIndexRows, reused: Int, _ step: String
    ) throws {
        let before = kept.reusedCount
        let streamed = try stream(summaries, kept)
        #expect(streamed == ReportsIndexData(summaries).script, "\(step)")
        #expect(kept.reusedCount - before == reused, "\(step): pages whose rows were used again")
    }

    @Test func onlyPagesListingTheSameReportsAfterTheSameTablesAreUsedAgain() throws {
        // 23 reports, 5 pages; every level, shared and hostile strings.
        var summaries = StreamedReportsIndexTests.summaries(23)
        let kept = EncodedIndexRows()
        try Self.expectFresh(summaries, kept, reused: 0, "first")
        try Self.expectFresh(summaries, kept, reused: 5, "nothing changed")

        // A patient's new name: its page is encoded again, the others are not.
        let last = try #require(ReportsIndex.ordered(summaries).last)
        let edited = try #require(summaries.firstIndex(of: last))
        summaries[edited].patient = "Renamed </script>"
        try Self.expectFresh(summaries, kept, reused: 4, "a name on the last page")

        // A new title on the first page adds a table entry: every later page refers to the tables after it, so
        // every page is encoded again (its rows would point at the wrong titles otherwise).
        let first = try #require(ReportsIndex.ordered(summaries).first)
        let head = try #require(summaries.firstIndex(of: first))
        summaries[head].title = "A title no other report has"
        try Self.expectFresh(summaries, kept, reused: 0, "a new title on the first page")
        try Self.expectFresh(summaries, kept, reused: 5, "nothing changed again")

        // A canonically equivalent name, other bytes: a digest tells them apart where `==` does not.
        summaries[edited].patient = "Jose\u{301}"
        try Self.expectFresh(summaries, kept, reused: 4, "a name")
        summaries[edited].patient = "Jos\u{e9}"
        try Self.expectFresh(summaries, kept, reused: 4, "the same name, precomposed")

        // The sort key: the last report becomes the most urgent and newest, first on the first page; every page
        // lists other reports now.
        summaries[edited].date = Timestamp(rfc3339: "2030-01-01T00:00:00Z")
        summaries[edited].attention = Attention(level: .urgent, reasons: ["reason a & b"])
        #expect(ReportsIndex.ordered(summaries).first == summaries[edited])
        try Self.expectFresh(summaries, kept, reused: 0, "the last report moved to the first page")
        try Self.expectFresh(summaries, kept, reused: 5, "and nothing changed")

        // One report fewer at the front: every page shifts; the last page goes.
        summaries.remove(at: head)
        try Self.expectFresh(summaries, kept, reused: 0, "a delete at the front")
        summaries.removeLast(3)
        let pages = ReportsIndex.pageCount(reports: summaries.count, pageSize: 5)
        _ = try Self.stream(summaries, kept)
        #expect(pages == 4)
        try Self.expectFresh(summaries, kept, reused: pages, "after the pages shrank")
    }
}
