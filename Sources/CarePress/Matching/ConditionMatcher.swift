/// Finds the conditions of the knowledge store that best fit a concern in a patient's own words.
///
/// The same algorithm serves `carepress match`, the physio reports' fallback, the physio app (`carepress app-kit`
/// ships this folder's source unchanged, so it must stay Foundation-only and self-contained) and (ported to
/// JavaScript over the same index) the guide's search:
///
/// 1. The concern is folded into words (`ConcernText`). A word of five characters or more that is not in the
///    vocabulary is replaced by the one vocabulary word within one edit of it (an insertion, a deletion, a
///    substitution or two neighbours swapped), when there is exactly one (`ankel` → `ankle`).
/// 2. The lexicon's synonyms are read in (`MatcherIndex.rewrite`: "pins and needles" → "tingle"), and its body
///    parts name body areas (`MatcherIndex.areas`: "heel" → ankle and foot).
/// 3. A condition scores the weight of each distinct concern word among its words (rarer words weigh more), the
///    weight of its area when the concern names it, and each of its terms' weight again when the term's words
///    appear in order (half when they all appear, apart).
/// 4. It is a match only on enough evidence: two concern words that fit it (its words or its area), or one of its
///    telling words (`Entry.strongWords`); and its area named, one of its terms in order, or a telling word. An
///    urgent condition also needs one of its terms of two words or more in order, or a telling word. A concern
///    with a word or phrase that points away from the muscles and joints (the lexicon's `notMusculoskeletal`:
///    "rash", "sore throat") matches only conditions whose own words include it, unless the phrase comes right after
///    a negation ("no fever"); such words are never corrected.
/// 5. Matches are ranked by score, then by name.
///
/// Only the first `maximumWords` words of a concern are read, so matching costs at most a fixed amount after the
/// linear pass that splits the text into words; records and `carepress match` reject a concern longer than
/// `maximumConcernLength` characters with a clear message, and the guide's search reads the same number of words.
public struct ConditionMatcher: Sendable {
    /// The most characters (Unicode scalars) a concern may have in a record or `carepress match`.
    public static let maximumConcernLength = 10_000
    /// The most words of a concern the matcher reads (a concern within `maximumConcernLength` never has more).
    public static let maximumWords = 5_000
    /// The fewest characters a word needs before a spelling slip in it is corrected.
    public static let correctedLength = 5

    /// One condition that fits a concern.
    public struct Match: Sendable, Hashable {
        /// The condition's name.
        public var name: String
        /// Its file-name form.
        public var slug: String
        /// Its body area id.
        public var area: String
        /// How well it fits: the sum of its evidence's weights.
        public var score: Int
        /// The terms whose words all appear, as read words joined by spaces, in the order they are listed.
        public var matchedTerms: [String]
    }

    /// A condition word found in at most this many conditions is evidence of the condition's own (step 4).
    public static let rareFrequency = 2

    /// The index scored against.
    public let index: MatcherIndex
    private let vocabulary: Set<String>
    /// The vocabulary words a slip may be corrected to, by their length in characters, each with its scalars.
    private let correctable: [Int: [(word: String, scalars: [Unicode.Scalar])]]
    /// For each word, the entries (by position) that have it; for each area, its entries.
    private let postings: [String: [Int]]
    private let byArea: [String: [Int]]
    /// Each entry's words, naming words and telling words, as sets.
    private let entrySets: [(words: Set<String>, strong: Set<String>, telling: Set<String>)]
    /// How many conditions have each word.
    private let frequencies: [String: Int]
    /// Every word of a body-part phrase.
    private let partWords: Set<String>
    /// The phrases that point away from the muscles and joints, by their first word; and their typed words.
    private let awayByFirst: [String: [[String]]]
    private let awayWords: Set<String>
    private let negations: Set<String>

    /// Creates a matcher over an index.
    public init(index: MatcherIndex) {
        self.index = index
        self.vocabulary = Set(index.vocabulary)
        var correctable: [Int: [(word: String, scalars: [Unicode.Scalar])]] = [:]
        for known in index.vocabulary where known.count >= Self.correctedLength {
            correctable[known.count, default: []].append((known, Array(known.unicodeScalars)))
        }
        self.correctable = correctable
        var postings: [String: [Int]] = [:]
        var byArea: [String: [Int]] = [:]
        var frequencies: [String: Int] = [:]
        for (position, entry) in index.entries.enumerated() {
            for word in entry.words {
                postings[word, default: []].append(position)
                frequencies[word, default: 0] += 1
            }
            byArea[entry.area, default: []].append(position)
        }
        self.postings = postings
        self.byArea = byArea
        self.frequencies = frequencies
        entrySets = index.entries.map { (Set($0.words), Set($0.strongWords), Set($0.tellingWords)) }
        partWords = Set(index.bodyParts.flatMap(\.from))
        awayByFirst = Dictionary(grouping: index.notMusculoskeletal.filter { !$0.isEmpty }, by: { $0[0] })
        awayWords = Set(index.notMusculoskeletalWords)
        negations = Set(index.negations)
    }

