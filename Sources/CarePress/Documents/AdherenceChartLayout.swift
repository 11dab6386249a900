/// Where everything of an adherence chart goes, and so how big the chart is: sized to what it shows.
///
/// The title, the legend (two rows of two) and the labels are laid out first, each with an upper estimate of its
/// width (`ChartText`); the chart is then as wide as its widest part, plot or text, plus a margin, so no text runs
/// past its edge whatever the span. Bars are 7 to 28 px apart (at most `AdherenceChart.maximumBars` of them), so a
/// chart is at most about 320 px wide: it fits a 390 px phone at its own size, and A4 paper. Labels under the bars
/// are thinned so that none overlaps another.
struct AdherenceChartLayout {
    /// A text of the chart: where it is drawn, and the box it is estimated to take.
    struct Label: Equatable {
        /// Where the text is anchored to its `x`.
        enum Anchor: String {
            case start, middle, end
        }

        var text: String
        var x: Int
        /// The baseline.
        var y: Int
        var size = AdherenceChartLayout.fontSize
        var bold = false
        var anchor = Anchor.start

        /// The estimated width.
        var width: Int { ChartText.width(text, size: size, bold: bold) }
        /// The estimated left edge.
        var left: Int {
            switch anchor {
            case .start: x
            case .middle: x - (width + 1) / 2
            case .end: x - width
            }
        }
        /// The estimated right edge.
        var right: Int { left + width }
    }

    /// The text size of the legend and the labels, in px.
    static let fontSize = 12
    /// The margin around everything.
    static let margin = 8
    /// The top of the plot, below the title and the legend, and its height.
    static let (plotTop, plotHeight) = (72, 110)
    /// The y of the plot's bottom line.
    static let baseline = plotTop + plotHeight
    /// The baselines of the legend's two rows.
    static let legendRows = [38, 56]
    /// The chart's height: the plot, two rows of labels under it and the margin.
    static let height = baseline + 46

    /// The chart's width.
    let width: Int
    /// The x of the plot's left edge (right of the grid's labels).
    let left: Int
    /// The room given to each bar, with the gap after it.
    let slot: Int
    /// The width of a bar.
    let bar: Int
    /// The heading.
    let title: Label
    /// Each state of the legend with where its swatch goes (its label is 14 px to the right).
    let legend: [(state: AdherenceChart.State, x: Int, y: Int)]
    /// The grid's labels, at none, half and all of the planned doses (empty ones left out).
    let gridLabels: [Label]
    /// The labels under the bars: a first row (the day, the month or the year of a bar), a second (the month or the
    /// year where it changes).
    let axisLabels: [Label]

    /// The layout of a chart of `bars` bars of `period`, with `planned` planned doses a day.
    init(bars: [AdherenceChart.Bar], period: AdherenceChart.Period, planned: Int) {
        let margin = Self.margin
        let count = max(bars.count, 1)
        let slot = max(7, min(28, 252 / count))
        (self.slot, bar) = (slot, max(3, slot * 3 / 4))
        let heading =
            period == .day ? "Planned doses taken each day" : "Planned doses taken, by \(period.noun)"
        let title = Label(text: heading, x: margin, y: 17, size: 13, bold: true)
        self.title = title
        // The legend, two rows of two, its second column after the wider label of the first.
        let first = [AdherenceChart.State.all, .none].map { ChartText.width($0.label, size: Self.fontSize) }
        let secondColumn = margin + 14 + (first.max() ?? 0) + 16
        let legend: [(state: AdherenceChart.State, x: Int, y: Int)] = [
            (.all, margin, Self.legendRows[0]), (.some, secondColumn, Self.legendRows[0]),
            (.none, margin, Self.legendRows[1]), (.untracked, secondColumn, Self.legendRows[1]),
        ]
        self.legend = legend
        let gridTexts =
            period == .day
            ? ["0", planned > 1 ? "half" : "", planned > 0 ? "all \(planned)" : ""]
            : planned > 0 ? ["0", "half", "all"] : ["", "", ""]
        let firstRow = bars.map { Self.firstRowText($0, period: period) }
        // The plot starts right of the grid's labels, and far enough in for the first bar's label, centred on it.
        let gridWidth = gridTexts.map { ChartText.width($0, size: Self.fontSize) }.max() ?? 0
        let firstLabel = firstRow.first.map { ChartText.width($0, size: Self.fontSize) } ?? 0
        let left = margin + max(gridWidth + 6, (firstLabel + 1) / 2 - slot / 2, 0)
        let gridLabels = gridTexts.enumerated().compactMap { fraction, text in
            text.isEmpty
                ? nil
                : Label(
                    text: text, x: left - 6, y: Self.baseline - Self.plotHeight * fraction / 2 + 4, anchor: .end)
        }
        let axisLabels =
            Self.firstRow(firstRow, left: left, slot: slot)
            + Self.secondRow(bars, period: period, left: left, slot: slot)
        let texts =
            [title] + gridLabels + axisLabels
            + legend.map { item in
                Label(text: item.state.label, x: item.x + 14, y: item.y)
            }
        let plotRight = left + count * slot
        (self.left, self.gridLabels, self.axisLabels) = (left, gridLabels, axisLabels)
        width = max(plotRight, texts.map(\.right).max() ?? 0) + margin
    }

