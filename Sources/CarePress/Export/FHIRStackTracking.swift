/// A stack's tracking log in FHIR: a summary on each supplement's `MedicationStatement`, and the log day by day in
/// a document's "Tracking log" section; never `MedicationAdministration` resources.
///
/// Why a summary: FHIR R4 scopes MedicationAdministration to the event of a medication being given, with complete
/// administration information from whoever administered it, principally in care settings (home-health reporting
/// only in some cases, such as self-administered insulin); a MedicationStatement records what a patient reports
/// taking, from memory or a list, where the time, the amount and even the product may be less precise. The log is
/// such a report: the person ticks, day by day, which supplements they took, with no time, no amount and no one
/// administering. Its days without a tick are not "not done" events either: the log has no skipped entries, only
/// what was ticked.
enum FHIRStackTracking {
    /// The days the log holds, each once, in order.
    static func days(_ stack: SupplementStack) -> [CalendarDate] {
        Array(Set(stack.tracking.map(\.date))).sorted()
    }

    /// The summary of the log for one supplement, or nil when there is no log: on how many of the days logged
    /// it was marked taken, and the days the log covers.
    static func summary(_ supplement: SupplementStack.Supplement, in stack: SupplementStack) -> String? {
        let days = days(stack)
        guard let first = days.first, let last = days.last else { return nil }
        let taken = Set(stack.tracking.filter { $0.taken.contains(supplement.id) }.map(\.date)).count
        let span = first == last ? "on \(first)" : "from \(first) to \(last)"
        let logged = days.count == 1 ? "the 1 day logged" : "the \(days.count) days logged"
        return "Tracking log (self-reported, by day): marked taken on \(taken) of \(logged), \(span)."
    }

    /// The log day by day, in its order: the date, the supplements marked taken (by name) and the person's note.
    static func dayLines(_ stack: SupplementStack) -> [String] {
        let names = Dictionary(stack.supplements.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return stack.tracking.map { day in
            let taken = day.taken.map { names[$0] ?? $0 }
            var line =
                "\(day.date): " + (taken.isEmpty ? "nothing marked taken" : "taken: " + taken.joined(separator: ", "))
            if let note = day.note, !note.isEmpty { line += ". Note: \(note)" }
            return line
        }
    }
}
