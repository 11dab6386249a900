/// A stack's daily schedule: its active supplements grouped by time of day, each with its reminder times.
///
/// Inactive supplements are left out. A supplement taken at one time of day lists all its reminders there; one taken
/// at several lists each reminder under the time of day nearest to it (Morning 08:00, Lunch 12:30, Evening 18:00,
/// Night 22:00, measured round the clock).
struct StackSchedule {
    /// One supplement at one time of day.
    struct Entry: Equatable {
        /// The supplement.
        var supplement: SupplementStack.Supplement
        /// Its reminders at this time of day that are switched on, `HH:MM`, earliest first.
        var reminders: [String]
        /// Its reminders at this time of day that are switched off.
        var remindersOff: [String]
    }

    /// One time of day and what to take then.
    struct Slot: Equatable {
        /// The time of day.
        var timing: SupplementStack.Timing
        /// The supplements to take, minimal first.
        var entries: [Entry]
    }

    /// Every time of day, in order, with its entries (possibly none).
    let slots: [Slot]

    /// The schedule of a stack.
    init(_ stack: SupplementStack) {
        let active = stack.supplements.filter(\.active)
        slots = SupplementStack.Timing.allCases.map { timing in
            let entries = active.filter { $0.timing.contains(timing) }.map { supplement in
                let here = stack.reminders.filter { reminder in
                    reminder.supplementID == supplement.id
                        && Self.timing(of: reminder.time, among: supplement.timing) == timing
                }
                return Entry(
                    supplement: supplement, reminders: here.filter(\.enabled).map(\.time).sorted(),
                    remindersOff: here.filter { !$0.enabled }.map(\.time).sorted())
            }
            return Slot(timing: timing, entries: entries)
        }
    }

    /// The time of day among `timings` that a reminder at `time` (`HH:MM`) belongs to.
    static func timing(of time: String, among timings: [SupplementStack.Timing]) -> SupplementStack.Timing? {
        guard timings.count > 1 else { return timings.first }
        let minutes = Self.minutes(time)
        return timings.min { a, b in
            (distance(minutes, nominal(a)), a.order) < (distance(minutes, nominal(b)), b.order)
        }
    }

    /// Minutes after midnight of `HH:MM`; 0 when malformed (the schema allows only valid times).
    static func minutes(_ time: String) -> Int {
        let parts = time.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]) else { return 0 }
        return hours * 60 + minutes
    }

    /// The time a time of day stands for, in minutes after midnight.
    private static func nominal(_ timing: SupplementStack.Timing) -> Int {
        switch timing {
        case .morning: 8 * 60
        case .lunch: 12 * 60 + 30
        case .evening: 18 * 60
        case .night: 22 * 60
        }
    }

    /// The distance between two times of day round the clock, in minutes.
    private static func distance(_ a: Int, _ b: Int) -> Int {
        let difference = abs(a - b) % (24 * 60)
        return min(difference, 24 * 60 - difference)
    }
}

extension SupplementStack.Timing {
    /// The position of a time of day in the day: Morning first.
    fileprivate var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
