/// Finds the conditions of the knowledge store that best fit a concern in a patient's own words.
///
/// The same algorithm serves `carepress match`, the physio reports' fallback, the physio app (`carepress app-kit`
/// ships this folder's source unchanged, so it must stay Foundation-only and self-contained) and (ported to
/// JavaScript over the same index) the guide's search:
///
/// 1. The concern is folded into words (`ConcernText`). A word not in the vocabulary is replaced by the one
///    vocabulary word within one edit of it, when there is exactly one and both are long enough (`kne` → `knee`).
/// 2. A term whose words all appear consecutively scores its weight; a term of several words that all appear,
///    but apart, scores half (rounded down).
/// 3. Conditions are ranked by total score, then by name; those that score nothing are left out.
///
/// Only the first `maximumWords` words of a concern are read, so matching costs at most a fixed amount after the
/// linear pass that splits the text into words; records and `carepress match` reject a concern longer than
/// `maximumConcernLength` characters with a clear message, and the guide's search reads the same number of words.
public struct ConditionMatcher: Sendable {
    /// The most characters (Unicode scalars) a concern may have in a record or `carepress match`.
    public static let maximumConcernLength = 10_000
    /// The most words of a concern the matcher reads (a concern within `maximumConcernLength` never has more).
    public static let maximumWords = 5_000

    /// One condition that fits a concern.
    public struct Match: Sendable, Hashable {
        /// The condition's name.
        public var name: String
        /// Its file-name form.
        public var slug: String
        /// Its body area id.
        public var area: String
        /// How well it fits: the sum of its matched terms' weights.
        public var score: Int
        /// The matched terms, as folded words joined by spaces, in the order they are listed.
        public var matchedTerms: [String]
    }

    /// The index scored against.
    public let index: MatcherIndex
    private let vocabulary: Set<String>
    /// The vocabulary words a typo may be corrected to (four characters or more), in vocabulary order, by their
    /// length in characters: each as its scalars, made once rather than for every word of every concern.
    private let correctable: [Int: [(word: String, scalars: [Unicode.Scalar])]]

    /// Creates a matcher over an index.
    public init(index: MatcherIndex) {
        self.index = index
        self.vocabulary = Set(index.vocabulary)
        var correctable: [Int: [(word: String, scalars: [Unicode.Scalar])]] = [:]
        for known in index.vocabulary where known.count >= 4 {
            correctable[known.count, default: []].append((known, Array(known.unicodeScalars)))
        }
        self.correctable = correctable
    }

    /// The best `limit` conditions for a concern, optionally only within one body area.
    public func matches(for concern: String, area: String? = nil, limit: Int = 3) -> [Match] {
        let words = corrected(Array(ConcernText.words(concern).prefix(Self.maximumWords)))
        guard !words.isEmpty else { return [] }
        let present = Set(words)
        var results: [Match] = []
        for entry in index.entries where area == nil || entry.area == area {
            var score = 0
            var matched: [String] = []
            for term in entry.terms {
                let points: Int
                if Self.containsRun(words, term.words) {
                    points = term.weight
                } else if term.words.count > 1 && term.words.allSatisfy(present.contains) {
                    points = term.weight / 2
                } else {
                    continue
                }
                score += points
                matched.append(term.words.joined(separator: " "))
            }
            if score > 0 {
                results.append(
                    Match(name: entry.name, slug: entry.slug, area: entry.area, score: score, matchedTerms: matched))
            }
        }
        results.sort { ($1.score, $0.name) < ($0.score, $1.name) }
        return Array(results.prefix(limit))
    }

    /// The concern's words with likely typos replaced by the vocabulary word they were meant to be.
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
        guard !vocabulary.contains(word), length >= 3 else { return word }
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
        for start in 0...(words.count - needle.count) where words[start] == needle[0] {
            if Array(words[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    /// Whether one insertion, deletion or substitution turns `a` into `b`.
    static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        withinOneEdit(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    /// Whether one insertion, deletion or substitution of a scalar turns `x` into `y`.
    static func withinOneEdit(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Bool {
        if x == y { return true }
        if abs(x.count - y.count) > 1 { return false }
        var i = 0
        var j = 0
        var edits = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if x.count > y.count {
                i += 1
            } else if x.count < y.count {
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
