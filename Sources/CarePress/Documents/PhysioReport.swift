/// The report of a physio recommendation: the concern, the condition and exercises as the knowledge store has
/// them, and the model's own words clearly labelled as generated.
///
/// The condition, its summary, its red flags and the exercises' instructions come from the knowledge store, matched
/// by name; a name the model gave that the store does not have is shown as such and never linked. Without a response,
/// or when the model's condition is not in the store, the condition matcher's top matches for the concern are shown
/// with their red flags, so a physio report always carries red flags when the guide has any for the concern.
struct PhysioReport: Report {
    let physio: PhysioRecommendation
    let knowledge: KnowledgeStore
    let matcher: ConditionMatcher
    /// The emergency signs the concern carries, in file order: the report shows their advice first.
    let urgentSigns: [EmergencyScreen.UrgentSign]
    /// The matcher's conditions, worked out on first use: the matcher is the costly part of a physio report, and
    /// both the view model and the required texts need them, while the summary does not.
    private let matchesFound = MatchesFound()

    /// The matches once found (a report is made and used by one worker).
    private final class MatchesFound {
        var conditions: [Condition]?
    }

    /// A physio record's report; `screen` finds the emergency signs of its concern.
    init(physio: PhysioRecommendation, knowledge: KnowledgeStore, matcher: ConditionMatcher, screen: EmergencyScreen) {
        self.physio = physio
        self.knowledge = knowledge
        self.matcher = matcher
        self.urgentSigns = screen.urgentSigns(in: physio.concern)
    }

    /// The report's Markdown template.
    static let template = "reports/physio.md"

    var template: String { Self.template }
    var appendixTemplate: String { TranscriptView.template }

    /// The path of the HTML report.
    var htmlPath: String { ReportPaths.html(kind: .physio, id: physio.id) }

    /// The page title.
    var title: String { "Recovery recommendation" }

    /// The knowledge store's condition for the model's condition name, if the model answered and the store has it.
    var condition: Condition? {
        physio.response.flatMap { knowledge.condition(matching: $0.conditionName) }
    }

    /// The conditions the matcher finds for the concern, shown when there is no known condition to show.
    ///
    /// Within the body area the patient picked, when that gives any, otherwise across the whole guide; at most three.
    var matches: [Condition] {
        if let conditions = matchesFound.conditions { return conditions }
        let conditions = PhysioFallback.matches(for: physio, knowledge: knowledge, matcher: matcher).compactMap {
            knowledge.condition(named: $0.name)
        }
        matchesFound.conditions = conditions
        return conditions
    }

    /// The conditions whose red flags the report shows: the known condition, or every match.
    var conditionsShown: [Condition] {
        condition.map { [$0] } ?? matches
    }

    /// The names the model gave that the knowledge store does not have.
    var unknownNames: [String] {
        guard let response = physio.response else { return [] }
        var names: [String] = []
        if condition == nil { names.append(response.conditionName) }
        names += response.suggestedExercises.map(\.name).filter { knowledge.exercise(matching: $0) == nil }
        return names
    }

    /// The report's line in the reports index.
    var summary: ReportSummary {
        let heading: String
        let status: String
        if physio.response == nil {
            (heading, status) = ("No personalised answer", "Guide matches only")
        } else if let condition {
            (heading, status) = (condition.name, "Personalised answer")
        } else {
            (heading, status) = ("Condition not in the guide", "Personalised answer")
        }
        return ReportSummary(
            kind: .physio, id: physio.id, title: "\(title): \(heading)", patient: nil, status: status,
            detail: "“\(physio.concern)”", date: physio.createdAt, htmlPath: htmlPath, attention: attention)
    }

    /// Why the record needs attention: a condition or exercises the model named that the guide does not have (the
    /// report falls back on the guide's matches for an unknown condition), or no personalised answer.
    var attention: Attention {
        var findings: [(level: Attention.Level, reason: String)] = []
        if !urgentSigns.isEmpty {
            let signs = urgentSigns.map(\.sign).joined(separator: ", ")
            findings.append(
                (.urgent, "The concern describes an emergency sign (\(signs)): the report says to get help now"))
        }
        if let response = physio.response {
            if condition == nil {
                findings.append(
                    (
                        .review,
                        "The recovery assistant's condition is not in the guide, so the report shows the guide's matches instead"
                    ))
            }
            let exercises = response.suggestedExercises.filter { knowledge.exercise(matching: $0.name) == nil }.count
            if exercises > 0 {
                findings.append(
                    (.review, "\(ReportMarkdown.count(exercises, "suggested exercise")) not in the guide"))
            }
        } else {
            findings.append((.followUp, "No personalised answer: the report shows the guide's matches instead"))
        }
        return Attention(findings)
    }

    /// The texts the rendered report must show, each with what it is: the disclaimer and every red flag shown.
    func requiredTexts(disclaimer: String) -> [(what: String, text: String)] {
        var required = [(what: "the disclaimer from site.yml", text: disclaimer)]
        for sign in urgentSigns {
            required.append((what: "the advice of the emergency sign '\(sign.sign)'", text: sign.advice))
        }
        for condition in conditionsShown {
            for flag in condition.redFlags {
                required.append((what: "the red flag of \(condition.name) '\(flag)'", text: flag))
            }
        }
        return required
    }

    /// The view model of `reports/physio.md.mustache` and its transcript appendix.
    var viewModel: any ViewModel {
        let condition = self.condition
        var view = PhysioReportView(
            id: physio.id, title: title, concernMarkdown: ReportMarkdown.quoted(physio.concern),
            createdAt: physio.createdAt?.longDescription, area: physio.bodyArea.flatMap(knowledge.area)?.name,
            condition: condition.map { conditionView($0, rank: nil) },
            matches: matches.enumerated().map { conditionView($1, rank: $0 + 1) },
            urgentSigns: urgentSigns.map { PhysioReportView.Named(key: "advice", text: $0.advice) },
            transcript: TranscriptView.turns(physio.transcript, knowledge: knowledge, from: htmlPath))
        if let response = physio.response {
            if condition == nil { view.unknownCondition = .init(key: "name", text: response.conditionName) }
            view.response = PhysioReportView.Response(
                reasoningMarkdown: ReportMarkdown.quoted(response.reasoning),
                encouragementMarkdown: ReportMarkdown.quoted(response.encouragement),
                exercises: response.suggestedExercises.enumerated().map { exerciseView($1.name, number: $0 + 1) })
        } else {
            view.unavailable = .init(
                key: "reason", text: physio.unavailableReason ?? "The recovery assistant was not available.")
        }
        return view
    }

    private func conditionView(_ condition: Condition, rank: Int?) -> PhysioReportView.Condition {
        PhysioReportView.Condition(
            name: condition.name,
            hrefDestination: ReportMarkdown.destination(
                RelativeLink.to(GuidePaths.condition(condition), from: htmlPath)),
            summary: condition.summary, redFlags: condition.redFlags, rank: rank.map { String($0) },
            typicalRecovery: condition.typicalRecovery)
    }

    private func exerciseView(_ name: String, number: Int) -> PhysioReportView.Exercise {
        guard let exercise = knowledge.exercise(matching: name) else {
            return .unknown(number: String(number), name: name)
        }
        return .known(
            number: String(number), name: exercise.name,
            hrefDestination: ReportMarkdown.destination(RelativeLink.to(GuidePaths.exercise(exercise), from: htmlPath)),
            dosage: exercise.dosage,
            steps: exercise.steps.enumerated().map { .init(number: String($0 + 1), text: $1) },
            cautions: exercise.cautions)
    }
}
