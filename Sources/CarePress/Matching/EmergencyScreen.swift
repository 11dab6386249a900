/// A sign that a concern needs urgent medical care rather than exercises, as `emergency-signs.yml` lists it.
public struct EmergencySign: Sendable, Hashable {
    /// The stable id, e.g. `cauda-equina`.
    public var id: String
    /// How patients say it, e.g. "can't control my bladder", "numb between my legs".
    public var phrasings: [String]
    /// What to do, in plain words, e.g. "Call 999 now or go to A&E."
    public var advice: String

    /// Describes a sign.
    public init(id: String, phrasings: [String], advice: String) {
        self.id = id
        self.phrasings = phrasings
        self.advice = advice
    }
}

/// Screens a concern for emergency signs before any condition is matched, so that someone describing an emergency
/// is told to get help, not handed exercises.
///
/// The same rules serve `carepress match`, the physio reports, the physio app (this file ships in the app kit, so
/// it stays Foundation-only and self-contained apart from `ConcernText`) and (ported to JavaScript in the guide's
/// `emergency.js`, over this value encoded as JSON) the guide's search:
///
/// 1. Text is split into words as `ConcernText` splits it (lower case, letters and digits, apostrophes dropped);
///    "can not" and "could not" are read as one word, each word is folded by `ConcernText.stem`, words of `alike`
///    are replaced by their common form ("cannot", "couldnt", "unable" → "cant") and stop words are dropped.
/// 2. A phrasing matches when every one of its words is found, in any order, within a run of the concern's words at
///    most `slack` longer than the phrasing, starting at one of them; a concern word is found for a phrasing word
///    when it is the same, the same plus one of `suffixes` ("numb" → "numbness"), or (both of five letters or more,
///    with the same first letter) one insertion, deletion or substitution away from it ("temprature").
/// 3. A match right after a word of `negations` ("no numbness") does not count; a later one still may.
/// 4. The signs found are listed once each, in the order of the file.
public struct EmergencyScreen: Sendable, Codable, Hashable {
    /// A sign found in a concern, with the advice to show first.
    public struct UrgentSign: Sendable, Codable, Hashable {
        /// The sign's id.
        public var sign: String
        /// What to do.
        public var advice: String

        /// Describes a sign found.
        public init(sign: String, advice: String) {
            self.sign = sign
            self.advice = advice
        }
    }

    /// One sign as the screen reads it.
    public struct Entry: Sendable, Codable, Hashable {
        /// The sign's id.
        public var id: String
        /// What to do.
        public var advice: String
        /// Each phrasing's folded words (`EmergencyScreen.words`); phrasings with none are left out.
        public var phrasings: [[String]]
    }

    /// The signs, in file order.
    public var signs: [Entry]
    /// The words dropped from concerns and phrasings alike (`ConcernText.stopWords`, sorted).
    public var stopWords: [String]
    /// Words that cancel a match right after them.
    public var negations: [String]
    /// Words read as another, after folding: contractions and their long forms.
    public var alike: [String: String]
    /// Endings a concern word may add to a phrasing's word.
    public var suffixes: [String]
    /// How many more words than a phrasing has the run it is found in may have.
    public var slack: Int
    /// The phrasings' distinct words, for looking a concern word up (derived from `signs`; not encoded).
    private var vocabulary: Vocabulary

    private enum CodingKeys: String, CodingKey {
        case signs, stopWords, negations, alike, suffixes, slack
    }

    /// The phrasings' distinct words: each, and those of five scalars or more by their first scalar (the only ones a
    /// slip of one edit may stand for); with the stop words and negations as sets, made once per screen.
    private struct Vocabulary: Sendable, Hashable {
        var words: Set<String> = []
        var long: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]
        var stopWords: Set<String>
        var negations: Set<String>

