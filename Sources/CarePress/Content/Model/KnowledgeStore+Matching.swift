/// The adapter between the knowledge store and the matcher, whose source (`Matching/`) stands alone: the physio app
/// kit ships it unchanged, next to its own knowledge store (see `AppKitSources`).
extension KnowledgeStore {
    /// Every condition as the matcher's index is built from it, by name.
    public var matcherSources: [MatcherIndex.Source] {
        conditions.map { condition in
            MatcherIndex.Source(
                name: condition.name, slug: condition.slug, area: condition.bodyArea,
                areaName: area(condition.bodyArea)?.name, summary: condition.summary, aliases: condition.aliases,
                keywords: condition.keywords)
        }
    }
}

extension MatcherIndex {
    /// Builds the index of a knowledge store.
    public init(knowledge: KnowledgeStore) {
        self.init(conditions: knowledge.matcherSources, lexicon: knowledge.lexicon)
    }
}

extension ConditionMatcher {
    /// Creates a matcher over a knowledge store.
    public init(knowledge: KnowledgeStore) {
        self.init(index: MatcherIndex(knowledge: knowledge))
    }
}

extension EmergencyScreen {
    /// Creates the screen of a knowledge store's emergency signs.
    public init(knowledge: KnowledgeStore) {
        self.init(signs: knowledge.emergencySigns)
    }
}
