import CarePress
import Foundation
import Testing

/// A physio report whose concern carries an emergency sign says so first: the sign's advice, in a clear urgent
/// callout, before the condition, the matches and the exercises; and the reports index lists it as urgent.
@Suite("Physio reports: urgent signs")
struct PhysioUrgentSignsTests {
    static let concern = "My knee hurts and since yesterday I can't control my bladder"

    @Test func theAdviceComesFirstWhenTheModelAnswered() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.physio, "a", PhysioReportTests.physio(concern: Self.concern))
        let build = fixture.build()
        #expect(!build.hasErrors && build.warningCount == 0, "\(build.diagnostics)")
        let markdown = try fixture.report("physio/pg-1.md")
        let order = [
            "<!-- callout urgent -->\n## Urgent: get help now\n",
            "- **Go to A\\&E now. Do not do the exercises.**\n<!-- /callout -->",
            "## Your concern, in your own words",
            "## What this may be: [Patellofemoral Pain Syndrome]",
            "## Suggested exercises",
        ]
        let positions = order.map { markdown.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(markdown)")
        let html = try fixture.report("physio/pg-1.html")
        let callout = try #require(html.range(of: "<aside class=\"callout urgent\""), "an urgent callout")
        let advice = try #require(html.range(of: "Go to A&amp;E now. Do not do the exercises."))
        let condition = try #require(html.range(of: "What this may be"))
        #expect(callout.lowerBound < advice.lowerBound && advice.lowerBound < condition.lowerBound)
        let index = try fixture.report("index.html")
        #expect(index.contains("emergency sign"), "the reports index flags the record")
    }

    @Test func theAdviceComesFirstWithTheGuidesMatchesToo() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(
            .physio, "a",
            PhysioReportTests.physio(concern: "knee pain and numb between my legs", withResponse: false))
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("physio/pg-1.md")
        let advice = try #require(markdown.range(of: "Do not do the exercises."))
        let matches = try #require(markdown.range(of: "## Conditions in the guide that match your concern"))
        #expect(advice.lowerBound < matches.lowerBound)
    }

    @Test func anOrdinaryConcernHasNoUrgentSignCallout() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.physio, "a", PhysioReportTests.physio())
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("physio/pg-1.md")
        #expect(!markdown.contains("Urgent: get help now"))
        #expect(!markdown.contains("Do not do the exercises."))
    }
}
