/// How the matcher reads text: lower case, words only, simple word forms folded (hurts/hurt, stairs/stair,
/// twisted/twist), common function words dropped.
///
/// The guide's `search.js` implements exactly these rules in JavaScript; the browser test
/// `Tests/python/test_guide_browser.py` checks that the page and `carepress match` give the same top 3.
public enum ConcernText {
    /// Words that carry no meaning for matching, dropped from concerns and from keywords alike.
    public static let stopWords: Set<String> = [
        "a", "about", "after", "all", "am", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by", "can",
        "could", "did", "do", "does", "doing", "for", "from", "get", "gets", "getting", "got", "had", "has", "have",
        "having", "he", "her", "his", "how", "i", "im", "ive", "if", "in", "into", "is", "it", "its", "just", "me",
        "mine", "my", "of", "on", "or", "our", "quite", "really", "she", "so", "some", "than", "that", "the", "their",
        "them", "then", "there", "they", "this", "to", "too", "very", "was", "we", "were", "what", "which", "while",
        "who", "will", "with", "would", "you", "your",
    ]

    /// The words of a text, folded to their matching form, in order.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty {
                let word = stem(current)
                if !stopWords.contains(current) && !stopWords.contains(word) { words.append(word) }
                current = ""
            }
        }
        for character in text.lowercased() {
            if character == "'" || character == "\u{2019}" {
                continue  // "runner's" reads as "runners", "don't" as "dont"
            }
            if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// Folds simple word forms together: -ies to -y, then -ing, -ed or a plural -s, then a final -e.
    ///
    /// Words of three letters or fewer are kept as they are. A doubled consonant left by -ing or -ed is undoubled
    /// (running → run), except l, s and z (swelling → swell).
    public static func stem(_ word: String) -> String {
        var scalars = Array(word.unicodeScalars)
        guard scalars.count > 3 else { return word }
        func ends(_ suffix: String) -> Bool {
            let tail = Array(suffix.unicodeScalars)
            return scalars.count >= tail.count && Array(scalars.suffix(tail.count)) == tail
        }
        func undouble() {
            if scalars.count >= 2, scalars[scalars.count - 1] == scalars[scalars.count - 2],
                !"lsz".unicodeScalars.contains(scalars[scalars.count - 1])
            {
                scalars.removeLast()
            }
        }
        if ends("ies") && scalars.count > 4 {
            scalars.removeLast(3)
            scalars.append("y")
        } else if ends("ing") && scalars.count > 5 {
            scalars.removeLast(3)
            undouble()
        } else if ends("ed") && scalars.count > 4 {
            scalars.removeLast(2)
            undouble()
        } else if ends("s") && !ends("ss") && !ends("us") && !ends("is") {
            scalars.removeLast()
        }
        if ends("e") && scalars.count > 3 {
            scalars.removeLast()
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }
}
