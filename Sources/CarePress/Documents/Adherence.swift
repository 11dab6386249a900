/// How well a stack's plan was kept, from its tracking log.
///
/// - A **planned dose** is one supplement on one tracked day: every active supplement that is in the minimal set or
///   has a reminder switched on, once a day (a supplement taken at two times of day still counts once). The plan is
///   the stack as it is now, for every day of the log.
/// - **Doses taken** are the planned doses the log marks as taken; each supplement counts at most once a day.
///   Supplements taken that are not planned (optional ones without a reminder, stopped ones) are listed apart
///   (`StackExtras`).
/// - **Days tracked** are the distinct dates in the log (two entries for one date count as one day).
/// - The **current streak** is the number of calendar days in a row, ending on the last tracked day, on which every
///   planned dose was taken; a day missing from the log ends it.
struct Adherence: Equatable {
    /// One tracked day.
    struct Day: Equatable {
        /// The date.
        var date: CalendarDate
        /// The planned supplements taken that day, in plan order.
        var takenPlanned: [String]
        /// The supplements taken that day that are not planned, in stack order.
        var takenExtra: [String]
        /// The day's notes, as written (one per log entry that has one).
        var notes: [String]
    }

    /// The ids of the supplements planned each day, in stack order.
    var plannedIDs: [String]
    /// The tracked days, by date.
    var days: [Day]

    /// The adherence of a stack, or nil when its log is empty.
    init?(_ stack: SupplementStack) {
        guard !stack.tracking.isEmpty else { return nil }
        let reminded = Set(stack.reminders.filter(\.enabled).map(\.supplementID))
        let minimal = Set(stack.minimal.map(\.id))
        let order = stack.supplements.map(\.id)
        let plannedIDs = stack.supplements.filter {
            $0.active && (minimal.contains($0.id) || reminded.contains($0.id))
        }.map(\.id)
        self.plannedIDs = plannedIDs
        let planned = Set(plannedIDs)
        var byDate: [CalendarDate: (taken: Set<String>, notes: [String])] = [:]
        for entry in stack.tracking {
            var day = byDate[entry.date] ?? ([], [])
            day.taken.formUnion(entry.taken)
            if let note = entry.note { day.notes.append(note) }
            byDate[entry.date] = day
        }
        days = byDate.keys.sorted().map { date in
            let (taken, notes) = byDate[date] ?? ([], [])
            return Day(
                date: date, takenPlanned: plannedIDs.filter(taken.contains),
                takenExtra: order.filter { taken.contains($0) && !planned.contains($0) }, notes: notes)
        }
    }

    /// The number of distinct dates in the log.
    var daysTracked: Int { days.count }
    /// Planned doses over all tracked days.
    var dosesPlanned: Int { days.count * plannedIDs.count }
    /// Planned doses taken over all tracked days.
    var dosesTaken: Int { days.reduce(0) { $0 + $1.takenPlanned.count } }
    /// Doses taken as a whole percentage of doses planned (rounded half up), nil when nothing is planned.
    var percentTaken: Int? {
        dosesPlanned == 0 ? nil : (dosesTaken * 200 + dosesPlanned) / (dosesPlanned * 2)
    }
    /// The first tracked date.
    var firstDate: CalendarDate? { days.first?.date }
    /// The last tracked date.
    var lastDate: CalendarDate? { days.last?.date }
    /// Days in the span from the first to the last tracked date that have no entry.
    var untrackedDays: Int {
        guard let first = firstDate, let last = lastDate else { return 0 }
        return last.dayNumber - first.dayNumber + 1 - days.count
    }

    /// Whether every planned dose was taken on a day (never true when nothing is planned).
    func isComplete(_ day: Day) -> Bool {
        !plannedIDs.isEmpty && day.takenPlanned.count == plannedIDs.count
    }

    /// Days on which every planned dose was taken.
    var completeDays: Int { days.filter(isComplete).count }
    /// Days on which none of the planned doses was taken.
    var missedDays: Int { plannedIDs.isEmpty ? 0 : days.filter { $0.takenPlanned.isEmpty }.count }
    /// Days on which some, but not all, planned doses were taken.
    var partialDays: Int { plannedIDs.isEmpty ? 0 : days.count - completeDays - missedDays }

    /// Calendar days in a row, ending on the last tracked day, with every planned dose taken.
    var currentStreak: Int {
        var streak = 0
        var expected = lastDate?.dayNumber
        for day in days.reversed() {
            guard day.date.dayNumber == expected, isComplete(day) else { break }
            streak += 1
            expected = day.date.dayNumber - 1
        }
        return streak
    }

    static func == (lhs: Adherence, rhs: Adherence) -> Bool {
        lhs.plannedIDs == rhs.plannedIDs && lhs.days == rhs.days
    }
}
