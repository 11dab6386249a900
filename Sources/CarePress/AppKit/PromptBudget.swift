/// How much of the physio app's prompt the knowledge store can take: the longest context the app injects.
///
/// When its on-device model is available, the app injects the top three matches of a concern (each condition's
/// name, summary and red flags) into a 500-token prompt, and keeps the rest for its own instructions. Any three
/// conditions can come back together (a concern can name all three), so the longest context is that of the three
/// conditions with the most words. Tokens are estimated as 4 per 3 words, the usual rule of thumb for English
/// (about ¾ of a word per token); words are counted as `check` counts them, between spaces.
public struct PromptBudget: Sendable, Hashable, Codable {
    /// The most tokens the injected context may take.
    public static let tokenLimit = 300
    /// How many matches the app injects.
    public static let matchCount = 3

    /// The conditions of the longest context, longest first.
    public var conditions: [String]
    /// The words of that context.
    public var words: Int
    /// The estimated tokens of that context.
    public var tokens: Int
    /// The limit it is held to.
    public var limit: Int

    /// The longest context of a knowledge store.
    public init(knowledge: KnowledgeStore) {
        let ranked = knowledge.conditions.map { ($0.name, Self.words(in: $0)) }.sorted {
            $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0
        }.prefix(Self.matchCount)
        conditions = ranked.map(\.0)
        words = ranked.reduce(0) { $0 + $1.1 }
        tokens = Self.estimatedTokens(words: words)
        limit = Self.tokenLimit
    }

    /// Whether the longest context fits.
    public var fits: Bool { tokens <= limit }

    /// The words one condition adds to the context: its name, summary and red flags.
    public static func words(in condition: Condition) -> Int {
        ([condition.name, condition.summary] + condition.redFlags).reduce(0) { $0 + wordCount($1) }
    }

    /// The tokens a text of so many words is estimated to take: 4 per 3 words, rounded up.
    public static func estimatedTokens(words: Int) -> Int {
        (words * 4 + 2) / 3
    }

    /// The words of a text, separated by spaces, tabs and line breaks.
    public static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).count
    }

    /// One line for the terminal, e.g. `prompt budget: 212 words, about 283 tokens of 300 (A, B, C)`.
    public var line: String {
        "prompt budget: the longest injected context (\(Self.matchCount) summaries with their red flags) has "
            + "\(words) words, about \(tokens) tokens of \(limit) (\(DisplayText.escaped(conditions.joined(separator: ", "))))"
    }
}
