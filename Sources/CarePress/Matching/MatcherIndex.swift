import Foundation

/// The data the matcher scores with: every condition's terms as folded words with integer weights.
///
/// Weights are whole numbers, computed once here, so the guide's search script (which receives this index as
/// JSON) adds up exactly the same numbers as `carepress match` and ranks exactly the same way.
public struct MatcherIndex: Sendable, Codable, Hashable {
    /// One thing a patient might say about a condition: a keyword, a phrase, an alias or the name.
    public struct Term: Sendable, Codable, Hashable {
        /// The folded words of the term, in order.
        public var words: [String]
        /// What the term scores when all its words appear together, in order.
        public var weight: Int
    }

    /// One condition as the matcher sees it.
    public struct Entry: Sendable, Codable, Hashable {
        /// The condition's name.
        public var name: String
        /// Its file-name form.
        public var slug: String
        /// Its body area id.
        public var area: String
        /// Its summary, for showing results.
        public var summary: String
        /// What it matches on.
        public var terms: [Term]
    }

    /// One condition's text, as the index is built from it: what a patient might call it, and where it is.
    public struct Source: Sendable, Hashable {
        /// The condition's name.
        public var name: String
        /// Its file-name form.
        public var slug: String
        /// Its body area id.
        public var area: String
        /// Its body area's display name, matched like a keyword; nil when the area is unknown.
        public var areaName: String?
        /// Its summary, for showing results.
        public var summary: String
        /// Other names people use for it, matched like its name.
        public var aliases: [String]
        /// Words and phrases patients use for it.
        public var keywords: [String]

        /// Describes a condition for the index.
        public init(
            name: String, slug: String, area: String, areaName: String?, summary: String, aliases: [String],
            keywords: [String]
        ) {
            self.name = name
            self.slug = slug
            self.area = area
            self.areaName = areaName
            self.summary = summary
            self.aliases = aliases
            self.keywords = keywords
        }
    }

    /// Every condition, by name.
    public var entries: [Entry]
    /// Every folded word that appears in a term, sorted; concern words within one edit of one of them are corrected.
    public var vocabulary: [String]
    /// The stop words, so the script drops the same ones.
    public var stopWords: [String]

    /// How much a word is worth: rarer words across conditions count for more (inverse document frequency × 100).
    static func wordWeights(_ entries: [[String]], count: Int) -> [String: Int] {
        var documents: [String: Int] = [:]
        for words in entries {
            for word in Set(words) { documents[word, default: 0] += 1 }
        }
        var weights: [String: Int] = [:]
        for (word, frequency) in documents {
            let ratio = Double(count + 1) / Double(frequency)
            weights[word] = max(10, Int((100 * log(ratio)).rounded()))
        }
        return weights
    }

    /// Builds the index of some conditions, in the order given.
    public init(conditions: [Source]) {
        struct Raw {
            var source: Source
            var terms: [(words: [String], isName: Bool)]
        }
        let raws = conditions.map { source -> Raw in
            var terms: [(words: [String], isName: Bool)] = []
            terms.append((ConcernText.words(source.name), true))
            terms += source.aliases.map { (ConcernText.words($0), true) }
            terms += source.keywords.map { (ConcernText.words($0), false) }
            if let areaName = source.areaName {
                terms.append((ConcernText.words(areaName), false))
            }
            return Raw(source: source, terms: terms.filter { !$0.words.isEmpty })
        }
        let weights = Self.wordWeights(raws.map { $0.terms.flatMap(\.words) }, count: raws.count)
        var seen = Set<[String]>()
        entries = raws.map { raw in
            seen.removeAll()
            let terms = raw.terms.compactMap { term -> Term? in
                guard seen.insert(term.words).inserted else { return nil }
                let base = term.words.reduce(0) { $0 + (weights[$1] ?? 0) }
                return Term(words: term.words, weight: term.isName ? base * 2 : base)
            }
            return Entry(
                name: raw.source.name, slug: raw.source.slug, area: raw.source.area, summary: raw.source.summary,
                terms: terms)
        }
        vocabulary = Set(entries.flatMap { $0.terms.flatMap(\.words) }).sorted()
        stopWords = ConcernText.stopWords.sorted()
    }
}
