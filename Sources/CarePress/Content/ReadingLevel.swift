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
        var text = text
        if let counts = text.withUTF8(asciiCounts) { return grade(counts) }
        let list = words(in: text)
        return grade((list.count, list.reduce(0) { $0 + syllables(in: $1) }, sentenceCount(list)))
    }

    /// The grade of a text's counts of words, syllables and sentence ends.
    private static func grade(_ counts: (words: Int, syllables: Int, sentences: Int)) -> Double {
        guard counts.words > 0 else { return 0 }
        let wordCount = Double(counts.words)
        let syllableCount = Double(counts.syllables)
        let sentences = Double(max(1, counts.sentences))
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

    /// The counts `grade` takes of an ASCII text, by bytes (nil for any other text, which is read by `Character`s).
    ///
    /// In ASCII, a `Character` is a byte (but CR LF, which is white space either way), white space is tab to carriage
    /// return and space, letters and numbers are `A`–`Z`, `a`–`z` and `0`–`9`, and none of the closing quotes that
    /// `sentenceCount` skips is ASCII but `"`, `'`, `)`, `]` and `}`: so the counts are those of `words(in:)`,
    /// `syllables(in:)` and `sentenceCount`, without a `Substring` or a `String` per word.
    static func asciiCounts(_ text: UnsafeBufferPointer<UInt8>) -> (words: Int, syllables: Int, sentences: Int)? {
        guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var counts = (words: 0, syllables: 0, sentences: 0)
        var start = 0
        while start < text.count {
            guard !isSpace(text[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < text.count && !isSpace(text[end]) { end += 1 }
            let word = UnsafeBufferPointer(rebasing: text[start..<end])
            start = end
            guard word.contains(where: { isASCIILetter($0 | 0x20) || (0x30...0x39).contains($0) }) else { continue }
            counts.words += 1
            if let last = word.last(where: { !"\"')]}".utf8.contains($0) }), ".!?".utf8.contains(last) {
                counts.sentences += 1
            }
            counts.syllables += asciiSyllables(in: word)
        }
        return counts
    }

    /// `syllables(in:)` of an ASCII word: its parts between hyphens and slashes (empty ones dropped), each as its
    /// lower-case letters.
    private static func asciiSyllables(in word: UnsafeBufferPointer<UInt8>) -> Int {
        var syllables = 0
        var letters: [UInt8] = []
        var inPart = false
        for byte in word {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") {
                if inPart { syllables += syllablesOfPart(letters) }
                letters.removeAll(keepingCapacity: true)
                inPart = false
            } else {
                inPart = true
                if isASCIILetter(byte | 0x20) { letters.append(byte | 0x20) }
            }
        }
        if inPart { syllables += syllablesOfPart(letters) }
        return max(1, syllables)
    }

    /// Whether a byte is a lower-case ASCII letter (`byte | 0x20` makes an upper-case one lower-case).
    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }

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
        let total = parts.reduce(0) { total, part in
            total + syllablesOfPart(part.unicodeScalars.filter { ("a"..."z").contains($0) }.map { UInt8($0.value) })
        }
        return max(1, total)
    }

    private static func isVowel(_ letters: [UInt8], _ index: Int) -> Bool {
        switch letters[index] {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): true
        case UInt8(ascii: "y"): index > 0
        default: false
        }
    }

    /// One part of a word, as lower-case ASCII letters (a part without any, such as a number, counts as one).
    private static func syllablesOfPart(_ letters: [UInt8]) -> Int {
        guard letters.count > 3 else { return 1 }
        var groups = 0
        for index in letters.indices where isVowel(letters, index) && (index == 0 || !isVowel(letters, index - 1)) {
            groups += 1
        }
        let count = letters.count
        func consonant(at index: Int) -> Bool { index >= 0 && !isVowel(letters, index) }
        func ends(with suffix: StaticString) -> Bool {
            count >= suffix.utf8CodeUnitCount
                && letters[(count - suffix.utf8CodeUnitCount)...].elementsEqual(
                    UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
        }
        if ends(with: "e") && consonant(at: count - 2) && !(ends(with: "le") && consonant(at: count - 3)) {
            groups -= 1  // make, whole; but table, people keep theirs
        } else if ends(with: "es") && consonant(at: count - 3) && !"sxzcg".utf8.contains(letters[count - 3])
            && !ends(with: "ches") && !ends(with: "shes") && !(ends(with: "les") && consonant(at: count - 4))
        {
            groups -= 1  // makes; but boxes, changes, muscles keep theirs
        } else if ends(with: "ed") && consonant(at: count - 3) && !"td".utf8.contains(letters[count - 3]) {
            groups -= 1  // walked, raised; but rested, needed keep theirs
        }
        // Each place where `ia`, `io`, `iu` or `ua` starts (as a search for each pair finds them: one pair cannot
        // overlap itself, and `iua` holds two).
        for index in 0..<(count - 1) {
            let (first, second) = (letters[index], letters[index + 1])
            let isPair =
                first == UInt8(ascii: "i")
                ? "aou".utf8.contains(second) : first == UInt8(ascii: "u") && second == UInt8(ascii: "a")
            guard isPair else { continue }
            let before = index > 0 ? letters[index - 1] : nil
            if !(first == UInt8(ascii: "i") && before.map({ "tscg".utf8.contains($0) }) == true) {
                groups += 1  // sciatica, radio, usual; not -tion, -sion, -cial, -gious
            }
        }
        return max(1, groups)
    }
}
