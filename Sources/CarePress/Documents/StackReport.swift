/// The report of a supplement stack: who it is for, warnings first, what to take and when, and how well it has been
/// kept.
struct StackReport: Report {
    let stack: SupplementStack
    /// The adherence figures, or nil when nothing has been tracked.
    let adherence: Adherence?
    /// The cautions that concern a risk the person listed (of supplements taken or stopped).
    let warnings: [RiskWarnings.Warning]
    /// How dates and amounts are written: the clinic's time zone and currency.
    let format: ClinicFormat

    /// The report of a stack. The figures and the warnings, which its summary, its page and its chart all show, are
    /// worked out once.
    init(stack: SupplementStack, format: ClinicFormat = .init(clinic: nil)) {
        self.stack = stack
        self.format = format
        adherence = Adherence(stack)
        warnings = RiskWarnings.warnings(for: stack)
    }

    /// The report's Markdown template.
    static let template = "reports/stack.md"
    /// The appendix template: the tracking log day by day.
    static let appendixTemplate = "reports/tracking-log.md"

    var template: String { Self.template }
    var appendixTemplate: String { Self.appendixTemplate }
    var extraFiles: [OutputFile] { chart.map { [$0] } ?? [] }
    /// The chart, shown inline in the HTML page (the Markdown links the file).
    var inlineFigures: [InlineFigure] {
        chart.map { [InlineFigure(source: RelativeLink.to($0.path, from: htmlPath), svg: $0.bytes)] } ?? []
    }

    /// The path of the HTML report.
    var htmlPath: String { ReportPaths.html(kind: .stack, id: stack.id) }

    /// The page title.
    var title: String {
        stack.person.displayName.map { "Supplement plan for \($0)" } ?? "Supplement plan"
    }

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
        let warnings = warnings.filter(\.supplement.active)
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
    var viewModel: any ViewModel {
        let person = stack.person
        return StackReportView(
            id: stack.id, title: title, goals: Self.inWords(person.goals, StackWording.goal),
            risks: Self.inWords(person.risks) { StackWording.risk($0) },
            diets: Self.inWords(person.dietaryPreferences, StackWording.diet),
            minimal: stack.minimal.filter(\.active).map(supplementView),
            optional: stack.optional.filter(\.active).map(supplementView),
            inactive: stack.supplements.filter { !$0.active }.map(supplementView), schedule: schedule,
            age: person.age.map { String($0) }, budget: person.monthlyBudget.map(format.amount),
            priorityMarkdown: stack.priority.map(ReportMarkdown.quoted),
            createdAt: stack.createdAt.map(format.date),
            warnings: warnings.map { warning in
                StackReportView.Warning(
                    name: warning.supplement.name, stopped: !warning.supplement.active,
                    risks: ReportMarkdown.sentenceList(warning.risks.map { StackWording.risk($0, inSentence: true) }),
                    caution: warning.caution)
            },
            adherence: adherence.map(adherenceView), log: adherence.map(log) ?? [])
    }

    private var schedule: [StackReportView.Slot] {
        StackSchedule(stack).slots.map { slot in
            StackReportView.Slot(
                timing: StackWording.timing(slot.timing),
                entries: slot.entries.map { entry in
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
                    return StackReportView.Entry(
                        name: entry.supplement.name, dose: entry.supplement.dose,
                        reminder: reminder.joined(separator: "; "))
                })
        }
    }

    private func supplementView(_ supplement: SupplementStack.Supplement) -> StackReportView.Supplement {
        StackReportView.Supplement(
            name: supplement.name, purpose: supplement.purpose, dose: supplement.dose,
            timing: ReportMarkdown.sentenceList(
                SupplementStack.Timing.allCases.filter(supplement.timing.contains).map(StackWording.timing)),
            evidence: StackWording.evidence(supplement.evidence), evidenceLevel: supplement.evidence.rawValue,
            cautions: supplement.cautions,
            citations: supplement.citations.map { citation in
                var item = StackReportView.Citation(title: citation.title)
                if let url = citation.url {
                    if let safe = MarkdownEscaping.safeWebURL(url) {
                        item.urlDestination = ReportMarkdown.destination(safe)
                    } else {
                        item.rejectedURL = url
                    }
                }
                return item
            })
    }

    private func adherenceView(_ adherence: Adherence) -> StackReportView.Adherence {
        var view = StackReportView.Adherence(
            daysTracked: ReportMarkdown.count(adherence.daysTracked, "day"),
            streak: ReportMarkdown.count(adherence.currentStreak, "day"),
            chartAlt: AdherenceChart(adherence: adherence).altText,
            chartDestination: ReportMarkdown.destination(
                RelativeLink.to(AdherenceChart.path(forStack: stack.id), from: htmlPath)),
            planned: adherence.plannedIDs.isEmpty
                ? "none" : ReportMarkdown.sentenceList(adherence.plannedIDs.map(name)),
            doses: adherence.percentTaken.map {
                "\(adherence.dosesTaken) of \(adherence.dosesPlanned) planned (\($0)%)"
            } ?? "none planned")
        if let first = adherence.firstDate, let last = adherence.lastDate {
            view.span =
                first == last
                ? "on \(first.longDescription)" : "from \(first.longDescription) to \(last.longDescription)"
            view.lastDate = last.longDescription
        }
        if adherence.untrackedDays > 0 {
            view.untracked = ReportMarkdown.count(adherence.untrackedDays, "day")
        }
        let extras = StackExtras(stack: stack, adherence: adherence)
        let inWords = { (items: [StackExtras.Item]) -> String? in
            items.isEmpty
                ? nil
                : ReportMarkdown.sentenceList(items.map { "\($0.name) on \(ReportMarkdown.count($0.days, "day"))" })
        }
        view.notCounted = inWords(extras.notCounted)
        view.extras = inWords(extras.notInPlan)
        return view
    }

    private func log(_ adherence: Adherence) -> [StackReportView.Day] {
        let planned = adherence.plannedIDs.count
        return adherence.days.map { day in
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
            var item = StackReportView.Day(date: day.date.longDescription, taken: taken)
            if !day.takenExtra.isEmpty {
                item.extra = ReportMarkdown.sentenceList(day.takenExtra.map(name))
            }
            if !day.notes.isEmpty {
                item.noteMarkdown = ReportMarkdown.indented(
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
