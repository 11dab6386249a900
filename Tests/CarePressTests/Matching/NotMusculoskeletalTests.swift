import Foundation
import Testing

@testable import CarePress

/// Concerns that are not about muscles and joints (a rash, a sore throat, a tooth) match no condition: the words of
/// `lexicon.yml`'s `notMusculoskeletal` point away, whatever body part and complaint come with them. Musculoskeletal
/// concerns that share their body words still match, and emergency signs are still found alongside them.
@Suite("Condition matcher: not musculoskeletal")
struct NotMusculoskeletalTests {
    static let knowledge = MatcherEvaluationTests.project.knowledge
    static let matcher = ConditionMatcher(knowledge: knowledge)
    static let bodyParts = knowledge.lexicon.bodyParts.flatMap(\.words)
    /// Ways of bringing up a word that is not musculoskeletal, with a body part (`%p`) and a complaint around it.
    static let phrasings = [
        "%t", "i have %t", "%t on my %p", "my %p hurts and i have %t", "%t and my %p is sore at night",
        "sore %p with %t when i walk", "%t, %p aching after running", "painful swollen %p %t since yesterday",
    ]

    /// A condition's words (as the index reads them) that a concern's not-musculoskeletal term would need for the
    /// condition to keep matching: a condition whose own words include the term (Sciatica: "coughing or sneezing
    /// hurts") may.
    static func listsTerm(_ name: String, _ term: String) -> Bool {
        let index = matcher.index
        let read = MatcherIndex.rewrite(ConcernText.words(term), index.rewrites).words
        guard let entry = index.entries.first(where: { $0.name == name }) else { return false }
        return Set(entry.words).isSuperset(of: read)
    }

    /// Every term of the data, as the matcher reads it.
    static let readTerms = knowledge.lexicon.notMusculoskeletal.flatMap(\.says).map {
        MatcherIndex.rewrite(ConcernText.words($0), matcher.index.rewrites).words
    }

