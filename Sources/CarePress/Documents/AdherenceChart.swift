/// The adherence chart of a stack report: an SVG file with one bar per day, linked from the Markdown as an image.
///
/// Each calendar day from the first to the last tracked date gets a slot; a tracked day's bar is as tall as the share
/// of planned doses taken, a day missing from the log gets a short grey mark. Coordinates are whole numbers and the
/// file depends only on the adherence figures, so the same log always gives the same bytes.
///
/// A span longer than `dailyLimit` days is drawn one bar per week (seven days from the first tracked date), and one
/// longer than `weeklyLimit` days one bar per calendar month: a bar is then as tall as the share of the planned doses
/// of its tracked days that were taken. The span itself is at most `RecordLimits.maximumTrackingSpan` days, so a chart
/// has at most a few hundred bars whatever the log.
struct AdherenceChart {
    /// The figures the chart shows.
    let adherence: Adherence

    /// The longest span drawn one bar per day: a year.
    static let dailyLimit = 366
    /// The longest span drawn one bar per week: five years (261 bars); longer spans get one bar per month.
    static let weeklyLimit = 1_827

    /// How many days a bar stands for.
    enum Period {
        case day, week, month

        /// The word for the period in the chart's title and text alternative.
        var noun: String {
            switch self {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            }
        }
    }

