import Foundation

/// The data the matcher scores with: every condition's words with integer weights, and the lexicon, folded.
///
/// Weights are whole numbers, computed once here, so the guide's search script (which receives this index as
/// JSON) adds up exactly the same numbers as `carepress match` and ranks exactly the same way.
public struct MatcherIndex: Sendable, Codable, Hashable {
    /// One thing a patient might say about a condition: a keyword, an alias or the name, as read words.
    public struct Term: Sendable, Codable, Hashable {
        /// The folded, rewritten words of the term, in order.
        public var words: [String]
        /// The sum of its words' weights, doubled for a name or an alias: its bonus when its words appear in order.
        public var weight: Int
        /// Whether it is the condition's name or an alias.
        public var isName: Bool
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
        /// Whether it is an emergency (the lexicon's `urgentConditions`): it ranks only on evidence of its own.
        public var urgent: Bool
        /// Every word of its terms, once each, sorted.
        public var words: [String]
        /// Its naming words: words of its name or aliases that no other condition has, sorted. One is evidence
        /// enough.
        public var strongWords: [String]
        /// Its telling keywords: keywords of one word that no other condition has, sorted. One places a concern
        /// with the condition, but needs a second piece of evidence.
        public var tellingWords: [String]
        /// Its terms, in the order listed (name, aliases, keywords), each once.
        public var terms: [Term]
    }

    /// A phrase read as other words (from the lexicon's synonyms), or a body part's words and its areas.
    public struct Rewrite: Sendable, Codable, Hashable {
        /// The folded words that are replaced (or that name a body part).
        public var from: [String]
        /// The folded words read instead (or the body part's area ids).
        public var to: [String]
    }

    /// One condition's text, as the index is built from it: what a patient might call it, and where it is.
    public struct Source: Sendable, Hashable {
        /// The condition's name.
        public var name: String
        /// Its file-name form.
        public var slug: String
        /// Its body area id.
        public var area: String
        /// Its body area's display name (body parts come from the lexicon; kept for callers).
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
    /// How much each word of a condition is worth: rarer words across conditions count for more.
    public var weights: [String: Int]
    /// How much naming a condition's body area is worth, by area id (rarer areas count for more).
    public var areaWeights: [String: Int]
    /// The lexicon's synonyms, folded: longest phrase first, then in file order.
    public var rewrites: [Rewrite]
    /// The lexicon's body parts, folded: longest phrase first, then in file order; `to` holds area ids.
    public var bodyParts: [Rewrite]
    /// The lexicon's words and phrases that point away from the muscles and joints, folded and read through the
    /// synonyms (as a condition's keywords are), each once, in file order.
    public var notMusculoskeletal: [[String]]
    /// Their folded words as typed, sorted: a concern word among them is never corrected to another word.
    public var notMusculoskeletalWords: [String]
    /// The words after which such a phrase does not count ("no fever"): the emergency screen's negations, folded.
    public var negations: [String]
    /// Every folded word a concern word may be corrected to, sorted.
    public var vocabulary: [String]
    /// The stop words, so the script drops the same ones.
    public var stopWords: [String]

    /// Inverse document frequency × 100, at least 10: `count` conditions, `frequency` of them with the evidence.
    static func weight(count: Int, frequency: Int) -> Int {
        max(10, Int((100 * log(Double(count + 1) / Double(max(frequency, 1)))).rounded()))
    }

