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
                ("label", .string(StackWording.timing(timing))),
                (
                    "supplements",
                    .array(
                        stack.supplements.filter { $0.active && $0.timing.contains(timing) }.map { .string($0.id) })
                ),
            ])
        }
    }

    /// Adherence as the stack report states it (`Adherence`): planned and taken doses per tracked day, the
    /// current streak of complete days, and the supplements taken outside the plan. Null when nothing is tracked.
    private var adherence: JSONValue {
        guard let adherence = Adherence(stack), let first = adherence.firstDate, let last = adherence.lastDate else {
            return .null
        }
        return .object([
            ("from", .string(first.description)),
            ("to", .string(last.description)),
            ("daysTracked", .integer(adherence.daysTracked)),
            ("untrackedDays", .integer(adherence.untrackedDays)),
            ("planned", .array(adherence.plannedIDs.map { .string($0) })),
            ("dosesPlanned", .integer(adherence.dosesPlanned)),
            ("dosesTaken", .integer(adherence.dosesTaken)),
            ("percentTaken", adherence.percentTaken.map { .integer($0) } ?? .null),
            ("currentStreak", .integer(adherence.currentStreak)),
            ("completeDays", .integer(adherence.completeDays)),
            ("partialDays", .integer(adherence.partialDays)),
            ("missedDays", .integer(adherence.missedDays)),
            (
                "days",
                .array(
                    adherence.days.map { day in
                        .object([
                            ("date", .string(day.date.description)),
                            ("takenPlanned", .array(day.takenPlanned.map { .string($0) })),
                            ("takenExtra", .array(day.takenExtra.map { .string($0) })),
                            ("complete", .bool(adherence.isComplete(day))),
                        ])
                    })
            ),
        ])
    }
}