    /// The best `limit` conditions for a concern, optionally only within one body area.
    public func matches(for concern: String, area: String? = nil, limit: Int = 3) -> [Match] {
        let typed = Array(ConcernText.words(concern).prefix(Self.maximumWords))
        let fixed = corrected(typed)
        let slips = Set(fixed.indices.filter { fixed[$0] != typed[$0] })
        let read = MatcherIndex.rewrite(fixed, index.rewrites)
        let words = read.words
        guard !words.isEmpty else { return [] }
        let present = Set(words)
        let named = MatcherIndex.areas(words, index.bodyParts)
        let away = awayPhrases(words)
        var candidates = Set<Int>()
        for word in present { candidates.formUnion(postings[word] ?? []) }
        for namedArea in named.areas.keys { candidates.formUnion(byArea[namedArea] ?? []) }
        var results: [Match] = []
        for position in candidates {
            let entry = index.entries[position]
            if let area, entry.area != area { continue }
            let sets = entrySets[position]
            guard away.allSatisfy({ sets.words.isSuperset(of: $0) }) else { continue }
            // The pieces of evidence: a word; all the words read from one corrected word; one body-part phrase.
            var found = Set<String>()
            var units = Set<String>()
            var ownUnits = Set<String>()
            var strong = false
            var telling = false
            for (n, word) in words.enumerated() where sets.words.contains(word) {
                found.insert(word)
                let group = read.groups[n]
                let unit = slips.contains(group) ? " s\(group)" : named.parts[n].map { " p\($0)" } ?? word
                units.insert(unit)
                if named.parts[n] == nil { ownUnits.insert(unit) }
                if !slips.contains(group) && named.parts[n] == nil {
                    strong = strong || sets.strong.contains(word)
                    telling = telling || sets.telling.contains(word)
                }
            }
            let areaStarts = named.areas[entry.area]
            for start in areaStarts ?? [] { units.insert(" p\(start)") }
            var score = found.reduce(0) { $0 + (index.weights[$1] ?? 0) }
            if areaStarts != nil { score += index.areaWeights[entry.area] ?? 0 }
            var longInOrder = false
            var matched: [String] = []
            for term in entry.terms where term.words.allSatisfy(present.contains) {
                if Self.containsRun(words, term.words) {
                    longInOrder = longInOrder || term.words.count > 1
                    score += term.words.count > 1 || term.isName ? term.weight : 0
                } else {
                    score += term.weight / 2
                }
                matched.append(term.words.joined(separator: " "))
            }
            let rare = found.contains { (frequencies[$0] ?? 0) <= Self.rareFrequency && !partWords.contains($0) }
            let enough = (units.count >= 2 && !ownUnits.isEmpty) || strong
            let placed = areaStarts != nil || longInOrder || strong || telling || ownUnits.count >= 3
            let own = !entry.urgent || longInOrder || strong || telling || rare
            guard enough && placed && own else { continue }
            results.append(
                Match(name: entry.name, slug: entry.slug, area: entry.area, score: score, matchedTerms: matched))
        }
        results.sort { ($1.score, $0.name) < ($0.score, $1.name) }
        return Array(results.prefix(limit))
    }

    /// The phrases of the lexicon's `notMusculoskeletal` that the read words hold, in order of position, except a
    /// phrase right after a negation ("no fever") and the phrases within it.
    func awayPhrases(_ words: [String]) -> [[String]] {
        var found: [[String]] = []
        var negatedTo = 0  // the words before this position belong to a negated phrase
        for (n, word) in words.enumerated() {
            let here = (awayByFirst[word] ?? []).filter { MatcherIndex.startsWith(words, at: n, $0) }
            if n > 0 && negations.contains(words[n - 1]) {
                negatedTo = max(negatedTo, n + (here.map(\.count).max() ?? 0))
            }
            if n >= negatedTo { found += here }
        }
        return found
    }

    /// The concern's words with likely slips replaced by the vocabulary word they were meant to be.
    func corrected(_ words: [String]) -> [String] {
        var corrections: [String: String] = [:]  // each distinct word is looked up in the vocabulary once
        return words.map { word in
            if let known = corrections[word] { return known }
            let result = correction(of: word)
            corrections[word] = result
            return result
        }
    }

    /// The vocabulary word one edit away from `word`, when there is exactly one; else `word`.
    func correction(of word: String) -> String {
        let length = word.count
        guard !vocabulary.contains(word), !awayWords.contains(word), length >= Self.correctedLength else { return word }
        let scalars = Array(word.unicodeScalars)
        var candidate: String?
        for known in (length - 1...length + 1).flatMap({ correctable[$0] ?? [] })
        where Self.withinOneEdit(scalars, known.scalars) {
            if candidate != nil { return word }  // ambiguous: leave it alone
            candidate = known.word
        }
        return candidate ?? word
    }

    /// Whether `needle` appears in `words` as consecutive words.
    static func containsRun(_ words: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= words.count else { return false }
        return (0...(words.count - needle.count)).contains { MatcherIndex.startsWith(words, at: $0, needle) }
    }

    /// Whether one edit turns `a` into `b`.
    static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        withinOneEdit(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    /// Whether one insertion, deletion or substitution of a scalar, or one swap of two neighbours, turns `x` into
    /// `y`.
    static func withinOneEdit(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Bool {
        if x == y { return true }
        if abs(x.count - y.count) > 1 { return false }
        var start = 0
        while start < min(x.count, y.count) && x[start] == y[start] { start += 1 }
        var xEnd = x.count
        var yEnd = y.count
        while xEnd > start && yEnd > start && x[xEnd - 1] == y[yEnd - 1] {
            xEnd -= 1
            yEnd -= 1
        }
        let xLeft = xEnd - start
        let yLeft = yEnd - start
        if xLeft <= 1 && yLeft <= 1 { return true }  // one insertion, deletion or substitution
        return xLeft == 2 && yLeft == 2 && x[start] == y[start + 1] && x[start + 1] == y[start]
    }
}