    /// Builds the index of some conditions, in the order given, read through a lexicon.
    public init(conditions: [Source], lexicon: MatcherLexicon = .empty) {
        func folded(_ phrases: [(from: String, to: [String])]) -> [Rewrite] {
            var seen = Set<[String]>()
            let rewrites = phrases.compactMap { phrase -> Rewrite? in
                let words = ConcernText.words(phrase.from)
                guard !words.isEmpty, seen.insert(words).inserted else { return nil }
                return Rewrite(from: words, to: phrase.to)
            }
            return rewrites.enumerated().sorted {
                ($1.element.from.count, $0.offset) < ($0.element.from.count, $1.offset)
            }
            .map(\.element)
        }
        rewrites = folded(
            lexicon.synonyms.flatMap { synonym in synonym.says.map { ($0, ConcernText.words(synonym.means)) } })
        bodyParts = folded(lexicon.bodyParts.flatMap { part in part.words.map { ($0, part.areas) } })
        let rewrites = self.rewrites
        let urgent = Set(lexicon.urgentConditions)
        let read = conditions.map { source -> (terms: [(words: [String], isName: Bool)], words: Set<String>) in
            var seen = Set<[String]>()
            let named = ([source.name] + source.aliases).map { ($0, true) } + source.keywords.map { ($0, false) }
            let terms = named.compactMap { text, isName -> (words: [String], isName: Bool)? in
                let words = Self.rewrite(ConcernText.words(text), rewrites).words
                guard !words.isEmpty, seen.insert(words).inserted else { return nil }
                return (words, isName)
            }
            return (terms, Set(terms.flatMap(\.words)))
        }
        var frequency: [String: Int] = [:]
        for entry in read {
            for word in entry.words { frequency[word, default: 0] += 1 }
        }
        let weights = frequency.mapValues { Self.weight(count: conditions.count, frequency: $0) }
        var areaCounts: [String: Int] = [:]
        for source in conditions { areaCounts[source.area, default: 0] += 1 }
        self.weights = weights
        areaWeights = areaCounts.mapValues { Self.weight(count: conditions.count, frequency: $0) }
        entries = zip(conditions, read).map { source, read in
            let nameWords = Set(read.terms.filter(\.isName).flatMap(\.words))
            return Entry(
                name: source.name, slug: source.slug, area: source.area, summary: source.summary,
                urgent: urgent.contains(source.name), words: read.words.sorted(),
                strongWords: nameWords.filter { frequency[$0] == 1 }.sorted(),
                tellingWords: Set(read.terms.filter { !$0.isName && $0.words.count == 1 }.map { $0.words[0] })
                    .filter { frequency[$0] == 1 }.sorted(),
                terms: read.terms.map { term in
                    let base = term.words.reduce(0) { $0 + (weights[$1] ?? 0) }
                    return Term(words: term.words, weight: term.isName ? 2 * base : base, isName: term.isName)
                })
        }
        var seenAway = Set<[String]>()
        var awayWords = Set<String>()
        notMusculoskeletal = lexicon.notMusculoskeletal.flatMap(\.says).compactMap { phrase in
            let typed = ConcernText.words(phrase)
            awayWords.formUnion(typed)
            let words = Self.rewrite(typed, rewrites).words
            guard !words.isEmpty, seenAway.insert(words).inserted else { return nil }
            return words
        }
        notMusculoskeletalWords = awayWords.sorted()
        negations = Set(EmergencyScreen.defaultNegations.flatMap(ConcernText.words)).sorted()
        var vocabulary = Set(frequency.keys)
        for rewrite in self.rewrites { vocabulary.formUnion(rewrite.from) }
        for part in bodyParts { vocabulary.formUnion(part.from) }
        self.vocabulary = vocabulary.sorted()
        stopWords = ConcernText.stopWords.sorted()
    }

    /// The words with each synonym phrase replaced by what it means, reading left to right, longest phrase first;
    /// with each read word, the position of the word it came from.
    public static func rewrite(_ words: [String], _ rewrites: [Rewrite]) -> (words: [String], groups: [Int]) {
        var result: [String] = []
        var groups: [Int] = []
        var start = 0
        while start < words.count {
            if let rewrite = rewrites.first(where: { Self.startsWith(words, at: start, $0.from) }) {
                result += rewrite.to
                groups += Array(repeating: start, count: rewrite.to.count)
                start += rewrite.from.count
            } else {
                result.append(words[start])
                groups.append(start)
                start += 1
            }
        }
        return (result, groups)
    }

    /// The body parts the words name: for each body area, where the phrases naming it start; and for each word of
    /// a body-part phrase, where its phrase starts. Read left to right, longest phrase first.
    public static func areas(_ words: [String], _ bodyParts: [Rewrite]) -> (
        areas: [String: Set<Int>], parts: [Int: Int]
    ) {
        var areas: [String: Set<Int>] = [:]
        var parts: [Int: Int] = [:]
        var start = 0
        while start < words.count {
            guard let part = bodyParts.first(where: { Self.startsWith(words, at: start, $0.from) }) else {
                start += 1
                continue
            }
            for position in start..<(start + part.from.count) { parts[position] = start }
            for area in part.to { areas[area, default: []].insert(start) }
            start += part.from.count
        }
        return (areas, parts)
    }

    /// Whether `phrase` appears in `words` from `start`.
    static func startsWith(_ words: [String], at start: Int, _ phrase: [String]) -> Bool {
        guard start + phrase.count <= words.count else { return false }
        for offset in phrase.indices where words[start + offset] != phrase[offset] { return false }
        return true
    }
}
