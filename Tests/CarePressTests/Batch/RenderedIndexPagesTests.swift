import Foundation
import Testing

@testable import CarePress

/// A session's reports index pages are used again only when everything they show is the same.
@Suite("Rendered index pages")
struct RenderedIndexPagesTests {
    static let inputs = ContentDigest("shared inputs")

    static func render(
        _ summaries: [ReportSummary], _ kept: RenderedIndexPages? = nil, inputs: ContentDigest = inputs
    ) throws -> [OutputFile] {
        try ReportsIndex.render(
            summaries, with: try ReportsIndexPagingTests.pages(), pageSize: 5, jobs: 2,
            reusing: kept.map { ($0, inputs) })
    }

    @Test func anEditRendersOnlyThePageThatListsTheRecordAndTheResultIsAFreshRendersBytes() throws {
        var summaries = ReportsIndexPagingTests.summaries(12, kind: .consult)
        let kept = RenderedIndexPages()
        #expect(try Self.render(summaries, kept) == (try Self.render(summaries)))
        #expect(kept.reusedCount == 0)
        #expect(try Self.render(summaries, kept) == (try Self.render(summaries)))
        #expect(kept.reusedCount == 3, "nothing changed: every page is used again")
        // A new title for one report: only its page is made again, and it shows the new title.
        summaries[3].title = "Report three, renamed"
        let edited = try Self.render(summaries, kept)
        #expect(edited == (try Self.render(summaries)))
        #expect(kept.reusedCount == 5)
        #expect(edited.contains { String(decoding: $0.bytes, as: UTF8.self).contains("Report three, renamed") })
        // New attention changes the count line of every page: every page is made again.
        summaries[0].attention = Attention(level: .urgent, reasons: ["1 urgent answer: Pain"])
        #expect(try Self.render(summaries, kept) == (try Self.render(summaries)))
        #expect(kept.reusedCount == 5)
        // One report fewer: the pages after it change, and the count on every page.
        summaries.removeLast()
        #expect(try Self.render(summaries, kept) == (try Self.render(summaries)))
        #expect(kept.reusedCount == 5)
    }

    @Test func otherSharedInputsRenderEveryPageAgain() throws {
        let summaries = ReportsIndexPagingTests.summaries(7, kind: .stack)
        let kept = RenderedIndexPages()
        _ = try Self.render(summaries, kept)
        // A template or the settings changed (another digest of the shared inputs): nothing kept is used.
        _ = try Self.render(summaries, kept, inputs: ContentDigest("a template changed"))
        #expect(kept.reusedCount == 0)
    }
}
