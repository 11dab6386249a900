/// The report of a supplement stack: who it is for, warnings first, what to take and when, and how well it has been
/// kept.
struct StackReport {
    let stack: SupplementStack

    /// The report's Markdown template.
    static let template = "reports/stack.md"
    /// The appendix template: the tracking log day by day.
    static let appendixTemplate = "reports/tracking-log.md"

    /// The path of the HTML report.
    var htmlPath: String { ReportPaths.html(kind: .stack, id: stack.id) }

    /// The page title.
    var title: String {
        stack.person.displayName.map { "Supplement plan for \($0)" } ?? "Supplement plan"
    }

    /// The adherence figures, or nil when nothing has been tracked.
    var adherence: Adherence? { Adherence(stack) }

    /// The chart file, when there is a tracking log.
    var chart: OutputFile? {
        guard let adherence else { return nil }
        return OutputFile(path: AdherenceChart.path(forStack: stack.id), text: AdherenceChart(adherence: adherence).svg)
    }

    /// The report's line in the reports index.
    var summary: ReportSummary {
        let status: String
        if let adherence, let percent = adherence.percentTaken {
            status = "\(percent)% of planned doses taken over \(ReportMarkdown.count(adherence.daysTracked, "day"))"
        } else if adherence != nil {
            status = "Tracked, nothing planned"
        } else {
            status = "Not tracked yet"
        }
        return ReportSummary(
            kind: .stack, id: stack.id, title: "Supplement plan", patient: stack.person.displayName, status: status,
            detail: stack.minimal.filter(\.active).map(\.name).joined(separator: ", "), date: stack.createdAt,
            htmlPath: htmlPath, attention: attention)
    }

    /// Why the plan needs attention: cautions of supplements still taken that concern a risk the person listed.
    var attention: Attention {
        let warnings = RiskWarnings.warnings(for: stack).filter(\.supplement.active)
        guard !warnings.isEmpty else { return .routine }
        var names: [String] = []
        var risks: [String] = []
        for warning in warnings {
            if !names.contains(warning.supplement.name) { names.append(warning.supplement.name) }
            for risk in warning.risks where !risks.contains(risk) { risks.append(risk) }
        }
        let cautions = ReportMarkdown.count(warnings.count, "caution")
        let listed = ReportMarkdown.sentenceList(risks.map { StackWording.risk($0, inSentence: true) })
        let which = risks.count == 1 ? "a risk they listed" : "risks they listed"
        return Attention(
            level: .review, reasons: ["\(cautions) about \(listed), \(which): \(ReportMarkdown.sentenceList(names))"])
    }

    /// The view model of `reports/stack.md.mustache` and `reports/tracking-log.md.mustache`.
    ///
    /// Pre-escaped Markdown keys: `priorityMarkdown`, `noteMarkdown` (in `log`); link destinations: `urlDestination`
    /// (citations, vetted by `MarkdownEscaping.safeWebURL`) and `chartDestination`.
    var context: [String: Any] {
        let person = stack.person
        var context: [String: Any] = [
            "id": stack.id,
            "title": title,
            "goals": Self.inWords(person.goals, StackWording.goal),
            "risks": Self.inWords(person.risks) { StackWording.risk($0) },
            "diets": Self.inWords(person.dietaryPreferences, StackWording.diet),
            "minimal": stack.minimal.filter(\.active).map(supplementContext),
            "optional": stack.optional.filter(\.active).map(supplementContext),
            "hasOptional": stack.optional.contains(where: \.active),
            "inactive": stack.supplements.filter { !$0.active }.map(supplementContext),
            "hasInactive": stack.supplements.contains { !$0.active },
            "schedule": scheduleContext,
        ]
        if let age = person.age { context["age"] = String(age) }
        if let budget = person.monthlyBudget { context["budget"] = budget.formatted }
        if let priority = stack.priority { context["priorityMarkdown"] = ReportMarkdown.quoted(priority) }
        if let date = stack.createdAt { context["createdAt"] = date.date.longDescription }
        let warnings = RiskWarnings.warnings(for: stack).map { warning -> [String: Any] in
            [
                "name": warning.supplement.name,
                "stopped": !warning.supplement.active,
                "risks": ReportMarkdown.sentenceList(warning.risks.map { StackWording.risk($0, inSentence: true) }),
                "caution": warning.caution,
            ]
        }
        context["warnings"] = warnings
        context["hasWarnings"] = !warnings.isEmpty
        if let adherence {
            context["adherence"] = adherenceContext(adherence)
            context["log"] = logContext(adherence)
            context["hasLog"] = true
        }
        return context
    }

