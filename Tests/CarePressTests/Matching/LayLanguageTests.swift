import CarePress
import Foundation
import Testing

/// The lay-language matcher of issue 38 on the sample store, as classes of concerns rather than single inputs.
@Suite("Condition matcher: lay language")
struct LayLanguageTests {
    static let knowledge = MatcherEvaluationTests.project.knowledge
    static let matcher = ConditionMatcher(knowledge: knowledge)
    static let urgent = Set(knowledge.lexicon.urgentConditions)
    /// Every body-part word or phrase of the lexicon, with its areas.
    static let bodyParts = knowledge.lexicon.bodyParts.flatMap { part in part.words.map { ($0, part.areas) } }
    /// Ways of saying "it hurts" with no more to it.
    static let complaints = [
        "%@ pain", "my %@ hurts", "my %@ is hurting", "sore %@", "%@ aches on the stairs", "my %@ hurts when i walk",
        "aching %@ at night", "painful %@",
    ]

    @Test func theSampleHasALexicon() {
        #expect(Self.knowledge.lexicon.synonyms.count >= 20)
        #expect(Self.bodyParts.count >= 40)
        #expect(Self.urgent == ["Knee Dislocation", "Shoulder Dislocation"])
    }

    /// A body part and a symptom place the concern in the part's area (first, nearly always: a condition of
    /// another area may come first when its own words name the part, as "pain in my shoulder blade" does for a
    /// trapped nerve in the neck), and never rank an urgent condition.
    @Test func aBodyPartAndASymptomFindItsAreaButNeverAnEmergency() {
        var checked = 0
        var firstElsewhere: [String] = []
        for (part, areas) in Self.bodyParts {
            for complaint in Self.complaints {
                let concern = complaint.replacingOccurrences(of: "%@", with: part)
                let matches = Self.matcher.matches(for: concern)
                #expect(!matches.contains { Self.urgent.contains($0.name) }, "\(concern) → \(matches.map(\.name))")
                #expect(matches.contains { areas.contains($0.area) }, "\(concern) → \(matches.map(\.name))")
                if let first = matches.first, !areas.contains(first.area) {
                    firstElsewhere.append("\(concern) → \(first.name)")
                }
                checked += 1
            }
        }
        #expect(checked >= 300)
        #expect(firstElsewhere.count * 50 <= checked, "\(firstElsewhere)")
    }

    /// An urgent condition ranks on evidence of its own: a dislocation, a deformity, a big injury.
    @Test func anEmergencyRanksOnItsOwnEvidence() {
        for (concern, expected) in [
            ("my knee popped out and looks the wrong shape", "Knee Dislocation"),
            ("dislocated my knee in a crash", "Knee Dislocation"),
            ("shoulder came out of its socket at rugby", "Shoulder Dislocation"),
        ] {
            #expect(Self.matcher.matches(for: concern).first?.name == expected, "\(concern)")
        }
    }

