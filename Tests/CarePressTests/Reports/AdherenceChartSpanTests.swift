import Foundation
import Testing

@testable import CarePress

/// Finding 6 of issue 14: a tracking log from year 0000 to 9999 made a 457 MB adherence SVG (1.7 GB, 15-37 s): the
/// chart drew one slot per calendar day of the span. Now a long span is drawn by week or by month, and the span has
/// a documented limit with a located error.
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

    static func bars(_ svg: String) -> Int { svg.components(separatedBy: "<rect x=").count - 1 - 4 }  // less the legend

    @Test("Day numbers and dates convert both ways")
    func dayNumbers() {
        for text in ["1970-01-01", "0000-03-01", "2000-02-29", "2026-12-31", "9999-12-31", "1969-12-31"] {
            let date = CalendarDate(iso: Substring(text))!
            #expect(AdherenceChart.date(dayNumber: date.dayNumber) == date)
        }
    }

    @Test("Up to a year: one bar per day, as before")
    func daily() throws {
        let svg = try chart(tracking: Self.log(from: "2026-01-01", days: 366))
        #expect(Self.bars(svg) == 366)
        #expect(svg.contains("Planned doses taken each day"))
    }

    @Test("Two and a half years: one bar per week, with the share of doses taken")
    func weekly() throws {
        let svg = try chart(tracking: Self.log(from: "2023-01-01", days: 900, step: 2))
        #expect(Self.bars(svg) == 129)  // 900 days from the first tracked date: 128 weeks and 4 days
        #expect(svg.contains("Share of planned doses taken each week"))
        #expect(svg.contains("<title>week of 1 January 2023: 8 of 12 planned doses taken on 4 tracked days</title>"))
        #expect(svg.utf8.count < 40_000)
    }

    @Test("Twenty years, the limit: one bar per month")
    func monthly() throws {
        let days = RecordLimits.maximumTrackingSpan
        let svg = try chart(
            tracking: Self.log(from: "2006-01-01", days: days, step: 30) + [
                [
                    "date": AdherenceChart.date(
                        dayNumber: CalendarDate(year: 2006, month: 1, day: 1)!.dayNumber + days - 1)!
                        .description, "taken": ["fish"],
                ]
            ])
        #expect(Self.bars(svg) == 240)  // 2006-01 to 2025-12
        #expect(svg.contains("Share of planned doses taken each month"))
        #expect(svg.contains("<title>January 2006: 4 of 6 planned doses taken on 2 tracked days</title>"))
        #expect(svg.utf8.count < 60_000)
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
