/// What a stack's log shows taken outside the counted doses, in two lists that never contradict the daily schedule.
///
/// The daily schedule lists every supplement still taken; the adherence figures count only the planned ones (see
/// `Adherence`). A supplement taken outside the counted doses is either in the daily schedule (an optional one with
/// no reminder switched on, or a stopped entry whose name is one of the schedule's), listed as not counted; or in no
/// spelling of it in the schedule, listed as not in the plan. Names are compared as a reader tells them apart
/// (`LooseText`: case, accents, spacing and punctuation aside), so "vitamin d-3" stopped is not "not in the plan"
/// while "Vitamin D3" is in the schedule. Entries with one name are listed once, under the schedule's spelling when
/// it has one, with the days on which any of them was taken.
struct StackExtras: Equatable {
    /// A supplement taken outside the counted doses, and on how many tracked days.
    struct Item: Equatable {
        var name: String
        var days: Int
    }

    /// Supplements of the daily schedule taken outside the counted doses, in stack order.
    let notCounted: [Item]
    /// Supplements taken that the daily schedule does not have under any spelling, in stack order.
    let notInPlan: [Item]

    /// The lists of a stack and its adherence figures.
    init(stack: SupplementStack, adherence: Adherence) {
        var scheduled: [String: String] = [:]
        for supplement in stack.supplements where supplement.active {
            let key = LooseText.key(supplement.name)
            if scheduled[key] == nil { scheduled[key] = supplement.name }
        }
        var order: [String] = []
        var groups: [String: (name: String, days: Set<CalendarDate>)] = [:]
        for supplement in stack.supplements {
            let days = adherence.days.filter { $0.takenExtra.contains(supplement.id) }.map(\.date)
            guard !days.isEmpty else { continue }
            let key = LooseText.key(supplement.name)
            if groups[key] == nil {
                order.append(key)
                groups[key] = (scheduled[key] ?? supplement.name, [])
            }
            groups[key]?.days.formUnion(days)
        }
        let items = order.compactMap { key in groups[key].map { (key, Item(name: $0.name, days: $0.days.count)) } }
        notCounted = items.filter { scheduled[$0.0] != nil }.map(\.1)
        notInPlan = items.filter { scheduled[$0.0] == nil }.map(\.1)
    }
}
