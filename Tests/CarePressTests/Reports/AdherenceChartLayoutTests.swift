import Foundation
import Testing

@testable import CarePress

/// Issue 37: the adherence chart was 152 px wide (88 px for one day) under a title and legend of 350-430 px, so the
/// legend was cut off. The chart is now sized to what it shows: these tests hold the sizing rule for every span
/// from a day to the 20-year limit, by the layout's own width estimates (`Tests/python/test_chart_browser.py`
/// measures the same in Chromium).
@Suite("Adherence chart layout")
struct AdherenceChartLayoutTests {
    /// Spans in days: a day, the ends of each period, a year, and the limit.
    static let spans = [
        1, 2, 3, 7, 30, 31, 36, 37, 60, 100, 252, 253, 365, 366, 400, 731, 1096, 1097, 1827, 3650,
        RecordLimits.maximumTrackingSpan,
    ]
    /// First dates at a month's end, a year's end and a leap day, so labels change month and year at once.
    static let firsts = ["2026-01-30", "2023-12-31", "2024-02-29"]

    /// The widest a chart may be: a 390 px phone's page is 358 px wide inside its margins; A4 is wider.
    static let widest = 340

    @Test("Every text is inside the chart, none overlaps another, and the chart fits a phone, for every span")
    func sizedToContent() {
        for first in Self.firsts.map({ CalendarDate(iso: Substring($0))! }) {
            for span in Self.spans {
                let last = AdherenceChart.date(dayNumber: first.dayNumber + span - 1)!
                let bars = AdherenceChart.bars(first: first, last: last)
                let period = AdherenceChart.period(first: first, last: last)
                #expect(bars.count <= AdherenceChart.maximumBars, "\(span) days")
                for planned in [0, 1, 2, 6] {
                    let layout = AdherenceChartLayout(bars: bars, period: period, planned: planned)
                    let context = "\(span) days from \(first), \(planned) planned"
                    #expect(layout.width <= Self.widest, "\(context): \(layout.width) px")
                    #expect(layout.left + bars.count * layout.slot + AdherenceChartLayout.margin <= layout.width)
                    let legend = layout.legend.map { item in
                        AdherenceChartLayout.Label(text: item.state.label, x: item.x + 14, y: item.y)
                    }
                    let texts = [layout.title] + legend + layout.gridLabels + layout.axisLabels
                    for text in texts {
                        #expect(text.left >= 0 && text.right <= layout.width, "\(context): '\(text.text)' outside")
                        #expect(text.y <= AdherenceChartLayout.height - 4, "\(context): '\(text.text)' below")
                    }
                    // Texts on one baseline never meet; the rows are far enough apart not to touch.
                    for (index, text) in texts.enumerated() {
                        for other in texts[(index + 1)...] where other.y == text.y {
                            #expect(
                                other.left >= text.right + 4 || text.left >= other.right + 4,
                                "\(context): '\(text.text)' and '\(other.text)' overlap")
                        }
                    }
                }
            }
        }
    }

    @Test("A day's chart is as wide as its title and legend, not its one bar")
    func oneDay() {
        let day = CalendarDate(year: 2026, month: 3, day: 4)!
        let layout = AdherenceChartLayout(
            bars: AdherenceChart.bars(first: day, last: day), period: .day, planned: 2)
        let title = ChartText.width("Planned doses taken each day", size: 13, bold: true)
        #expect(layout.width >= AdherenceChartLayout.margin * 2 + title)
        #expect(layout.width <= AdherenceChartLayout.margin * 2 + title + 1)
    }

    @Test("Width estimates are upper bounds of DejaVu Sans's advances, and bold counts more")
    func estimates() {
        // DejaVu Sans's advances at 100 px: "Not tracked" 586.5 px, "2006" 254.4 px, "half" 187.7 px.
        #expect(ChartText.width("Not tracked", size: 100) >= 587)
        #expect(ChartText.width("2006", size: 100) >= 255)
        #expect(ChartText.width("half", size: 100) >= 188)
        #expect(ChartText.width("half", size: 12, bold: true) > ChartText.width("half", size: 12))
        #expect(ChartText.width("", size: 12) == 0)
    }

    @Test("The legend's states differ by shape or pattern, not by colour alone (greyscale print)")
    func statesDifferWithoutColour() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(
            .stack, "sw-1",
            StackReportTests.stack(
                tracking: AdherenceChartSpanTests.log(
                    from: "2026-01-01", days: 3)))
        fixture.build()
        let svg = try fixture.report("stacks/sw-1-adherence.svg")
        // The swatches, with their class and colours taken out: what is left is their shape and paint.
        let swatches = svg.split(separator: "\n").filter {
            $0.hasPrefix("<rect class=") && !$0.contains("<title>")
        }
        #expect(swatches.count == 4)
        let shapes = Set(
            swatches.map { line in
                line.replacing(/class="[a-z]+"/, with: "").replacing(#/ x="\d+"/#, with: "")
                    .replacing(/#[0-9a-f]{6}/, with: "")
            })
        #expect(shapes.count == 4, "\(shapes)")
    }
}
