import CarePressTestSupport
import Testing

@testable import CarePress

/// The matcher's typo correction, which looks only at vocabulary words of a near length (grouped once, as scalars),
/// answers as its first form did: every vocabulary word of four characters or more, compared scalar by scalar.
@Suite("Condition matcher: typo correction")
struct TypoCorrectionTests {
    /// The first form of `ConditionMatcher.correction(of:)`.
    static func reference(_ word: String, vocabulary: [String]) -> String {
        guard !vocabulary.contains(word), word.count >= 3 else { return word }
        var candidate: String?
        for known in vocabulary where known.count >= 4 && abs(known.count - word.count) <= 1 {
            if ConditionMatcher.withinOneEdit(word, known) {
                if candidate != nil { return word }
                candidate = known
            }
        }
        return candidate ?? word
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
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: word.insert(letter, at: position)
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
