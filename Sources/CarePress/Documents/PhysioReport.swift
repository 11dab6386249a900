/// The report of a physio recommendation: the concern, the condition and exercises as the knowledge store has
/// them, and the model's own words clearly labelled as generated.
struct PhysioReport {
    let physio: PhysioRecommendation
    let knowledge: KnowledgeStore

    static let template = "reports/physio.md"

    var htmlPath: String { ReportPaths.html(kind: .physio, id: physio.id) }

    var title: String { "Recovery recommendation" }

    var summary: ReportSummary {
        let detail: String
        if let response = physio.response {
            detail =
                knowledge.condition(matching: response.conditionName)?.name ?? "condition not in the knowledge base"
        } else {
            detail = "no personalised answer"
        }
        return ReportSummary(
            kind: .physio, id: physio.id, title: physio.concern, detail: detail, date: physio.createdAt,
            htmlPath: htmlPath)
    }

    var context: [String: Any] {
        var context: [String: Any] = [
            "id": physio.id,
            "title": title,
            "concern": physio.concern,
            "transcript": TranscriptView.messages(physio.transcript, knowledge: knowledge, from: htmlPath),
            "hasTranscript": !physio.transcript.isEmpty,
        ]
        if let date = physio.createdAt { context["createdAt"] = date.longDescription }
        if let area = physio.bodyArea.flatMap(knowledge.area) { context["area"] = area.name }
        if let response = physio.response {
            var model: [String: Any] = [
                "reasoning": response.reasoning,
                "encouragement": response.encouragement,
                "exercises": response.suggestedExercises.map { exerciseContext($0.name) },
            ]
            if let condition = knowledge.condition(matching: response.conditionName) {
                model["condition"] = conditionContext(condition)
            } else {
                model["unknownCondition"] = response.conditionName
            }
            context["response"] = model
        } else {
            context["unavailable"] = ["reason": physio.unavailableReason ?? "The recovery assistant was not available."]
        }
        return context
    }

    func conditionContext(_ condition: Condition) -> [String: Any] {
        var context: [String: Any] = [
            "name": condition.name,
            "href": RelativeLink.to(GuidePaths.condition(condition), from: htmlPath),
            "summary": condition.summary,
            "redFlags": condition.redFlags,
        ]
        if let recovery = condition.typicalRecovery { context["typicalRecovery"] = recovery }
        return context
    }

    private func exerciseContext(_ name: String) -> [String: Any] {
        guard let exercise = knowledge.exercise(matching: name) else {
            return ["name": name, "unknown": true]
        }
        return [
            "name": exercise.name,
            "href": RelativeLink.to(GuidePaths.exercise(exercise), from: htmlPath),
            "dosage": exercise.dosage,
            "steps": exercise.steps,
        ]
    }
}
