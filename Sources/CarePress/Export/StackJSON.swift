/// A supplement stack normalised for the `json` export: supplements with their evidence explained, the daily
/// schedule of active supplements, reminders, the tracking log and adherence figures.
struct StackJSON {
    let stack: SupplementStack

    var value: JSONValue {
        let person = stack.person
        let minimalIDs = Set(stack.minimal.map(\.id))
        return .object([
            ("createdAt", ExportDocument.timestamp(stack.createdAt)),
            (
                "person",
                .object([
                    ("displayName", .string(person.displayName)),
                    ("age", person.age.map(JSONValue.integer) ?? .null),
                    ("goals", .array(person.goals.map(JSONValue.string))),
                    ("risks", .array(person.risks.map(JSONValue.string))),
                    ("dietaryPreferences", .array(person.dietaryPreferences.map(JSONValue.string))),
                    ("monthlyBudget", person.monthlyBudget.map(JSONValue.number) ?? .null),
                ])
            ),
            ("priority", .string(stack.priority)),
            (
                "supplements",
                .array(
                    stack.supplements.map {
                        supplementValue($0, tier: minimalIDs.contains($0.id) ? "minimal" : "optional")
                    }
                )
            ),
            ("schedule", .array(schedule)),
            (
                "reminders",
                .array(
                    stack.reminders.map { reminder in
                        .object([
                            ("supplement", .string(reminder.supplementID)), ("time", .string(reminder.time)),
                            ("enabled", .bool(reminder.enabled)),
                        ])
                    })
            ),
            (
                "tracking",
                .array(
                    stack.tracking.map { day in
                        .object([
                            ("date", .string(day.date.description)),
                            ("taken", .array(day.taken.map(JSONValue.string))),
                            ("note", .string(day.note)),
                        ])
                    })
            ),
            ("adherence", adherence),
        ])
    }

    /// What a timing means, for people.
    static func label(_ timing: SupplementStack.Timing) -> String {
        switch timing {
        case .morning: "Morning"
        case .lunch: "Lunch"
        case .evening: "Evening"
        case .night: "Night"
        }
    }

    /// What an evidence level means (`formats/stack.schema.json`).
    static func meaning(_ evidence: SupplementStack.Evidence) -> String {
        switch evidence {
        case .a: "Strong evidence from multiple trials"
        case .b: "Some trials"
        case .c: "Limited or mixed evidence"
        }
    }

    private func supplementValue(_ supplement: SupplementStack.Supplement, tier: String) -> JSONValue {
        .object([
            ("id", .string(supplement.id)),
            ("name", .string(supplement.name)),
            ("tier", .string(tier)),
            ("active", .bool(supplement.active)),
            ("purpose", .string(supplement.purpose)),
            ("dose", .string(supplement.dose)),
            ("timing", .array(supplement.timing.map { .string($0.rawValue) })),
            (
                "evidence",
                .object([
                    ("level", .string(supplement.evidence.rawValue)),
                    ("meaning", .string(Self.meaning(supplement.evidence))),
                ])
            ),
            (
                "citations",
                .array(
                    supplement.citations.map { citation in
                        .object([("title", .string(citation.title)), ("url", .string(citation.url))])
                    })
            ),
            ("cautions", .array(supplement.cautions.map(JSONValue.string))),
        ])
    }

    /// The four times of day in order, each with the active supplements taken then.
    private var schedule: [JSONValue] {
        SupplementStack.Timing.allCases.map { timing in
            .object([
                ("timing", .string(timing.rawValue)),
                ("label", .string(Self.label(timing))),
                (
                    "supplements",
                    .array(
                        stack.supplements.filter { $0.active && $0.timing.contains(timing) }.map { .string($0.id) })
                ),
            ])
        }
    }

    /// Adherence over the tracked period (first to last tracked day, inclusive); a day without an entry counts
    /// as not taken. Null when nothing is tracked.
    private var adherence: JSONValue {
        guard let first = stack.tracking.map(\.date).min(), let last = stack.tracking.map(\.date).max() else {
            return .null
        }
        let days = last.dayNumber - first.dayNumber + 1
        var takenDays: [String: Set<Int>] = [:]
        for day in stack.tracking {
            for id in day.taken { takenDays[id, default: []].insert(day.date.dayNumber) }
        }
        let active = stack.supplements.filter(\.active)
        let perSupplement = active.map { supplement -> (id: String, taken: [Int]) in
            (supplement.id, (takenDays[supplement.id] ?? []).sorted())
        }
        let totalTaken = perSupplement.reduce(0) { $0 + $1.taken.count }
        return .object([
            ("from", .string(first.description)),
            ("to", .string(last.description)),
            ("days", .integer(days)),
            ("loggedDays", .integer(Set(stack.tracking.map(\.date.dayNumber)).count)),
            (
                "supplements",
                .array(
                    perSupplement.map { item in
                        .object([
                            ("id", .string(item.id)),
                            ("takenDays", .integer(item.taken.count)),
                            ("percent", .integer(Self.percent(item.taken.count, of: days))),
                            ("currentStreak", .integer(Self.streak(item.taken, endingOn: last.dayNumber))),
                        ])
                    })
            ),
            ("overallPercent", .integer(Self.percent(totalTaken, of: days * active.count))),
        ])
    }

    /// A whole percentage, rounded half up; 0 of 0 is 0.
    static func percent(_ part: Int, of whole: Int) -> Int {
        whole > 0 ? (part * 200 + whole) / (whole * 2) : 0
    }

    /// How many consecutive days up to and including `last` are in the sorted day numbers.
    static func streak(_ days: [Int], endingOn last: Int) -> Int {
        var count = 0
        var expected = last
        for day in days.reversed() {
            guard day == expected else { break }
            count += 1
            expected -= 1
        }
        return count
    }
}
