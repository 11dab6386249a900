/// The adherence chart of a stack report: an SVG file with one bar per day, linked from the Markdown as an image.
///
/// Each calendar day from the first to the last tracked date gets a slot; a tracked day's bar is as tall as the share
/// of planned doses taken, a day missing from the log gets a short grey mark. Coordinates are whole numbers and the
/// file depends only on the adherence figures, so the same log always gives the same bytes.
struct AdherenceChart {
    /// The figures the chart shows.
    let adherence: Adherence

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
            "Chart of planned doses taken each day \(span)",
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
        let spanDays = last.dayNumber - first.dayNumber + 1
        let slot = max(4, min(32, 600 / spanDays))
        let bar = max(2, slot * 3 / 4)
        let (left, right, top, plotHeight, bottom) = (44, 12, 48, 150, 44)
        let width = left + spanDays * slot + right
        let height = top + plotHeight + bottom
        let baseline = top + plotHeight
        let planned = adherence.plannedIDs.count
        let byDay = Dictionary(adherence.days.map { ($0.date.dayNumber, $0) }, uniquingKeysWith: { a, _ in a })

        var lines: [String] = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" "##
                + ##"viewBox="0 0 \##(width) \##(height)" role="img" aria-label="\##(HTMLEscaping.escaped(altText))" "##
                + ##"font-family="system-ui, sans-serif" font-size="12">"##,
            "<title>\(HTMLEscaping.escaped(altText))</title>",
            ##"<rect width="\##(width)" height="\##(height)" fill="#ffffff"/>"##,
            ##"<text x="\##(left)" y="18" font-size="14" font-weight="bold" fill="#1b1f24">Planned doses taken each day</text>"##,
        ]
        lines += legend(x: left, y: 34)
        // Grid lines and their labels: none, half and all of the planned doses.
        for (fraction, label) in [(0, "0"), (1, planned > 1 ? "half" : ""), (2, planned > 0 ? "all \(planned)" : "")] {
            let y = baseline - plotHeight * fraction / 2
            lines.append(
                ##"<line x1="\##(left)" y1="\##(y)" x2="\##(width - right)" y2="\##(y)" stroke="#c9ced6" stroke-width="1"/>"##
            )
            if !label.isEmpty {
                lines.append(
                    ##"<text x="\##(left - 6)" y="\##(y + 4)" text-anchor="end" fill="#4a535e">\##(label)</text>"##)
            }
        }
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
