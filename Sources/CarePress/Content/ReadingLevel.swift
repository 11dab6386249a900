import Foundation

/// How easy a patient-facing text is to read: the Flesch–Kincaid grade level, and word counts.
///
/// Grade = 0.39 × (words ÷ sentences) + 11.8 × (syllables ÷ words) − 15.59, the US school grade whose pupils can
/// read the text. Words are the runs between spaces that hold a letter or a digit; a sentence ends at `.`, `!` or
/// `?` at the end of a word (a text has at least one). Syllables are counted by the usual rules of thumb, as every
/// readability tool does (no dictionary): groups of vowels (`y` too, but not a leading one), less a silent final
/// `e`, `-es` or `-ed`, plus one where `ia`, `io`, `iu` or `ua` are said as two (`sciatica`, `radio`, `usual`),
/// each part of a hyphenated word counted alone, a number as one. It is a guide, not a verdict: the figure is
/// reliable within a grade or so for ordinary prose.
public enum ReadingLevel {
    /// The highest grade a condition summary should read at.
    public static let summaryGradeLimit = 8.0
    /// The most words a red flag should have: it must be read at a glance.
    public static let redFlagWordLimit = 12

    /// The Flesch–Kincaid grade level of a text; 0 for a text without words.
    public static func grade(_ text: String) -> Double {
        let list = words(in: text)
        guard !list.isEmpty else { return 0 }
        let wordCount = Double(list.count)
        let syllableCount = Double(list.reduce(0) { $0 + syllables(in: $1) })
        let sentences = Double(max(1, sentenceCount(list)))
        let wordsPerSentence: Double = wordCount / sentences
        let syllablesPerWord: Double = syllableCount / wordCount
        return 0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59
    }

    /// The grade with one decimal, as messages show it.
    public static func formatted(_ grade: Double) -> String {
        String(format: "%.1f", grade)
    }

    /// The words of a text: runs between white space that hold a letter or a digit, as written.
    public static func words(in text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains { $0.isLetter || $0.isNumber } }
    }

    /// How many of these words end a sentence (with `.`, `!` or `?`, before any closing quotes or brackets).
    static func sentenceCount(_ words: [Substring]) -> Int {
        words.filter { word in
            let end = word.unicodeScalars.reversed().first { !"\"')]}\u{201D}\u{2019}".unicodeScalars.contains($0) }
            return end == "." || end == "!" || end == "?"
        }.count
    }

    /// The syllables of one word, by rule of thumb; at least one.
    public static func syllables(in word: some StringProtocol) -> Int {
        let parts = word.lowercased().split(whereSeparator: { $0 == "-" || $0 == "\u{2010}" || $0 == "/" })
        let total = parts.reduce(0) { $0 + syllablesOfPart(Array($1.unicodeScalars.filter(isLetter))) }
        return max(1, total)
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }

    private static func isVowel(_ letters: [Unicode.Scalar], _ index: Int) -> Bool {
        switch letters[index] {
        case "a", "e", "i", "o", "u": true
        case "y": index > 0
        default: false
        }
    }

    /// One part of a word, as lower-case ASCII letters (a part without any, such as a number, counts as one).
    private static func syllablesOfPart(_ letters: [Unicode.Scalar]) -> Int {
        guard letters.count > 3 else { return 1 }
        var groups = 0
        for index in letters.indices where isVowel(letters, index) && (index == 0 || !isVowel(letters, index - 1)) {
            groups += 1
        }
        let text = String(String.UnicodeScalarView(letters))
        let count = letters.count
        func consonant(at index: Int) -> Bool { index >= 0 && !isVowel(letters, index) }
        if text.hasSuffix("e") && consonant(at: count - 2) && !(text.hasSuffix("le") && consonant(at: count - 3)) {
            groups -= 1  // make, whole; but table, people keep theirs
        } else if text.hasSuffix("es") && consonant(at: count - 3)
            && !["s", "x", "z", "c", "g"].contains(letters[count - 3])
            && !text.hasSuffix("ches") && !text.hasSuffix("shes")
            && !(text.hasSuffix("les") && consonant(at: count - 4))
        {
            groups -= 1  // makes; but boxes, changes, muscles keep theirs
        } else if text.hasSuffix("ed") && consonant(at: count - 3) && !["t", "d"].contains(letters[count - 3]) {
            groups -= 1  // walked, raised; but rested, needed keep theirs
        }
        for pair in ["ia", "io", "iu", "ua"] {
            var search = text[...]
            while let range = search.range(of: pair) {
                let before = text[..<range.lowerBound].last
                if !(pair.hasPrefix("i") && (before == "t" || before == "s" || before == "c" || before == "g")) {
                    groups += 1  // sciatica, radio, usual; not -tion, -sion, -cial, -gious
                }
                search = search[range.upperBound...]
            }
        }
        return max(1, groups)
    }
}
