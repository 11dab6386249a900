/// The adherence chart of a stack report: an SVG with one bar per day, week, month or year of the tracking log.
///
/// The HTML report shows the chart inline (`InlineFigure`), so that it takes the page's colours (light, dark, print)
/// and an exported page carries it; the build also writes it as a file next to the report, for the Markdown's image.
///
/// A bar stands for the finest period, of a day, a week (seven days from the first tracked date), a calendar month
/// and a calendar year, that draws at most `maximumBars` bars: up to 36 days by day, up to 36 weeks by week, up to
/// 36 months by month, longer spans by year (the span is at most `RecordLimits.maximumTrackingSpan` days, 20 years,
/// so at most 21 bars). A bar is as tall as the share of the planned doses of its tracked days that were taken; a
/// period with no tracked day gets a pale full-height bar. Its size follows from what it shows (`AdherenceChartLayout`),
/// small enough for a 390 px phone at its own size. Coordinates are whole numbers and the SVG depends only on the
/// adherence figures, so the same log always gives the same bytes.
struct AdherenceChart {
    /// The figures the chart shows.
    let adherence: Adherence

    /// The most bars a chart draws: a span is drawn by the finest period that needs no more.
    static let maximumBars = 36

    /// How many days a bar stands for.
    enum Period: CaseIterable {
        case day, week, month, year

        /// The word for the period in the chart's title and text alternative.
        var noun: String {
            switch self {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        }

        /// The position of the bar of `date` in a chart whose first tracked date is `first`.
        func index(of date: CalendarDate, first: CalendarDate) -> Int {
            switch self {
            case .day: date.dayNumber - first.dayNumber
            case .week: (date.dayNumber - first.dayNumber) / 7
            case .month: (date.year - first.year) * 12 + date.month - first.month
            case .year: date.year - first.year
            }
        }
    }

    /// The period of one bar for a log from `first` to `last`: the finest that draws at most `maximumBars` bars.
    static func period(first: CalendarDate, last: CalendarDate) -> Period {
        Period.allCases.first { $0.index(of: last, first: first) + 1 <= maximumBars } ?? .year
    }

    /// The period of one bar for this log.
    var period: Period {
        guard let first = adherence.firstDate, let last = adherence.lastDate else { return .day }
        return Self.period(first: first, last: last)
    }

    /// The chart's path in the output folder, next to its report: `reports/stacks/<id>-adherence.svg`.
    static func path(forStack id: String) -> String {
        ReportPaths.base(kind: .stack, id: id) + "-adherence.svg"
    }

    /// The text alternative: the same figures in words.
    var altText: String {
        guard let first = adherence.firstDate, let last = adherence.lastDate else { return "" }
        let span =
            first == last ? "on \(first.longDescription)" : "from \(first.longDescription) to \(last.longDescription)"
        var parts = [
            "Chart of planned doses taken each \(period.noun) \(span)",
            ReportMarkdown.count(adherence.daysTracked, "day") + " tracked",
        ]
        if let percent = adherence.percentTaken {
            parts.append("\(adherence.dosesTaken) of \(adherence.dosesPlanned) planned doses taken (\(percent)%)")
            parts.append(
                "every planned dose taken on \(ReportMarkdown.count(adherence.completeDays, "day")), some on "
                    + "\(ReportMarkdown.count(adherence.partialDays, "day")), none on "
                    + ReportMarkdown.count(adherence.missedDays, "day"))
        } else {
            parts.append("no doses planned")
        }
        if adherence.untrackedDays > 0 {
            parts.append(ReportMarkdown.count(adherence.untrackedDays, "day") + " not tracked")
        }
        parts.append("current streak " + ReportMarkdown.count(adherence.currentStreak, "day"))
        return parts.joined(separator: "; ") + "."
    }

    /// What a bar shows, which its class, its colour and its shape all say (so that it reads in greyscale too).
    enum State: String, CaseIterable {
        /// Every planned dose of every tracked day taken: a solid bar, full height.
        case all
        /// Some planned doses taken: a hatched bar as tall as the share taken.
        case some
        /// No planned dose taken: a short solid stub on the baseline.
        case none
        /// No day of the period tracked: a pale bar, full height.
        case untracked

        /// The words of the legend.
        var label: String {
            switch self {
            case .all: "All taken"
            case .some: "Some taken"
            case .none: "None taken"
            case .untracked: "Not tracked"
            }
        }
    }

    /// One bar of the chart.
    struct Bar: Equatable {
        /// The first day of the bar's period (of the span, for the first bar).
        var start: CalendarDate
        /// What the bar's title says the period is, e.g. "3 March 2025", "week of 3 March 2025" or "March 2025".
        var name: String
        /// Tracked days in the period.
        var tracked = 0
        /// Tracked days on which every planned dose was taken.
        var complete = 0
        /// Planned doses taken over the tracked days.
        var taken = 0
    }

    /// The bars, from the tracked days only (a span of years has few of them, and the untracked days in between
    /// are never walked one by one).
    var bars: [Bar] {
        guard let first = adherence.firstDate, let last = adherence.lastDate else { return [] }
        let period = period
        var bars = Self.bars(first: first, last: last)
        for day in adherence.days {
            let position = period.index(of: day.date, first: first)
            bars[position].tracked += 1
            bars[position].taken += day.takenPlanned.count
            if adherence.isComplete(day) { bars[position].complete += 1 }
        }
        return bars
    }

    /// The bars of a log from `first` to `last`, with nothing tracked yet.
    static func bars(first: CalendarDate, last: CalendarDate) -> [Bar] {
        let period = period(first: first, last: last)
        return (0...period.index(of: last, first: first)).map { offset -> Bar in
            switch period {
            case .day:
                let start = Self.date(dayNumber: first.dayNumber + offset) ?? first
                return Bar(start: start, name: start.longDescription)
            case .week:
                let start = Self.date(dayNumber: first.dayNumber + offset * 7) ?? first
                return Bar(start: start, name: "week of \(start.longDescription)")
            case .month:
                let months = first.month - 1 + offset
                let start = CalendarDate(year: first.year + months / 12, month: months % 12 + 1, day: 1) ?? first
                return Bar(start: start, name: "\(CalendarDate.monthNames[start.month - 1]) \(start.year)")
            case .year:
                let start = CalendarDate(year: first.year + offset, month: 1, day: 1) ?? first
                return Bar(start: start, name: "\(start.year)")
            }
        }
    }

    /// The state a bar shows.
    func state(of bar: Bar) -> State {
        if bar.tracked == 0 { return .untracked }
        if !adherence.plannedIDs.isEmpty && bar.complete == bar.tracked { return .all }
        return bar.taken == 0 ? .none : .some
    }

    /// The bar's tooltip: its period and what was taken.
    func title(of bar: Bar) -> String {
        let planned = adherence.plannedIDs.count
        if bar.tracked == 0 { return "\(bar.name): not tracked" }
        if period == .day { return "\(bar.name): \(bar.taken) of \(planned) planned doses taken" }
        return "\(bar.name): \(bar.taken) of \(bar.tracked * planned) planned doses taken on "
            + ReportMarkdown.count(bar.tracked, "tracked day")
    }

    /// The date of a day number (days since 1970-01-01), as `CalendarDate.dayNumber` counts them.
    static func date(dayNumber: Int) -> CalendarDate? {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return CalendarDate(year: year, month: month, day: day)
    }
}