        init(_ signs: [Entry], stopWords: [String], negations: [String]) {
            self.stopWords = Set(stopWords)
            self.negations = Set(negations)
            for entry in signs {
                for phrasing in entry.phrasings {
                    for word in phrasing where words.insert(word).inserted {
                        let scalars = Array(word.unicodeScalars)
                        if scalars.count >= 5 { long[scalars[0], default: []].append(scalars) }
                    }
                }
            }
        }
    }

    /// The most words of a concern the screen reads (as many as the matcher reads).
    public static let maximumWords = 5_000

    static let defaultNegations = [
        "arent", "deny", "didnt", "doesnt", "dont", "hadnt", "hasnt", "havent", "isnt", "never", "no", "none", "nor",
        "not", "wasnt", "werent", "without",
    ]
    static let defaultAlike = ["cannot": "cant", "couldnt": "cant", "unable": "cant"]
    static let defaultSuffixes = ["ly", "ness", "y"]

    /// A screen for some signs, in the order given.
    public init(signs: [EmergencySign]) {
        stopWords = ConcernText.stopWords.sorted()
        negations = Self.defaultNegations
        alike = Self.defaultAlike
        suffixes = Self.defaultSuffixes
        slack = 3
        let stop = Set(stopWords)
        let entries = signs.map { sign in
            Entry(
                id: sign.id, advice: sign.advice,
                phrasings: sign.phrasings.map { Self.words($0, stopWords: stop, alike: Self.defaultAlike) }.filter {
                    !$0.isEmpty
                })
        }
        self.signs = entries
        vocabulary = Vocabulary(entries, stopWords: stopWords, negations: negations)
    }

    /// A screen as `encode(to:)` wrote it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        signs = try container.decode([Entry].self, forKey: .signs)
        stopWords = try container.decode([String].self, forKey: .stopWords)
        negations = try container.decode([String].self, forKey: .negations)
        alike = try container.decode([String: String].self, forKey: .alike)
        suffixes = try container.decode([String].self, forKey: .suffixes)
        slack = try container.decode(Int.self, forKey: .slack)
        vocabulary = Vocabulary(signs, stopWords: stopWords, negations: negations)
    }

    /// The folded words of a text as the screen reads them (step 1).
    public func words(_ text: String) -> [String] {
        Array(Self.words(text, stopWords: vocabulary.stopWords, alike: alike).prefix(Self.maximumWords))
    }

    /// The folded words of a text with this file's defaults: how a phrasing is read (the loader uses it to reject a
    /// phrasing that leaves no word to match).
    public static func words(_ text: String) -> [String] {
        words(text, stopWords: ConcernText.stopWords, alike: defaultAlike)
    }

    static func words(_ text: String, stopWords: Set<String>, alike: [String: String]) -> [String] {
        var raw: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character == "'" || character == "\u{2019}" { continue }
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                raw.append(current)
                current = ""
            }
        }
        if !current.isEmpty { raw.append(current) }
        var words: [String] = []
        var index = 0
        while index < raw.count {
            var word = raw[index]
            if (word == "can" || word == "could") && index + 1 < raw.count && raw[index + 1] == "not" {
                word = "cant"
                index += 1
            }
            index += 1
            let folded = ConcernText.stem(word)
            let common = alike[folded] ?? alike[word] ?? folded
            if !stopWords.contains(word) && !stopWords.contains(common) { words.append(common) }
        }
        return words
    }

    /// The signs a concern carries, each once, in file order; none for an ordinary concern.
    public func urgentSigns(in concern: String) -> [UrgentSign] {
        let words = self.words(concern)
        guard !words.isEmpty else { return [] }
        var found: [String: Set<String>] = [:]  // each distinct concern word: the phrasing words it stands for
        for word in words where found[word] == nil { found[word] = phrasingWords(standingFor: word) }
        // A phrasing with a word no concern word stands for cannot be found: most are passed over here.
        let present = found.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        func stands(_ word: String, for target: String) -> Bool { found[word]?.contains(target) ?? false }
        var result: [UrgentSign] = []
        for entry in signs
        where entry.phrasings.contains(where: { phrasing in
            phrasing.allSatisfy(present.contains)
                && Self.isFound(phrasing, in: words, slack: slack, negations: vocabulary.negations, stands: stands)
        }) {
            result.append(UrgentSign(sign: entry.id, advice: entry.advice))
        }
        return result
    }

    /// Whether a phrasing is found in the words (step 2), not right after a negation (step 3).
    static func isFound(
        _ phrasing: [String], in words: [String], slack: Int, negations: Set<String>,
        stands: (String, String) -> Bool
    ) -> Bool {
        for start in words.indices where phrasing.contains(where: { stands(words[start], $0) }) {
            if start > 0 && negations.contains(words[start - 1]) { continue }
            let end = min(words.count, start + phrasing.count + slack)
            var used = Set<Int>()
            var complete = true
            for target in phrasing {
                guard let position = (start..<end).first(where: { !used.contains($0) && stands(words[$0], target) })
                else {
                    complete = false
                    break
                }
                used.insert(position)
            }
            if complete && used.contains(start) { return true }
        }
        return false
    }

    /// The phrasings' words a concern word stands for: the same word, the word less one of `suffixes`, or (both of
    /// five scalars or more, with the same first one) a word one edit away. Looked up in the vocabulary, not compared
    /// with every phrasing's every word: the screen runs for every physio report of a batch.
    func phrasingWords(standingFor word: String) -> Set<String> {
        var set: Set<String> = []
        if vocabulary.words.contains(word) { set.insert(word) }
        for suffix in suffixes where word.hasSuffix(suffix) {
            let base = String(word.dropLast(suffix.count))
            if vocabulary.words.contains(base) { set.insert(base) }
        }
        let scalars = Array(word.unicodeScalars)
        if scalars.count >= 5 {
            for candidate in vocabulary.long[scalars[0]] ?? [] where Self.withinOneEdit(scalars, candidate) {
                set.insert(String(String.UnicodeScalarView(candidate)))
            }
        }
        return set
    }

    /// Whether one insertion, deletion or substitution of a scalar turns `x` into `y`.
    static func withinOneEdit(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Bool {
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
            if x.count >= y.count { i += 1 }
            if x.count <= y.count { j += 1 }
        }
        return edits + (x.count - i) + (y.count - j) <= 1
    }
}
