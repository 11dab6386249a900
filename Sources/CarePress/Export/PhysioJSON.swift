/// A physio recommendation normalised for the `json` export: the model's names next to what the knowledge
/// store matched them to (or null), and the store's own top matches when the model gave no answer.
struct PhysioJSON {
    let physio: PhysioRecommendation
    let knowledge: KnowledgeStore

    var value: JSONValue {
        let area: JSONValue =
            physio.bodyArea.map { id in
                .object([("id", .string(id)), ("name", .string(knowledge.area(id)?.name))])
            } ?? .null
        let response: JSONValue =
            physio.response.map { response in
                .object([
                    ("reasoning", .string(response.reasoning)),
                    (
                        "condition",
                        .object([
                            ("name", .string(response.conditionName)),
                            (
                                "match",
                                knowledge.condition(matching: response.conditionName).map {
                                    match($0.name, GuidePaths.condition($0))
                                } ?? .null
                            ),
                        ])
                    ),
                    (
                        "exercises",
                        .array(
                            response.suggestedExercises.map { exercise in
                                .object([
                                    ("name", .string(exercise.name)),
                                    (
                                        "match",
                                        knowledge.exercise(matching: exercise.name).map {
                                            match($0.name, GuidePaths.exercise($0))
                                        } ?? .null
                                    ),
                                ])
                            })
                    ),
                    ("encouragement", .string(response.encouragement)),
                ])
            } ?? .null
        let fallback = PhysioFallback.matches(
            for: physio, knowledge: knowledge, matcher: ConditionMatcher(knowledge: knowledge)
        ).compactMap { match in knowledge.condition(named: match.name).map { (match, $0) } }
        return .object([
            ("createdAt", ExportDocument.timestamp(physio.createdAt)),
            ("concern", .string(physio.concern)),
            ("bodyArea", area),
            ("response", response),
            ("unavailableReason", .string(physio.unavailableReason)),
            (
                "fallbackMatches",
                .array(
                    fallback.map { match, condition in
                        .object([
                            ("name", .string(match.name)), ("area", .string(match.area)),
                            ("score", .integer(match.score)), ("page", .string(GuidePaths.condition(condition))),
                        ])
                    })
            ),
            ("transcript", ExportDocument.transcript(physio.transcript)),
        ])
    }

    /// A knowledge-store entry a name matched: its own name and its guide page, relative to the output folder.
    private func match(_ name: String, _ page: String) -> JSONValue {
        .object([("name", .string(name)), ("page", .string(page))])
    }
}
