/// The report of a physio recommendation: the concern, the condition and exercises as the knowledge store has
/// them, and the model's own words clearly labelled as generated.
///
/// The condition, its summary, its red flags and the exercises' instructions come from the knowledge store, matched
/// by name; a name the model gave that the store does not have is shown as such and never linked. Without a response,
/// or when the model's condition is not in the store, the condition matcher's top matches for the concern are shown
/// with their red flags, so a physio report always carries red flags when the guide has any for the concern.
struct PhysioReport {
    let physio: PhysioRecommendation
    let knowledge: KnowledgeStore
    let matcher: ConditionMatcher

    /// The report's Markdown template.
    static let template = "reports/physio.md"

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
        PhysioFallback.matches(for: physio, knowledge: knowledge, matcher: matcher).compactMap {
            knowledge.condition(named: $0.name)
        }
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
        for condition in conditionsShown {
            for flag in condition.redFlags {
                required.append((what: "the red flag of \(condition.name) '\(flag)'", text: flag))
            }
        }
        return required
    }

    /// The view model of `reports/physio.md.mustache` and its transcript appendix.
    ///
    /// Pre-escaped Markdown keys: `concernMarkdown`, `reasoningMarkdown`, `encouragementMarkdown`, `bodyMarkdown`
    /// (in `transcript`); link destinations: `hrefDestination`.
    var context: [String: Any] {
        var context: [String: Any] = [
            "id": physio.id,
            "title": title,
            "concernMarkdown": ReportMarkdown.quoted(physio.concern),
            "transcript": TranscriptView.turns(physio.transcript, knowledge: knowledge, from: htmlPath),
            "hasTranscript": !physio.transcript.isEmpty,
        ]
        if let date = physio.createdAt { context["createdAt"] = date.longDescription }
        if let area = physio.bodyArea.flatMap(knowledge.area) { context["area"] = area.name }
        if let condition {
            context["condition"] = conditionContext(condition, rank: nil)
        }
        let matches = self.matches
        context["matches"] = matches.enumerated().map { conditionContext($1, rank: $0 + 1) }
        context["hasMatches"] = !matches.isEmpty
        context["noMatches"] = condition == nil && matches.isEmpty
        if let response = physio.response {
            if condition == nil { context["unknownCondition"] = ["name": response.conditionName] }
            let exercises = response.suggestedExercises.enumerated().map { exerciseContext($1.name, number: $0 + 1) }
            context["response"] = [
                "reasoningMarkdown": ReportMarkdown.quoted(response.reasoning),
                "encouragementMarkdown": ReportMarkdown.quoted(response.encouragement),
                "exercises": exercises,
                "hasExercises": !exercises.isEmpty,
            ]
        } else {
            context["unavailable"] = [
                "reason": physio.unavailableReason ?? "The recovery assistant was not available."
            ]
        }
        return context
    }

    private func conditionContext(_ condition: Condition, rank: Int?) -> [String: Any] {
        var context: [String: Any] = [
            "name": condition.name,
            "hrefDestination": ReportMarkdown.destination(
                RelativeLink.to(GuidePaths.condition(condition), from: htmlPath)),
            "summary": condition.summary,
            "redFlags": condition.redFlags,
            "hasRedFlags": !condition.redFlags.isEmpty,
        ]
        if let rank { context["rank"] = String(rank) }
        if let recovery = condition.typicalRecovery { context["typicalRecovery"] = recovery }
        return context
    }

    private func exerciseContext(_ name: String, number: Int) -> [String: Any] {
        guard let exercise = knowledge.exercise(matching: name) else {
            return ["number": String(number), "name": name, "unknown": true]
        }
        return [
            "number": String(number),
            "name": exercise.name,
            "known": true,
            "hrefDestination": ReportMarkdown.destination(
                RelativeLink.to(GuidePaths.exercise(exercise), from: htmlPath)),
            "dosage": exercise.dosage,
            "steps": exercise.steps.enumerated().map { ["number": String($0 + 1), "text": $1] },
            "cautions": exercise.cautions,
            "hasCautions": !exercise.cautions.isEmpty,
        ]
    }
}
