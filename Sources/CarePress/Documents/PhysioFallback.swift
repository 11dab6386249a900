/// Which guide conditions stand in for the model's answer, for the physio report and the physio export alike.
enum PhysioFallback {
    /// The matcher's conditions for the concern when there is no known condition to show: when the model gave no
    /// answer, or named a condition the knowledge store does not have.
    ///
    /// Within the body area the patient picked, when that gives any, otherwise across the whole guide; at most three.
    /// The matcher is passed in so that a build makes its index once, not once per record.
    static func matches(
        for physio: PhysioRecommendation, knowledge: KnowledgeStore, matcher: ConditionMatcher
    ) -> [ConditionMatcher.Match] {
        if let response = physio.response, knowledge.condition(matching: response.conditionName) != nil {
            return []
        }
        var found = matcher.matches(for: physio.concern, area: physio.bodyArea)
        if found.isEmpty && physio.bodyArea != nil {
            found = matcher.matches(for: physio.concern)
        }
        return found
    }
}
