/// Finds the cautions of a stack that concern one of the person's listed risks, by the words tied to each risk.
///
/// A caution concerns a risk when it mentions one of the risk's terms. Matching ignores case and punctuation
/// ("blood-pressure" matches "blood pressure"); a term matches whole words in a row, and a word of a term that ends
/// in `*` matches any word starting with it (`pregnan*` matches "pregnancy" and "pregnant"). Whole words keep
/// "heart" from matching "heartburn"; the liver terms name liver problems so that "cod liver oil" is not one.
enum RiskWarnings {
    /// One caution that concerns at least one listed risk.
    struct Warning: Equatable {
        /// The supplement the caution belongs to.
        var supplement: SupplementStack.Supplement
        /// The caution, as the record has it.
        var caution: String
        /// The risk ids it concerns, in the person's order.
        var risks: [String]
    }

    /// The words tied to each risk id of `stack.schema.json`.
    static let terms: [String: [String]] = [
        "pregnancy": ["pregnan*", "unborn", "trimester*", "birth defect*"],
        "breastfeeding": ["breastfe*", "breast fe*", "breast milk", "lactat*", "nursing"],
        "anticoagulants": [
            "anticoagula*", "blood thinner*", "warfarin", "apixaban", "rivaroxaban", "dabigatran", "edoxaban",
            "heparin", "bleed*", "clotting", "inr",
        ],
        "antidepressants": [
            "antidepressant*", "ssri*", "snri*", "maoi*", "serotonin", "sertraline", "fluoxetine", "citalopram",
            "escitalopram", "paroxetine", "venlafaxine",
        ],
        "blood_pressure_meds": [
            "blood pressure", "hypertensi*", "antihypertensive*", "ace inhibitor*", "beta blocker*", "diuretic*",
        ],
        "diabetes_meds": ["diabet*", "blood sugar", "blood glucose", "glucose", "insulin", "metformin", "hypoglyc*"],
        "thyroid_meds": ["thyroid", "levothyroxine", "thyroxine", "liothyronine"],
        "kidney_disease": ["kidney*", "renal"],
        "liver_disease": [
            "liver disease*", "liver damage", "liver problem*", "liver function", "liver injury", "liver condition*",
            "hepat*",
        ],
        "heart_condition": ["heart", "cardiac", "cardio*", "arrhythmi*", "palpitation*"],
        "bleeding_disorder": [
            "bleed*", "blood thinner*", "anticoagula*", "clotting", "haemophilia", "hemophilia", "platelet*",
        ],
        "upcoming_surgery": ["surgery", "surgical", "operation*", "anaesthe*", "anesthe*"],
    ]

    /// A word of a term: a whole word, or (written with a trailing `*`) the start of one.
    private struct TermWord {
        var text: Substring
        var isPrefix: Bool

        func matches(_ word: Substring) -> Bool { isPrefix ? word.hasPrefix(text) : word == text }
    }

    /// Each risk's terms, split into their words once.
    private static let termWords: [String: [[TermWord]]] = terms.mapValues { terms in
        terms.map { term in
            term.split(separator: " ").map { word in
                word.hasSuffix("*")
                    ? TermWord(text: word.dropLast(), isPrefix: true) : TermWord(text: word, isPrefix: false)
            }
        }
    }

    /// The risks among `risks` that `caution` mentions, in the order of `risks`.
    static func risks(concernedBy caution: String, among risks: [String]) -> [String] {
        let words = words(of: caution)
        return risks.filter { risk in
            (termWords[risk] ?? []).contains { term in mentions(words, term: term) }
        }
    }

    /// Every caution of the stack's supplements (active or not, minimal first) that concerns a listed risk.
    static func warnings(for stack: SupplementStack) -> [Warning] {
        guard !stack.person.risks.isEmpty else { return [] }
        return stack.supplements.flatMap { supplement in
            supplement.cautions.compactMap { caution in
                let concerned = risks(concernedBy: caution, among: stack.person.risks)
                return concerned.isEmpty ? nil : Warning(supplement: supplement, caution: caution, risks: concerned)
            }
        }
    }

    /// The lower-cased words of a text: runs of letters and digits (by `Character`s).
    ///
    /// ASCII text is split by bytes, which gives the same words: its letters and digits are `A`–`Z`, `a`–`z` and
    /// `0`–`9`, and every other byte (a CR LF pair too, one `Character`) is neither.
    static func words(of text: String) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return wordsByCharacters(of: text) }
        return text.lowercased().utf8.split { byte in
            !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
        }.map { Substring($0) }
    }

    /// The words by `Character`s alone: what `words(of:)` gives for any text.
    static func wordsByCharacters(of text: String) -> [Substring] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }
    }

    /// Whether the words of a term appear in a row in `words`.
    private static func mentions(_ words: [Substring], term: [TermWord]) -> Bool {
        guard !term.isEmpty, words.count >= term.count else { return false }
        return (0...(words.count - term.count)).contains { start in
            zip(term, words[start...]).allSatisfy { part, word in part.matches(word) }
        }
    }
}
