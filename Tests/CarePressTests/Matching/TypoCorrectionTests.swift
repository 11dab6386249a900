import CarePressTestSupport
import Testing

@testable import CarePress

/// The matcher's typo correction, which looks only at vocabulary words of a near length (grouped once, as scalars)
/// and compares them by trimming what they share, answers as the plain rule does: a word of five characters or more
/// becomes the one vocabulary word of five or more within one edit (an insertion, a deletion, a substitution or two
/// neighbours swapped), by a full edit-distance table.
@Suite("Condition matcher: typo correction")
struct TypoCorrectionTests {
    /// The plain rule of `ConditionMatcher.correction(of:)`.
    static func reference(_ word: String, vocabulary: [String]) -> String {
        guard !vocabulary.contains(word), word.count >= 5 else { return word }
        var candidate: String?
        for known in vocabulary where known.count >= 5 && abs(known.count - word.count) <= 1 {
            if distance(word, known) <= 1 {
                if candidate != nil { return word }
                candidate = known
            }
        }
        return candidate ?? word
    }

    /// The edit distance by Unicode scalars, a swap of two neighbours counting as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
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

    @Test func correctionsAreTheReferenceOnes() {
        let matcher = ConditionMatcher(knowledge: MatcherRecallTests.project.knowledge)
        let vocabulary = matcher.index.vocabulary
        let letters = Array("abcdeéiklmnorstuüy\u{301}ñ")
        var generator = SplitMix64(seed: 5)
        var corrected = 0
        for _ in 0..<4_000 {
            // A vocabulary word with up to two random edits, or a short random word.
            var word = Array(vocabulary[Int.random(in: 0..<vocabulary.count, using: &generator)])
            if Int.random(in: 0..<5, using: &generator) == 0 {
                word = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                    letters[Int.random(in: 0..<letters.count, using: &generator)]
                }
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let position = Int.random(in: 0...word.count, using: &generator)
                let letter = letters[Int.random(in: 0..<letters.count, using: &generator)]
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: word.insert(letter, at: position)
                case 3 where position + 1 < word.count: word.swapAt(position, position + 1)
                case 1 where position < word.count: word.remove(at: position)
                case _ where position < word.count: word[position] = letter
                default: break
                }
            }
            let text = String(word)
            let expected = Self.reference(text, vocabulary: vocabulary)
            #expect(matcher.correction(of: text) == expected, "\(text.debugDescription)")
            if expected != text { corrected += 1 }
        }
        #expect(corrected > 500, "many of the edited words are corrected")
    }
}