    /// Whether a concern has some term's words in order, as the matcher reads both.
    static func saysATerm(_ concern: String) -> Bool {
        let words = MatcherIndex.rewrite(ConcernText.words(concern), matcher.index.rewrites).words
        return readTerms.contains { phrase in
            !phrase.isEmpty && phrase.count <= words.count
                && (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
        }
    }

    @Test func theSampleListsWordsOfManyKinds() {
        let groups = Self.knowledge.lexicon.notMusculoskeletal
        #expect(groups.count >= 8)
        #expect(groups.flatMap(\.says).count >= 150)
        for about in ["skin", "eyes", "mouth and teeth", "mood and sleep", "general illness"] {
            #expect(groups.contains { $0.about == about }, "\(about)")
        }
    }

    /// Every term of the data × every phrasing (with body parts in turn) matches nothing, except conditions that
    /// list the term themselves.
    @Test func everyTermInEveryPhrasingMatchesNothing() {
        var checked = 0
        var wrong: [String] = []
        for term in Self.knowledge.lexicon.notMusculoskeletal.flatMap(\.says) {
            for phrasing in Self.phrasings {
                let part = Self.bodyParts[checked % Self.bodyParts.count]
                let concern = phrasing.replacingOccurrences(of: "%t", with: term)
                    .replacingOccurrences(of: "%p", with: part)
                let names = Self.matcher.matches(for: concern).map(\.name)
                if names.contains(where: { !Self.listsTerm($0, term) }) { wrong.append("\(concern) → \(names)") }
                checked += 1
            }
        }
        #expect(checked >= 1_200)
        #expect(wrong.isEmpty, "\(wrong.count) of \(checked) matched:\n\(wrong.prefix(40).joined(separator: "\n"))")
    }

    /// The words are read as typed, never as a slip: they are not corrected into other words, and no other word is
    /// corrected into them ("never" is one letter from "fever", "mummy" from "tummy").
    @Test func theWordsAreNeverSlips() {
        for (concern, area) in [
            ("my knee never stops aching on the stairs", "knee"),
            ("fewer twinges in my heel in the morning", "ankle_foot"),
            ("my back hurts when i bend over", "lower_back"), ("shoulder pain when i reach for the mouse", "shoulder"),
        ] {
            #expect(Self.matcher.matches(for: concern).first?.area == area, "\(concern)")
        }
        let typed = Set(Self.knowledge.lexicon.notMusculoskeletal.flatMap(\.says).flatMap(ConcernText.words))
        for word in typed {
            #expect(Self.matcher.corrected([word]) == [word], "\(word)")
        }
    }

    /// The words only ever take matches away, and only from concerns that contain them: musculoskeletal concerns
    /// with the same body words (the development concerns, the screen's ordinary ones, a body part with each
    /// complaint) rank exactly as they do with no such words in the lexicon.
    @Test func musculoskeletalConcernsRankAsWithoutTheWords() throws {
        var without = Self.knowledge
        without.lexicon.notMusculoskeletal = []
        let plain = ConditionMatcher(knowledge: without)
        var concerns = try EmergencyEvaluation.ordinary()
        concerns += try MatcherEvaluationSet.load().concerns.filter { !$0.heldOut && $0.expected != nil }.map(\.text)
        for part in Self.bodyParts {
            concerns += LayLanguageTests.complaints.map { $0.replacingOccurrences(of: "%@", with: part) }
            concerns += ["pulled a muscle in my \(part) lifting", "twisted my \(part) and it is swollen"]
        }
        var changed: [String] = []
        var skipped: [String] = []
        for concern in concerns {
            guard !Self.saysATerm(concern) else {  // a concern with such a word is the other tests' business
                skipped.append(concern)
                continue
            }
            let found = Self.matcher.matches(for: concern)
            if found != plain.matches(for: concern) { changed.append("\(concern) → \(found.map(\.name))") }
        }
        if ProcessInfo.processInfo.environment["NOT_MSK_SKIPPED"] != nil {
            for concern in skipped { print("  has a not-musculoskeletal word: \(concern) → \(Self.names(concern))") }
        }
        #expect(concerns.count >= 700)
        #expect(skipped.count * 50 <= concerns.count, "\(skipped)")
        #expect(changed.isEmpty, "\(changed.prefix(20))")
    }

    static func names(_ concern: String) -> [String] { matcher.matches(for: concern).map(\.name) }

    /// A term right after a negation ("no fever", "not itchy", "without a rash") does not count: the concern matches
    /// as it would without it.
    @Test func aNegatedTermDoesNotCount() {
        let complaints = [
            ("my knee hurts going down stairs", "knee"), ("stiff neck when i turn my head", "neck"),
            ("my lower back aches after lifting", "lower_back"), ("heel pain first thing in the morning", "ankle_foot"),
        ]
        var wrong: [String] = []
        for (n, term) in Self.knowledge.lexicon.notMusculoskeletal.flatMap(\.says).enumerated() {
            let (complaint, area) = complaints[n % complaints.count]
            for concern in ["no \(term), \(complaint)", "\(complaint), not \(term)", "\(complaint) without \(term)"] {
                let found = Self.matcher.matches(for: concern)
                if found.first?.area != area { wrong.append("\(concern) → \(found.map(\.name))") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count):\n\(wrong.prefix(30).joined(separator: "\n"))")
        // Only the phrase right after the negation: a later one still counts.
        #expect(Self.names("no fever but an itchy rash on my knee, sore when i walk").isEmpty)
    }

    /// The emergency screen reads every concern first and on its own: a not-musculoskeletal word never hides a sign.
    @Test func emergencySignsStillFireAlongsideTheWords() throws {
        let screen = EmergencyScreen(knowledge: Self.knowledge)
        let terms = Self.knowledge.lexicon.notMusculoskeletal.flatMap(\.says)
        var missed: [String] = []
        var checked = 0
        for (n, emergency) in try EmergencyEvaluation.emergencies().enumerated() where n % 3 != 2 {
            let term = terms[(n * 7) % terms.count]
            for concern in ["\(term) and \(emergency.concern)", "\(emergency.concern) with \(term)"] {
                let signs = screen.urgentSigns(in: concern).map(\.sign)
                if !signs.contains(emergency.sign) { missed.append("\(concern) → \(signs)") }
                checked += 1
            }
        }
        for (concern, sign) in [
            ("fever and my back is red hot and swollen", "infection"),
            ("high temperature and my knee is hot and swollen", "infection"),
            ("rash and a fever and my elbow is red hot and swollen", "infection"),
            ("sore throat and my back hurts and i cant control my bladder", "cauda-equina"),
        ] {
            let signs = screen.urgentSigns(in: concern).map(\.sign)
            if !signs.contains(sign) { missed.append("\(concern) → \(signs)") }
            // No exercises either: the concern points away from the muscles and joints.
            #expect(Self.matcher.matches(for: concern).isEmpty, "\(concern) → \(Self.matcher.matches(for: concern))")
        }
        #expect(checked >= 70)
        #expect(missed.isEmpty, "\(missed)")
    }
}

/// `lexicon.yml`'s `notMusculoskeletal` is checked like the rest of the store, with located errors.
@Suite("Knowledge store: lexicon, not musculoskeletal")
struct NotMusculoskeletalLoadingTests {
    @Test func problemsAreLocatedAndTheRestIsKept() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/knowledge/lexicon.yml",
            """
            synonyms:
              - says: [sore]
                means: pain
            bodyParts:
              - words: [kneecap, upper knee]
                areas: [knee]
            notMusculoskeletal:
              - about: skin
                says: [rash, the, Kneecap, sore, pain, rashes, sunburn]
              - about: teeth
                says: [tooth, upper knee]
                colour: blue
              - says: [cough]

            """)
        let site = SiteProject.load(from: project.path("Content"))
        let text = site.diagnostics.map(\.description).joined(separator: "\n")
        for expected in [
            "lexicon.yml:9:18: error: notMusculoskeletal[0].says[1]: the word or phrase 'the' has no words the matcher "
                + "reads",
            "lexicon.yml:9:23: error: notMusculoskeletal[0].says[2]: 'Kneecap' is a body part",
            "lexicon.yml:9:32: error: notMusculoskeletal[0].says[3]: 'sore' is read as 'pain', a word of musculoskeletal "
                + "concerns too",
            "lexicon.yml:9:38: error: notMusculoskeletal[0].says[4]: 'pain' is read as 'pain', a word of "
                + "musculoskeletal concerns too",
            "lexicon.yml:9:44: error: notMusculoskeletal[0].says[5]: 'rashes' reads the same as 'rash', listed before",
            "lexicon.yml:11:19: error: notMusculoskeletal[1].says[1]: 'upper knee' is a body part",
            "lexicon.yml:12:5: error: notMusculoskeletal[1].colour: unknown key 'colour'",
            "lexicon.yml:13:5: error: notMusculoskeletal[2].about: missing required key 'about'",
        ] {
            #expect(text.contains(expected), "\(expected)\nin:\n\(text)")
        }
        #expect(!text.contains("bodyParts"), "the body parts are fine: \(text)")
        let groups = site.knowledge.lexicon.notMusculoskeletal
        #expect(groups.map(\.about) == ["skin", "teeth"])
        #expect(groups.map(\.says) == [["rash", "sunburn"], ["tooth"]])
    }
}
