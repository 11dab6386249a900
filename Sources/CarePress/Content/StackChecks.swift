/// The checks of a stack against itself: reminders and tracking name its own supplements.
enum StackChecks {
    static func check(_ stack: SupplementStack, log: DiagnosticLog) {
        let ids = Set(stack.supplements.map(\.id))
        for (index, reminder) in stack.reminders.enumerated() where !ids.contains(reminder.supplementID) {
            log.error(
                "reminder names no supplement of this stack: '\(reminder.supplementID)'", at: reminder.position,
                path: ValuePath.root.key("reminders").index(index).key("supplementId"),
                hint: Suggestion.hint(for: reminder.supplementID, in: ids))
        }
        for (dayIndex, day) in stack.tracking.enumerated() {
            for (index, id) in day.taken.enumerated() where !ids.contains(id) {
                log.error(
                    "tracking names no supplement of this stack: '\(id)'", at: day.takenPositions[index],
                    path: ValuePath.root.key("tracking").index(dayIndex).key("taken").index(index),
                    hint: Suggestion.hint(for: id, in: ids))
            }
        }
    }
}
