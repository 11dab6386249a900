import FuzzSupport

@testable import CarePress

/// `ConditionMatcher`'s documented rules written out plainly, to compare its results with.
enum ReferenceMatcher {
    /// The matcher under test, over the sample knowledge store.
    static let matcher = ConditionMatcher(knowledge: FuzzContent.project.knowledge)

    /// The vocabulary with each word's length in characters.
    static let vocabulary = matcher.index.vocabulary.map { (word: $0, length: $0.count) }

    /// The vocabulary, for lookups.
    static let known = Set(matcher.index.vocabulary)

    /// The body areas of the store's conditions, sorted.
    static let areas = Set(matcher.index.entries.map(\.area)).sorted()

    /// Every condition that scores, best first, by the rules in `ConditionMatcher`'s documentation.
    static func matches(for concern: String) -> [ConditionMatcher.Match] {
        // 1. A word not in the vocabulary becomes the one vocabulary word within one edit of it, when there is
        //    exactly one and both are long enough.
        let words = ConcernText.words(concern).map { word -> String in
            guard !known.contains(word), word.count >= 3 else { return word }
            let length = word.count
            let candidates = vocabulary.filter {
                $0.length >= 4 && abs($0.length - length) <= 1 && editDistance(word, $0.word) <= 1
            }
            return candidates.count == 1 ? candidates[0].word : word
        }
        var results: [ConditionMatcher.Match] = []
        for entry in matcher.index.entries {
            var score = 0
            var matched: [String] = []
            for term in entry.terms {
                // 2. All words consecutively: the weight; several words all present but apart: half.
                let consecutive =
                    !term.words.isEmpty && term.words.count <= words.count
                    && (0...(words.count - term.words.count)).contains {
                        Array(words[$0..<($0 + term.words.count)]) == term.words
                    }
                if consecutive {
                    score += term.weight
                } else if term.words.count > 1 && term.words.allSatisfy(words.contains) {
                    score += term.weight / 2
                } else {
                    continue
                }
                matched.append(term.words.joined(separator: " "))
            }
            if score > 0 {
                results.append(
                    ConditionMatcher.Match(
                        name: entry.name, slug: entry.slug, area: entry.area, score: score, matchedTerms: matched))
            }
        }
        // 3. By score, then by name.
        return results.sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }

    /// The Levenshtein distance between two words, by Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        var previous = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in stride(from: 1, through: y.count, by: 1) {
                let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[y.count]
    }
}