    /// A body part alone, or with words that say nothing about muscles or joints, matches nothing.
    @Test func aBodyPartAloneMatchesNothing() {
        for (part, _) in Self.bodyParts {
            for concern in [part, "my \(part)", "rash on my \(part)", "sunburnt \(part)", "tattoo on my \(part)"] {
                #expect(
                    Self.matcher.matches(for: concern).isEmpty, "\(concern) → \(Self.matcher.matches(for: concern))")
            }
        }
    }

    /// Word forms and lay synonyms read alike: each synonym phrase gives what its meaning gives.
    @Test func aSynonymReadsAsItsMeaning() {
        for synonym in Self.knowledge.lexicon.synonyms {
            for says in synonym.says {
                for (part, _) in Self.bodyParts.prefix(12) {
                    let said = Self.matcher.matches(for: "\(says) \(part)").map(\.name)
                    let meant = Self.matcher.matches(for: "\(synonym.means) \(part)").map(\.name)
                    #expect(said == meant, "'\(says) \(part)' → \(said), '\(synonym.means) \(part)' → \(meant)")
                }
            }
        }
        for (a, b) in [("hurts", "hurting"), ("tingle", "tingling"), ("swollen", "swelling"), ("twisted", "twisting")] {
            #expect(ConcernText.words(a) == ConcernText.words(b) || Self.sameReading(a, b), "\(a) / \(b)")
        }
    }

    static func sameReading(_ a: String, _ b: String) -> Bool {
        let index = matcher.index
        return MatcherIndex.rewrite(ConcernText.words(a), index.rewrites).words
            == MatcherIndex.rewrite(ConcernText.words(b), index.rewrites).words
    }

    /// A slip of one edit (a letter added, dropped, changed, or two swapped) in a word of five letters or more is read
    /// as the word; shorter words are left alone.
    @Test func oneSlipInALongWordIsCorrected() {
        for condition in Self.knowledge.conditions {
            for keyword in condition.keywords {
                let expected = Self.matcher.matches(for: keyword)
                var words = keyword.split(separator: " ").map(String.init)
                guard let longest = words.indices.max(by: { words[$0].count < words[$1].count }),
                    words[longest].count >= 7
                else { continue }
                var letters = Array(words[longest])
                letters.swapAt(2, 3)
                words[longest] = String(letters)
                let slipped = words.joined(separator: " ")
                let found = Self.matcher.matches(for: slipped)
                // A slip can only be ambiguous (left alone) or read as the word; when read, the results are the same.
                if ConcernText.words(slipped) != ConcernText.words(keyword) && found != expected {
                    #expect(found.count <= expected.count, "\(slipped) → \(found.map(\.name))")
                }
            }
        }
        #expect(Self.matcher.matches(for: "ankel swollen after i went over on it").first?.area == "ankle_foot")
    }

    /// Ranking is deterministic: a tie in score is broken by name, the same on every run.
    @Test func tiesAreBrokenByName() {
        for (part, _) in Self.bodyParts {
            let matches = Self.matcher.matches(for: "\(part) pain", limit: 30)
            for (a, b) in zip(matches, matches.dropFirst()) {
                #expect(a.score > b.score || (a.score == b.score && a.name < b.name))
            }
        }
    }
}

/// `lexicon.yml` is checked like the rest of the store, with located errors.
@Suite("Knowledge store: lexicon")
struct LexiconLoadingTests {
    @Test func problemsAreLocatedAndTheRestIsKept() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/knowledge/lexicon.yml",
            """
            synonyms:
              - says: [pins and needles, the and of]
                means: tingle
              - says: [pins and needle]
                means: numb
              - says: [sore]
                means: "my"
            bodyParts:
              - words: [heel]
                areas: [ankle_fot]
            urgentConditions: [Knee Dislokation]
            colour: blue

            """)
        let site = SiteProject.load(from: project.path("Content"))
        let text = site.diagnostics.map(\.description).joined(separator: "\n")
        for expected in [
            "lexicon.yml:2:30: error: synonyms[0].says[1]: the phrase 'the and of' has no words the matcher reads",
            "lexicon.yml:4:12: error: synonyms[1].says[0]: 'pins and needle' reads the same as 'pins and needles'",
            "lexicon.yml:7:12: error: synonyms[2].means: 'my' has no words the matcher reads",
            "lexicon.yml:10:13: error: bodyParts[0].areas[0]: unknown body area 'ankle_fot'",
            "lexicon.yml:11:20: error: urgentConditions[0]: unknown condition 'Knee Dislokation'",
            "lexicon.yml:12:1: error: colour: unknown key 'colour'",
        ] {
            #expect(text.contains(expected), "\(expected)\nin:\n\(text)")
        }
        let lexicon = site.knowledge.lexicon
        #expect(lexicon.synonyms.map(\.says) == [["pins and needles"], []])
        #expect(lexicon.bodyParts.map(\.words) == [["heel"]] && lexicon.bodyParts[0].areas.isEmpty)
        #expect(lexicon.urgentConditions.isEmpty)
    }

    @Test func aStoreWithoutALexiconLoadsWithout() throws {
        let project = try TemporaryProject.minimal()
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.knowledge.lexicon == .empty)
        #expect(!site.diagnostics.contains { $0.file.hasSuffix("lexicon.yml") })
    }
}