    /// What the first row says under a bar: its day of the month (by day or week), its month or its year.
    private static func firstRowText(_ bar: AdherenceChart.Bar, period: AdherenceChart.Period) -> String {
        switch period {
        case .day, .week: "\(bar.start.day)"
        case .month: String(CalendarDate.monthNames[bar.start.month - 1].prefix(3))
        case .year: "\(bar.start.year)"
        }
    }

    /// The first row: a label centred under every `step`-th bar, `step` bars being as wide as the widest label and
    /// a gap, and under the last bar when it has room.
    private static func firstRow(_ texts: [String], left: Int, slot: Int) -> [Label] {
        let widest = texts.map { ChartText.width($0, size: fontSize) }.max() ?? 0
        let step = max(1, (widest + 6 + slot - 1) / slot)
        var offsets = Array(stride(from: 0, to: texts.count, by: step))
        if let last = texts.indices.last, offsets.last != last { offsets.append(last) }
        return placed(
            offsets.map { offset in
                Label(text: texts[offset], x: left + offset * slot + slot / 2, y: baseline + 20, anchor: .middle)
            })
    }

    /// The second row: the month and year (by day or week) or the year (by month) where it changes, from the first
    /// bar on, each starting at its bar; none by year. A label after the first that would run past the plot is left
    /// out, rather than widen the chart.
    private static func secondRow(
        _ bars: [AdherenceChart.Bar], period: AdherenceChart.Period, left: Int, slot: Int
    ) -> [Label] {
        guard period != .year else { return [] }
        var labels: [Label] = []
        var previous: String?
        for (offset, bar) in bars.enumerated() {
            let text =
                period == .month
                ? "\(bar.start.year)"
                : "\(CalendarDate.monthNames[bar.start.month - 1].prefix(3)) \(bar.start.year)"
            if text != previous {
                let label = Label(text: text, x: left + offset * slot, y: baseline + 37)
                if labels.isEmpty || label.right <= left + bars.count * slot { labels.append(label) }
                previous = text
            }
        }
        return placed(labels)
    }

    /// The labels of one row, in order, leaving out any that would come within 6 px of the one before.
    private static func placed(_ labels: [Label]) -> [Label] {
        var kept: [Label] = []
        for label in labels where kept.last.map({ label.left >= $0.right + 6 }) ?? true {
            kept.append(label)
        }
        return kept
    }
}

/// Upper estimates of the width of a chart's text, so that the chart can be sized to it without a font at hand.
///
/// Each character counts its advance in DejaVu Sans (the widest of the common sans-serif fonts that a chart set in
/// `system-ui, sans-serif` meets; Linux's usual fallback), rounded up, by class; bold counts 15% more. A narrower
/// font (San Francisco, Roboto, Segoe UI) leaves a little room to spare.
enum ChartText {
    /// The estimated width of `text` set at `size` px, in whole px (rounded up).
    static func width(_ text: String, size: Int, bold: Bool = false) -> Int {
        let hundredthsOfEm = text.unicodeScalars.reduce(0) { $0 + advance($1) }
        let scaled = hundredthsOfEm * size * (bold ? 115 : 100)
        return (scaled + 9_999) / 10_000
    }

    /// A character's advance in hundredths of an em.
    private static func advance(_ scalar: Unicode.Scalar) -> Int {
        switch scalar {
        case "i", "j", "l", "I", "J", "'", ".", ",", ":", ";", "!", "|": 30
        case " ", "f", "t", "r", "(", ")", "-", "/": 42
        case "m", "M", "W", "%": 100
        case "w": 84
        case "A"..."Z": 80
        default: 65
        }
    }
}