    /// The period of one bar for this log.
    var period: Period {
        guard let first = adherence.firstDate, let last = adherence.lastDate else { return .day }
        let span = last.dayNumber - first.dayNumber + 1
        return span <= Self.dailyLimit ? .day : span <= Self.weeklyLimit ? .week : .month
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

    /// The SVG document.
    var svg: String {
        guard let first = adherence.firstDate, let last = adherence.lastDate else { return "" }
        if period != .day { return aggregatedSVG(first: first, last: last) }
        let spanDays = last.dayNumber - first.dayNumber + 1
        let planned = adherence.plannedIDs.count
        let byDay = Dictionary(adherence.days.map { ($0.date.dayNumber, $0) }, uniquingKeysWith: { a, _ in a })
        let frame = Frame(bars: spanDays)
        let (left, top, plotHeight, slot, bar, baseline) =
            (Frame.left, Frame.top, Frame.plotHeight, frame.slot, frame.bar, frame.baseline)
        var lines = opening(
            frame, heading: "Planned doses taken each day",
            gridLabels: ["0", planned > 1 ? "half" : "", planned > 0 ? "all \(planned)" : ""])
        let labelEvery = spanDays <= 31 ? 1 : 7
        var previousMonth: Int?
        var date = first
        for offset in 0..<spanDays {
            if offset > 0 { date = Self.dayAfter(date) }
            let dayNumber = date.dayNumber
            let x = left + offset * slot + (slot - bar) / 2
            let center = left + offset * slot + slot / 2
            if let day = byDay[dayNumber] {
                let taken = day.takenPlanned.count
                let heightPx = planned == 0 ? 0 : plotHeight * taken / planned
                let fill = adherence.isComplete(day) ? Self.complete : taken == 0 ? Self.none : Self.partial
                let shown = max(heightPx, 3)
                let title = "\(date.longDescription): \(taken) of \(planned) planned doses taken"
                lines.append(
                    ##"<rect x="\##(x)" y="\##(baseline - shown)" width="\##(bar)" height="\##(shown)" fill="\##(fill)">"##
                        + "<title>\(HTMLEscaping.escaped(title))</title></rect>")
            } else {
                lines.append(
                    ##"<rect x="\##(x)" y="\##(top)" width="\##(bar)" height="\##(plotHeight)" fill="\##(Self.untracked)">"##
                        + "<title>\(HTMLEscaping.escaped(date.longDescription)): not tracked</title></rect>")
            }
            if offset % labelEvery == 0 || offset == spanDays - 1 {
                lines.append(
                    ##"<text x="\##(center)" y="\##(baseline + 16)" text-anchor="middle" fill="#4a535e">\##(date.day)</text>"##
                )
            }
            if previousMonth != date.month {
                let month = CalendarDate.monthNames[date.month - 1]
                lines.append(
                    ##"<text x="\##(left + offset * slot)" y="\##(baseline + 34)" fill="#4a535e">\##(month) \##(date.year)</text>"##
                )
                previousMonth = date.month
            }
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One bar of a chart by week or by month.
    private struct Bar {
        /// The first day of the bar's period (of the span, for the first bar).
        var start: CalendarDate
        /// What the bar's title says the period is, e.g. "week of 3 March 2025" or "March 2025".
        var name: String
        /// Tracked days in the period.
        var tracked = 0
        /// Tracked days on which every planned dose was taken.
        var complete = 0
        /// Planned doses taken over the tracked days.
        var taken = 0
    }

    /// The bars of a chart by week or by month, from the tracked days only (a span of years has few of them, and
    /// the untracked days in between are never walked one by one).
    private func bars(first: CalendarDate, last: CalendarDate) -> [Bar] {
        func index(_ date: CalendarDate) -> Int {
            period == .week
                ? (date.dayNumber - first.dayNumber) / 7 : (date.year - first.year) * 12 + date.month - first.month
        }
        let count = index(last) + 1
        var bars = (0..<count).map { offset -> Bar in
            if period == .week {
                let start = Self.date(dayNumber: first.dayNumber + offset * 7) ?? first
                return Bar(start: start, name: "week of \(start.longDescription)")
            }
            let months = first.month - 1 + offset
            let start = CalendarDate(year: first.year + months / 12, month: months % 12 + 1, day: 1) ?? first
            return Bar(start: start, name: "\(CalendarDate.monthNames[start.month - 1]) \(start.year)")
        }
        for day in adherence.days {
            let position = index(day.date)
            bars[position].tracked += 1
            bars[position].taken += day.takenPlanned.count
            if adherence.isComplete(day) { bars[position].complete += 1 }
        }
        return bars
    }

    /// A chart of one bar per week or per month.
    private func aggregatedSVG(first: CalendarDate, last: CalendarDate) -> String {
        let bars = bars(first: first, last: last)
        let planned = adherence.plannedIDs.count
        let frame = Frame(bars: bars.count)
        let (left, top, plotHeight, slot, bar, baseline) =
            (Frame.left, Frame.top, Frame.plotHeight, frame.slot, frame.bar, frame.baseline)
        var lines = opening(
            frame, heading: "Share of planned doses taken each \(period.noun)",
            gridLabels: planned > 0 ? ["0", "half", "all"] : ["", "", ""])
        var previousYear: Int?
        for (offset, item) in bars.enumerated() {
            let x = left + offset * slot + (slot - bar) / 2
            if item.tracked == 0 {
                lines.append(
                    ##"<rect x="\##(x)" y="\##(top)" width="\##(bar)" height="\##(plotHeight)" fill="\##(Self.untracked)">"##
                        + "<title>\(HTMLEscaping.escaped(item.name)): not tracked</title></rect>")
            } else {
                let doses = item.tracked * planned
                let heightPx = doses == 0 ? 0 : plotHeight * item.taken / doses
                let fill =
                    planned > 0 && item.complete == item.tracked
                    ? Self.complete : item.taken == 0 ? Self.none : Self.partial
                let shown = max(heightPx, 3)
                let title =
                    "\(item.name): \(item.taken) of \(doses) planned doses taken on "
                    + ReportMarkdown.count(item.tracked, "tracked day")
                lines.append(
                    ##"<rect x="\##(x)" y="\##(baseline - shown)" width="\##(bar)" height="\##(shown)" fill="\##(fill)">"##
                        + "<title>\(HTMLEscaping.escaped(title))</title></rect>")
            }
            // A label where a year starts (and at the first bar): the month and year by week, the year by month.
            if previousYear != item.start.year {
                let label =
                    period == .week
                    ? "\(CalendarDate.monthNames[item.start.month - 1].prefix(3)) \(item.start.year)"
                    : "\(item.start.year)"
                lines.append(
                    ##"<text x="\##(left + offset * slot)" y="\##(baseline + 20)" fill="#4a535e">\##(label)</text>"##)
                previousYear = item.start.year
            }
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
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

    /// The geometry of a chart of `bars` bars: a slot per bar, margins for the title, the legend and the labels.
    private struct Frame {
        static let (left, right, top, plotHeight, bottom) = (44, 12, 48, 150, 44)
        /// The width given to each bar, with the gap after it.
        let slot: Int
        /// The width of a bar.
        let bar: Int
        let width: Int
        let height: Int
        /// The y of the plot's bottom line.
        var baseline: Int { Self.top + Self.plotHeight }

        init(bars: Int) {
            slot = max(4, min(32, 600 / bars))
            bar = max(2, slot * 3 / 4)
            width = Self.left + bars * slot + Self.right
            height = Self.top + Self.plotHeight + Self.bottom
        }
    }

    /// The chart's opening lines: the `<svg>` element, its title, background and heading, the legend, and the grid
    /// lines at none, half and all of the planned doses with their labels (an empty label is not drawn).
    private func opening(_ frame: Frame, heading: String, gridLabels: [String]) -> [String] {
        let (width, height, left) = (frame.width, frame.height, Frame.left)
        var lines: [String] = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" "##
                + ##"viewBox="0 0 \##(width) \##(height)" role="img" aria-label="\##(HTMLEscaping.escaped(altText))" "##
                + ##"font-family="system-ui, sans-serif" font-size="12">"##,
            "<title>\(HTMLEscaping.escaped(altText))</title>",
            ##"<rect width="\##(width)" height="\##(height)" fill="#ffffff"/>"##,
            ##"<text x="\##(left)" y="18" font-size="14" font-weight="bold" fill="#1b1f24">\##(heading)</text>"##,
        ]
        lines += legend(x: left, y: 34)
        for (fraction, label) in gridLabels.enumerated() {
            let y = frame.baseline - Frame.plotHeight * fraction / 2
            lines.append(
                ##"<line x1="\##(left)" y1="\##(y)" x2="\##(width - Frame.right)" y2="\##(y)" stroke="#c9ced6" stroke-width="1"/>"##
            )
            if !label.isEmpty {
                lines.append(
                    ##"<text x="\##(left - 6)" y="\##(y + 4)" text-anchor="end" fill="#4a535e">\##(label)</text>"##)
            }
        }
        return lines
    }

    /// The key to the bar colours.
    private func legend(x: Int, y: Int) -> [String] {
        let items = [
            (Self.complete, "All taken"), (Self.partial, "Some taken"), (Self.none, "None taken"),
            (Self.untracked, "Not tracked"),
        ]
        var result: [String] = []
        var position = x
        for (colour, label) in items {
            result.append(##"<rect x="\##(position)" y="\##(y - 9)" width="10" height="10" fill="\##(colour)"/>"##)
            result.append(##"<text x="\##(position + 14)" y="\##(y)" fill="#1b1f24">\##(label)</text>"##)
            position += 14 + label.count * 7 + 16
        }
        return result
    }

    static let complete = "#1b7f3b"
    static let partial = "#c27c0e"
    static let none = "#a4161a"
    static let untracked = "#e3e6ea"

    /// The calendar day after `date`.
    private static func dayAfter(_ date: CalendarDate) -> CalendarDate {
        CalendarDate(year: date.year, month: date.month, day: date.day + 1)
            ?? CalendarDate(year: date.year, month: date.month + 1, day: 1)
            ?? CalendarDate(year: date.year + 1, month: 1, day: 1) ?? date
    }
}
