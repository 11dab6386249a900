/// The checks of a physio record against the knowledge store: the model's names are untrusted.
struct PhysioChecks {
    let knowledge: KnowledgeStore

    func check(_ physio: PhysioRecommendation, node: ContentNode, log: DiagnosticLog) {
        if let area = physio.bodyArea, knowledge.area(area) == nil {
            log.error(
                "unknown body area '\(area)'", at: node.child("bodyArea")?.position ?? physio.idPosition,
                path: ValuePath.root.key("bodyArea"), hint: Suggestion.hint(for: area, in: knowledge.areas.map(\.id)))
        }
        guard let response = physio.response else { return }
        let responsePath = ValuePath.root.key("response")
        if knowledge.condition(matching: response.conditionName) == nil {
            log.warning(
                "the model named a condition that is not in the knowledge store: '\(response.conditionName)'",
                at: response.conditionPosition, path: responsePath.key("conditionName"),
                hint: "the report shows it as not from the knowledge base, without a link")
        }
        for (index, exercise) in response.suggestedExercises.enumerated()
        where knowledge.exercise(matching: exercise.name) == nil {
            log.warning(
                "the model named an exercise that is not in the knowledge store: '\(exercise.name)'",
                at: exercise.position, path: responsePath.key("suggestedExercises").index(index),
                hint: "the report shows it as not from the knowledge base, without a link")
        }
        if response.suggestedExercises.count != 3 {
            log.warning(
                "the model suggested \(response.suggestedExercises.count) exercises; it is asked for exactly 3",
                at: node.child("response")?.child("suggestedExercises")?.position ?? physio.idPosition,
                path: responsePath.key("suggestedExercises"))
        }
    }
}
