import Foundation
import Testing

@testable import CarePress

/// Finding 6 of issue 14: a tracking log from year 0000 to 9999 made a 457 MB adherence SVG (1.7 GB, 15-37 s): the
/// chart drew one slot per calendar day of the span. The span has a documented limit with a located error, and
/// (issue 37) a span is drawn by the finest period that needs at most 36 bars, so a chart stays small and readable.
@Suite("Adherence chart over long spans")
struct AdherenceChartSpanTests {
    /// A tracking log of every `step`-th day for `days` days from `start`, alternating all taken and fish only.
    static func log(from start: String, days: Int, step: Int = 1) -> [[String: Any]] {
        let first = CalendarDate(iso: Substring(start))!
        return stride(from: 0, to: days, by: step).map { offset in
            let date = AdherenceChart.date(dayNumber: first.dayNumber + offset)!
            return ["date": date.description, "taken": offset % 2 == 0 ? ["fish", "mag"] : ["fish"]]
        }
    }

    /// The chart a stack with this log gets, from a real build.
    func chart(tracking: [[String: Any]]) throws -> String {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.stack, "sw-1", StackReportTests.stack(tracking: tracking))
        let report = fixture.build()
        #expect(report.diagnostics.filter { $0.file.contains("stacks") }.isEmpty, "\(report.diagnostics)")
        return try fixture.report("stacks/sw-1-adherence.svg")
    }

    /// The bars of a chart: every `<rect>` with a `<title>` (the legend's swatches have none).
    static func bars(_ svg: String) -> Int { svg.components(separatedBy: "\"><title>").count - 1 }

    @Test("Day numbers and dates convert both ways")
    func dayNumbers() {
        for text in ["1970-01-01", "0000-03-01", "2000-02-29", "2026-12-31", "9999-12-31", "1969-12-31"] {
            let date = CalendarDate(iso: Substring(text))!
            #expect(AdherenceChart.date(dayNumber: date.dayNumber) == date)
        }
    }

    @Test("A span is drawn by the finest of day, week, month and year that needs at most 36 bars")
    func periods() {
        let first = CalendarDate(year: 2024, month: 1, day: 1)!
        func period(days: Int) -> AdherenceChart.Period {
            AdherenceChart.period(first: first, last: AdherenceChart.date(dayNumber: first.dayNumber + days - 1)!)
        }
        #expect(period(days: 1) == .day && period(days: 36) == .day)
        #expect(period(days: 37) == .week && period(days: 252) == .week)  // 36 weeks
        #expect(period(days: 253) == .month && period(days: 1096) == .month)  // 2024-01 to 2026-12: 36 months
        #expect(period(days: 1097) == .year && period(days: RecordLimits.maximumTrackingSpan) == .year)
    }

    @Test("Three days: one bar per day, each with its date")
    func daily() throws {
        let svg = try chart(tracking: Self.log(from: "2026-01-30", days: 3))
        #expect(Self.bars(svg) == 3)
        #expect(svg.contains("Planned doses taken each day"))
        #expect(svg.contains("<title>30 January 2026: 2 of 3 planned doses taken</title>"))
        #expect(svg.contains("<title>31 January 2026: 1 of 3 planned doses taken</title>"))
    }

    @Test("A year: one bar per month, with the share of doses taken")
    func monthly() throws {
        let svg = try chart(tracking: Self.log(from: "2023-01-01", days: 365, step: 2))
        #expect(Self.bars(svg) == 12)
        #expect(svg.contains("Planned doses taken, by month"))
        #expect(svg.contains("<title>January 2023: 32 of 48 planned doses taken on 16 tracked days</title>"))
    }

    @Test("Twenty years, the limit: one bar per year")
    func yearly() throws {
        let days = RecordLimits.maximumTrackingSpan
        let svg = try chart(
            tracking: Self.log(from: "2006-01-01", days: days, step: 30) + [
                [
                    "date": AdherenceChart.date(
                        dayNumber: CalendarDate(year: 2006, month: 1, day: 1)!.dayNumber + days - 1)!
                        .description, "taken": ["fish"],
                ]
            ])
        #expect(Self.bars(svg) == 20)  // 2006 to 2025
        #expect(svg.contains("Planned doses taken, by year"))
        #expect(svg.contains("<title>2006: 26 of 39 planned doses taken on 13 tracked days</title>"))
        #expect(svg.utf8.count < 12_000)
    }

    @Test("A log from 0000 to 9999 is a located error, found cheaply; the other records are written")
    func spanLimit() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(
            .stack, "sw-huge",
            StackReportTests.stack(tracking: [
                ["date": "0000-01-01", "taken": ["fish"]], ["date": "9999-12-31", "taken": ["fish"]],
            ]))
        var other = StackReportTests.stack(tracking: Self.log(from: "2026-01-01", days: 3))
        other["id"] = "sw-2"
        try fixture.write(.stack, "sw-2", other)
        let report = fixture.build()
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.path == "tracking[1].date")
        #expect(
            errors.first?.message
                == "the tracking log spans 3652425 days (0000-01-01 to 9999-12-31); it may span at most 7305 days (20 years)"
        )
        #expect(errors.first?.file.hasSuffix("stacks/sw-huge.json") == true)
        let files = fixture.project.files(under: "Output/reports/stacks")
        #expect(files.contains("sw-2.html") && files.contains("sw-2-adherence.svg"))
        #expect(!files.contains { $0.hasPrefix("sw-1") })
    }
}