    private var scheduleContext: [[String: Any]] {
        StackSchedule(stack).slots.map { slot -> [String: Any] in
            [
                "timing": StackWording.timing(slot.timing),
                "empty": slot.entries.isEmpty,
                "entries": slot.entries.map { entry -> [String: Any] in
                    var reminder: [String] = []
                    if !entry.reminders.isEmpty {
                        reminder.append(
                            (entry.reminders.count == 1 ? "reminder at " : "reminders at ")
                                + ReportMarkdown.sentenceList(entry.reminders))
                    } else if entry.remindersOff.isEmpty {
                        reminder.append("no reminder")
                    }
                    if !entry.remindersOff.isEmpty {
                        reminder.append(
                            "reminder at \(ReportMarkdown.sentenceList(entry.remindersOff)) switched off")
                    }
                    return [
                        "name": entry.supplement.name, "dose": entry.supplement.dose,
                        "reminder": reminder.joined(separator: "; "),
                    ]
                },
            ]
        }
    }

    private func supplementContext(_ supplement: SupplementStack.Supplement) -> [String: Any] {
        [
            "name": supplement.name,
            "purpose": supplement.purpose,
            "dose": supplement.dose,
            "timing": ReportMarkdown.sentenceList(
                SupplementStack.Timing.allCases.filter(supplement.timing.contains).map(StackWording.timing)),
            "evidence": StackWording.evidence(supplement.evidence),
            "evidenceLevel": supplement.evidence.rawValue,
            "cautions": supplement.cautions,
            "hasCautions": !supplement.cautions.isEmpty,
            "hasCitations": !supplement.citations.isEmpty,
            "citations": supplement.citations.map { citation -> [String: Any] in
                var item: [String: Any] = ["title": citation.title]
                if let url = citation.url {
                    if let safe = MarkdownEscaping.safeWebURL(url) {
                        item["urlDestination"] = ReportMarkdown.destination(safe)
                    } else {
                        item["rejectedURL"] = url
                    }
                }
                return item
            },
        ]
    }

    private func adherenceContext(_ adherence: Adherence) -> [String: Any] {
        var context: [String: Any] = [
            "daysTracked": ReportMarkdown.count(adherence.daysTracked, "day"),
            "streak": ReportMarkdown.count(adherence.currentStreak, "day"),
            "chartAlt": AdherenceChart(adherence: adherence).altText,
            "chartDestination": ReportMarkdown.destination(
                RelativeLink.to(AdherenceChart.path(forStack: stack.id), from: htmlPath)),
            "planned": adherence.plannedIDs.isEmpty
                ? "none" : ReportMarkdown.sentenceList(adherence.plannedIDs.map(name)),
        ]
        if let first = adherence.firstDate, let last = adherence.lastDate {
            context["span"] =
                first == last
                ? "on \(first.longDescription)" : "from \(first.longDescription) to \(last.longDescription)"
            context["lastDate"] = last.longDescription
        }
        if adherence.untrackedDays > 0 {
            context["untracked"] = ReportMarkdown.count(adherence.untrackedDays, "day")
        }
        if let percent = adherence.percentTaken {
            context["doses"] = "\(adherence.dosesTaken) of \(adherence.dosesPlanned) planned (\(percent)%)"
        } else {
            context["doses"] = "none planned"
        }
        let extras = adherence.extras.map { "\(name($0.id)) on \(ReportMarkdown.count($0.days, "day"))" }
        if !extras.isEmpty { context["extras"] = ReportMarkdown.sentenceList(extras) }
        return context
    }

    private func logContext(_ adherence: Adherence) -> [[String: Any]] {
        let planned = adherence.plannedIDs.count
        return adherence.days.map { day -> [String: Any] in
            let missed = adherence.plannedIDs.filter { !day.takenPlanned.contains($0) }
            let taken: String
            if planned == 0 {
                taken = "nothing planned"
            } else if missed.isEmpty {
                taken = planned == 1 ? "the planned dose taken" : "all \(planned) planned doses taken"
            } else if day.takenPlanned.isEmpty {
                taken = planned == 1 ? "the planned dose missed" : "none of the \(planned) planned doses taken"
            } else {
                taken =
                    "\(day.takenPlanned.count) of \(planned) planned doses taken; missed "
                    + ReportMarkdown.sentenceList(missed.map(name))
            }
            var item: [String: Any] = ["date": day.date.longDescription, "taken": taken]
            if !day.takenExtra.isEmpty {
                item["extra"] = ReportMarkdown.sentenceList(day.takenExtra.map(name))
            }
            if !day.notes.isEmpty {
                item["noteMarkdown"] = ReportMarkdown.indented(
                    ReportMarkdown.quoted(day.notes.joined(separator: "\n\n")), by: "  ")
            }
            return item
        }
    }

    /// Ids as a list in words, capitalised like a sentence ("Strength, muscle gain and sleep"), or "None listed".
    static func inWords(_ ids: [String], _ words: (String) -> String) -> String {
        guard !ids.isEmpty else { return "None listed" }
        let items = ids.map(words).enumerated().map { $0 == 0 ? $1 : $1.prefix(1).lowercased() + $1.dropFirst() }
        return ReportMarkdown.sentenceList(items)
    }

    /// A supplement's name by id (the id itself if the stack has no such supplement, which checks rule out).
    private func name(_ id: String) -> String {
        stack.supplements.first { $0.id == id }?.name ?? id
    }
}
