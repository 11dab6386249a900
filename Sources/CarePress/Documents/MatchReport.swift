import Foundation

/// The result of `carepress match`, as text for people or one JSON object for scripts.
public struct MatchReport: Sendable, Codable {
    /// One matching condition.
    public struct Item: Sendable, Codable {
        /// The condition's name.
        public var name: String
        /// Its body area id.
        public var area: String
        /// How well it fits.
        public var score: Int
        /// What it is, in at most 60 words.
        public var summary: String
        /// Its guide page, relative to the output folder.
        public var page: String
    }

    /// The concern as given.
    public var concern: String
    /// The body area filter, if any.
    public var area: String?
    /// The emergency signs the concern carries, in file order: their advice comes before any condition.
    public var urgentSigns: [EmergencyScreen.UrgentSign]
    /// The best conditions, best first.
    public var matches: [Item]

    /// Matches a concern against a project's knowledge store.
    public init(concern: String, area: String?, knowledge: KnowledgeStore, limit: Int = 3) {
        self.concern = concern
        self.area = area
        self.urgentSigns = EmergencyScreen(knowledge: knowledge).urgentSigns(in: concern)
        self.matches = ConditionMatcher(knowledge: knowledge).matches(for: concern, area: area, limit: limit).compactMap
        { match in
            guard let condition = knowledge.condition(named: match.name) else { return nil }
            return Item(
                name: match.name, area: match.area, score: match.score, summary: condition.summary,
                page: GuidePaths.condition(condition))
        }
    }

    /// Pretty, key-sorted JSON.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The advice of each urgent sign first, then numbered lines with each condition's summary, or a sentence saying
    /// nothing matched.
    public var text: String {
        let urgent = urgentSigns.map { "URGENT (\($0.sign)): \($0.advice)\n" }.joined()
        guard !matches.isEmpty else {
            return urgent + (urgent.isEmpty ? "" : "\n")
                + "No condition in the knowledge store matches that concern. Try other words, or leave out --area."
        }
        return urgent + (urgent.isEmpty ? "" : "\n")
            + matches.enumerated().map { index, item in
                "\(index + 1). \(item.name) (\(item.area), score \(item.score))\n   \(item.summary)\n   \(item.page)"
            }.joined(separator: "\n")
    }
}
