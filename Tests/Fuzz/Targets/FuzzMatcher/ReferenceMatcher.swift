import FuzzSupport

@testable import CarePress

/// `ConditionMatcher`'s documented rules written out plainly, to compare its results with.
enum ReferenceMatcher {
    /// The matcher under test, over the sample knowledge store.
    static let matcher = ConditionMatcher(knowledge: FuzzContent.project.knowledge)

    /// The index both read.
    static var index: MatcherIndex { matcher.index }

    /// The vocabulary with each word's length in characters.
    static let vocabulary = matcher.index.vocabulary.map { (word: $0, length: $0.count) }

    /// The vocabulary, for lookups.
    static let known = Set(matcher.index.vocabulary)

    /// The typed words of the lexicon's not-musculoskeletal phrases: never corrected.
    static let away = Set(matcher.index.notMusculoskeletalWords)

    /// The body areas of the store's conditions, sorted.
    static let areas = Set(matcher.index.entries.map(\.area)).sorted()

    /// Every condition that scores, best first, by the rules in `ConditionMatcher`'s documentation.
    static func matches(for concern: String) -> [ConditionMatcher.Match] {
        // 1. A word of five characters or more not in the vocabulary becomes the one vocabulary word (of five or
        //    more) within one edit of it, when there is exactly one; a word of a not-musculoskeletal phrase is kept.
        let typed = ConcernText.words(concern)
        let fixed = typed.map { word -> String in
            guard !known.contains(word), !away.contains(word), word.count >= 5 else { return word }
            let candidates = vocabulary.filter {
                $0.length >= 5 && abs($0.length - word.count) <= 1 && editDistance(word, $0.word) <= 1
            }
            return candidates.count == 1 ? candidates[0].word : word
        }
        // 2. Synonyms read in, longest phrase first, left to right; each read word remembers its typed word.
        var words: [String] = []
        var origin: [Int] = []
        var at = 0
        while at < fixed.count {
            let phrase = index.rewrites.filter { Array(fixed.dropFirst(at).prefix($0.from.count)) == $0.from }
                .max { $0.from.count < $1.from.count }
            if let phrase {
                words += phrase.to
                origin += phrase.to.map { _ in at }
                at += phrase.from.count
            } else {
                words.append(fixed[at])
                origin.append(at)
                at += 1
            }
        }
        //    Body parts, the same way: the start of the phrase each word belongs to, and the areas named.
        var partStart: [Int: Int] = [:]
        var named: [String: [Int]] = [:]
        at = 0
        while at < words.count {
            let part = index.bodyParts.filter { Array(words.dropFirst(at).prefix($0.from.count)) == $0.from }
                .max { $0.from.count < $1.from.count }
            guard let part else {
                at += 1
                continue
            }
            for n in at..<(at + part.from.count) { partStart[n] = at }
            for area in part.to { named[area, default: []].append(at) }
            at += part.from.count
        }
        let frequency = Dictionary(grouping: index.entries.flatMap(\.words), by: { $0 }).mapValues(\.count)
        let partWords = Set(index.bodyParts.flatMap(\.from))
        var results: [ConditionMatcher.Match] = []
        //    The not-musculoskeletal phrases found in order in the read words, except right after a negation
        //    word, or within the longest phrase that starts there.
        let negations = Set(index.negations)
        let negated = Set(
            words.indices.filter { $0 > 0 && negations.contains(words[$0 - 1]) }.flatMap { start in
                let longest =
                    index.notMusculoskeletal.filter {
                        Array(words.dropFirst(start).prefix($0.count)) == $0
                    }.map(\.count).max() ?? 0
                return start..<(start + longest)
            })
        let pointAway = index.notMusculoskeletal.filter { phrase in
            words.indices.contains {
                !negated.contains($0) && Array(words.dropFirst($0).prefix(phrase.count)) == phrase
            }
        }
        for entry in index.entries {
            // A condition keeps a concern with such a phrase only when its own words have all the phrase's words.
            guard pointAway.allSatisfy({ $0.allSatisfy(entry.words.contains) }) else { continue }
            // 3. Scores.
            let found = Set(words.filter(entry.words.contains))
            let areaNamed = named[entry.area] != nil
            guard !found.isEmpty || areaNamed else { continue }
            var score = found.map { index.weights[$0] ?? 0 }.reduce(0, +)
            if areaNamed { score += index.areaWeights[entry.area] ?? 0 }
            var longInOrder = false
            var matched: [String] = []
            for term in entry.terms where term.words.allSatisfy(words.contains) {
                let inOrder = words.indices.contains {
                    Array(words.dropFirst($0).prefix(term.words.count)) == term.words
                }
                if inOrder {
                    if term.words.count > 1 { longInOrder = true }
                    if term.words.count > 1 || term.isName { score += term.weight }
                } else {
                    score += term.weight / 2
                }
                matched.append(term.words.joined(separator: " "))
            }
            // 4. Evidence: a word, a corrected typed word, or a body-part phrase is one piece.
            var pieces: Set<String> = []
            var own: Set<String> = []
            var strong = false
            var telling = false
            for (n, word) in words.enumerated() where entry.words.contains(word) {
                let slip = fixed[origin[n]] != typed[origin[n]]
                let piece = slip ? "slip \(origin[n])" : partStart[n].map { "part \($0)" } ?? "word " + word
                pieces.insert(piece)
                if partStart[n] == nil { own.insert(piece) }
                if !slip && partStart[n] == nil && entry.strongWords.contains(word) { strong = true }
                if !slip && partStart[n] == nil && entry.tellingWords.contains(word) { telling = true }
            }
            for start in named[entry.area] ?? [] { pieces.insert("part \(start)") }
            let rare = found.contains { frequency[$0, default: 0] <= 2 && !partWords.contains($0) }
            guard (pieces.count >= 2 && !own.isEmpty) || strong,
                areaNamed || longInOrder || strong || telling || own.count >= 3,
                !entry.urgent || longInOrder || strong || telling || rare
            else { continue }
            results.append(
                ConditionMatcher.Match(
                    name: entry.name, slug: entry.slug, area: entry.area, score: score, matchedTerms: matched))
        }
        // 5. By score, then by name.
        return results.sorted { $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name }
    }

    /// The edit distance between two words by Unicode scalars, where swapping two neighbours is one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in stride(from: 1, through: x.count, by: 1) {
            for j in stride(from: 1, through: y.count, by: 1) {
                table[i][j] = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[x.count][y.count]
    }
}
