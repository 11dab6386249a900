import Foundation
import Testing

@testable import CarePress

/// A session's listing of the reports index, updated where the summaries' digests changed, is the listing made
/// afresh: the same order, levels, counts and report files.
@Suite("Kept index listing")
struct KeptIndexListingTests {
    /// A source of summaries that knows their digests, as a session's build has.
    static func source(_ summaries: [ReportSummary?]) -> ReportsIndexListing.Source {
        let digests = summaries.map { summary in
            summary.map { BuildManifest.StoredSummary($0).digest } ?? ContentDigest("not a summary")
        }
        return .init(count: summaries.count, summary: { summaries[$0] }, digests: digests)
    }

    /// Expects the listing made with `kept` to be the fresh one, and to have been an update (or not).
    static func expectFresh(
        _ summaries: [ReportSummary?], _ kept: KeptIndexListing, updated: Bool, _ step: String
    ) {
        let before = kept.updatedCount
        let listing = ReportsIndexListing(source(summaries), jobs: 2, kept: kept)
        let fresh = ReportsIndexListing(source(summaries), jobs: 2)
        #expect(listing.order == fresh.order, "\(step)")
        #expect(listing.levels == fresh.levels, "\(step)")
        #expect(listing.counts == fresh.counts, "\(step)")
        for summary in summaries.compactMap({ $0 }) {
            #expect(listing.listsReportFile(summary.htmlPath), "\(step): \(summary.htmlPath)")
        }
        #expect(!listing.listsReportFile("reports/consults/none.html"))
        #expect((kept.updatedCount > before) == updated, "\(step): updated")
    }

    @Test func anUpdatedListingIsTheFreshOne() {
        var summaries: [ReportSummary?] = StreamedReportsIndexTests.summaries(300)
        let kept = KeptIndexListing()
        Self.expectFresh(summaries, kept, updated: false, "first")
        Self.expectFresh(summaries, kept, updated: true, "nothing changed")

        // A field the order does not use; then the sort keys: level, date, id (the path kept).
        summaries[10]?.title = "Renamed"
        Self.expectFresh(summaries, kept, updated: true, "a title")
        summaries[20]?.attention = Attention(level: .urgent, reasons: ["new"])
        summaries[21]?.date = Timestamp(rfc3339: "2031-05-05T10:00:00Z")
        summaries[22]?.date = nil
        let sharedID = summaries[24]?.id ?? ""
        summaries[23]?.id = sharedID
        summaries[25]?.attention = .routine
        Self.expectFresh(summaries, kept, updated: true, "new sort keys")
        // Two summaries with the same sort keys (their positions break the tie), each keeping its path.
        if let twin = summaries[31] {
            summaries[30]?.id = twin.id
            summaries[30]?.kind = twin.kind
            summaries[30]?.date = twin.date
            summaries[30]?.attention = twin.attention
            summaries[31]?.title = "Twin"
        }
        Self.expectFresh(summaries, kept, updated: true, "a tie")
        // Two summaries swapped: their paths move, so the report files are listed afresh; likewise a summary that
        // can no longer be read, and back.
        summaries.swapAt(30, 31)
        Self.expectFresh(summaries, kept, updated: false, "a swap")
        let gone = summaries[40]
        summaries[40] = nil
        Self.expectFresh(summaries, kept, updated: false, "a summary that cannot be read: its path goes")
        summaries[40] = gone
        Self.expectFresh(summaries, kept, updated: false, "and comes back")

        // A new report path; another number of summaries; more changes than are put back one by one.
        summaries[50]?.htmlPath = "reports/consults/moved.html"
        Self.expectFresh(summaries, kept, updated: false, "a new path")
        summaries.removeFirst()
        Self.expectFresh(summaries, kept, updated: false, "one fewer")
        for index in 0...KeptIndexListing.updateLimit { summaries[index]?.title = "Retitled" }
        Self.expectFresh(summaries, kept, updated: false, "many changes")
        Self.expectFresh(summaries, kept, updated: true, "then none")
    }
}
