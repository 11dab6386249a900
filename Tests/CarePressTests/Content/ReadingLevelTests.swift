import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The reading-level gate of `check`: Flesch–Kincaid grades of summaries, word counts of red flags.
@Suite("Reading level")
struct ReadingLevelTests {
    @Test(
        "Syllables by rule of thumb",
        arguments: [
            ("knee", 1), ("the", 1), ("stairs", 1), ("tendon", 2), ("shoulder", 2), ("swelling", 2), ("makes", 1),
            ("walked", 1), ("rested", 2), ("boxes", 2), ("changes", 2), ("muscles", 2), ("table", 2), ("people", 2),
            ("whole", 1), ("ligament", 3), ("inflammation", 4), ("usually", 4), ("radio", 3), ("tendinopathy", 5),
            ("ball-and-socket", 4), ("6-12", 2), ("24", 1),
        ])
    func syllables(word: String, expected: Int) {
        #expect(ReadingLevel.syllables(in: word) == expected)
    }

    /// 0.39 × words per sentence + 11.8 × syllables per word − 15.59, on texts counted by hand.
    @Test func gradeIsTheFleschKincaidFormula() {
        // 6 words, 1 sentence, 6 syllables.
        #expect(abs(ReadingLevel.grade("The cat sat on the mat.") - (0.39 * 6 + 11.8 * 1 - 15.59)) < 1e-9)
        // 8 words, 2 sentences ("Rest it." / "Then..."), 11 syllables: rest it then move your knee gen-tly (2) ev-ery
        let text = "Rest it. Then move your knee gently every day!"
        #expect(ReadingLevel.words(in: text).count == 9)
        #expect(ReadingLevel.sentenceCount(ReadingLevel.words(in: text)) == 2)
        let syllables = ReadingLevel.words(in: text).reduce(0) { $0 + ReadingLevel.syllables(in: $1) }
        #expect(abs(ReadingLevel.grade(text) - (0.39 * 9 / 2 + 11.8 * Double(syllables) / 9 - 15.59)) < 1e-9)
        #expect(ReadingLevel.grade("") == 0)
        #expect(ReadingLevel.formatted(9.456) == "9.5")
    }

    /// The byte counts of ASCII text are what the `Character` path counts, and syllables are what the rules, written
    /// as text searches (the reference below), give: on random texts of every ASCII byte, vowel runs and the pairs.
    @Test func asciiCountsAreTheCharacterCounts() {
        let pieces =
            (0..<128).map { String(UnicodeScalar(UInt8($0))) }
            + [
                "ia", "io", "iu", "ua", "iua", "tion", "es", "ed", "le", "ches", "shes", "les", "ye", "Y", "\r\n", " ",
                " ",
            ]
        var generator = SplitMix64(seed: 12)
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let words = ReadingLevel.words(in: text)
            for word in words {
                #expect(ReadingLevel.syllables(in: word) == Self.referenceSyllables(word), "\(word.utf8.map { $0 })")
            }
            var bytes = text
            let counts = bytes.withUTF8(ReadingLevel.asciiCounts)
            #expect(counts?.words == words.count, "\(text.utf8.map { $0 })")
            #expect(counts?.syllables == words.reduce(0) { $0 + ReadingLevel.syllables(in: $1) })
            #expect(counts?.sentences == ReadingLevel.sentenceCount(words))
        }
        var other = "Zoë walked."
        #expect(other.withUTF8(ReadingLevel.asciiCounts) == nil)
    }

    /// The syllable rules as they were first written, by `String` searches.
    static func referenceSyllables(_ word: some StringProtocol) -> Int {
        let parts = word.lowercased().split(whereSeparator: { $0 == "-" || $0 == "\u{2010}" || $0 == "/" })
        let total = parts.reduce(0) { total, part in
            let letters = Array(part.unicodeScalars.filter { ("a"..."z").contains($0) })
            guard letters.count > 3 else { return total + 1 }
            func isVowel(_ index: Int) -> Bool {
                "aeiou".unicodeScalars.contains(letters[index]) || (letters[index] == "y" && index > 0)
            }
            var groups = letters.indices.filter { isVowel($0) && ($0 == 0 || !isVowel($0 - 1)) }.count
            let text = String(String.UnicodeScalarView(letters))
            let count = letters.count
            func consonant(at index: Int) -> Bool { index >= 0 && !isVowel(index) }
            if text.hasSuffix("e") && consonant(at: count - 2) && !(text.hasSuffix("le") && consonant(at: count - 3)) {
                groups -= 1
            } else if text.hasSuffix("es") && consonant(at: count - 3)
                && !["s", "x", "z", "c", "g"].contains(letters[count - 3]) && !text.hasSuffix("ches")
                && !text.hasSuffix("shes") && !(text.hasSuffix("les") && consonant(at: count - 4))
            {
                groups -= 1
            } else if text.hasSuffix("ed") && consonant(at: count - 3) && !["t", "d"].contains(letters[count - 3]) {
                groups -= 1
            }
            for pair in ["ia", "io", "iu", "ua"] {
                var search = text[...]
                while let range = search.range(of: pair) {
                    let before = text[..<range.lowerBound].last
                    if !(pair.hasPrefix("i") && (before == "t" || before == "s" || before == "c" || before == "g")) {
                        groups += 1
                    }
                    search = search[range.upperBound...]
                }
            }
            return total + max(1, groups)
        }
        return max(1, total)
    }

    @Test func longWordsAndLongSentencesReadHarder() {
        let plain = "Your knee hurts. Rest it for a day. Then walk a bit more each day."
        let hard =
            "Patellofemoral pain syndrome is characterised by diffuse retropatellar or peripatellar discomfort "
            + "exacerbated by activities increasing patellofemoral compressive loading, particularly descending stairs."
        #expect(ReadingLevel.grade(plain) < 3)
        #expect(ReadingLevel.grade(hard) > 16)
    }

    /// `check` names the file, line and column of a hard summary and of a long red flag, with the figure.
    @Test func checkWarnsAtTheSummaryAndTheRedFlagWithTheFigures() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/knowledge/conditions/patellofemoral-pain-syndrome.yml",
            """
            name: Patellofemoral Pain Syndrome
            bodyArea: knee
            keywords: [kneecap, stairs, going down stairs]
            summary: >
              Patellofemoral pain syndrome is characterised by diffuse retropatellar discomfort,
              exacerbated by activities increasing compressive loading, particularly descending stairs.
            exercises: [Quad Sets, Straight Leg Raise, Step-Downs]
            redFlags:
              - the knee is hot
              - your knee has become hot, red and very swollen and you also feel feverish and unwell
            """)
        let report = SiteBuilder.check(contentPath: project.path("Content"), jobs: 1)
        let file = project.path("Content/knowledge/conditions/patellofemoral-pain-syndrome.yml")
        // The project has no records, which check says too; that warning is not about the knowledge store.
        let warnings = report.diagnostics.filter {
            $0.severity == .warning && !$0.message.hasPrefix("no records found")
        }
        .map(\.description)
        let grade = ReadingLevel.formatted(
            ReadingLevel.grade(
                "Patellofemoral pain syndrome is characterised by diffuse retropatellar discomfort, "
                    + "exacerbated by activities increasing compressive loading, particularly descending stairs."))
        #expect(
            warnings.contains {
                $0.hasPrefix(
                    "\(file):4:10: warning: summary: summary reads at grade \(grade) (Flesch-Kincaid); patients need "
                        + "grade 8 or below")
            }, "\(warnings)")
        #expect(
            warnings.contains {
                $0.hasPrefix(
                    "\(file):10:5: warning: redFlags[1]: red flag has 16 words; keep it to about 12, to be read at a glance"
                )
            }, "\(warnings)")
        #expect(warnings.count == 2, "the short red flag and everything else pass")
        #expect(!report.hasErrors)
    }

    /// The sample knowledge store passes the gate: every summary at grade 8 or below, every red flag short.
    @Test func theSampleKnowledgeStorePasses() {
        let content = TemporaryProject.repository.appendingPathComponent("Content").path
        let project = SiteProject.load(from: content)
        let knowledge = project.diagnostics.filter { $0.file.contains("/knowledge/") }
        #expect(knowledge.isEmpty, "\(knowledge.map(\.description))")
        for condition in project.knowledge.conditions {
            #expect(ReadingLevel.grade(condition.summary) <= ReadingLevel.summaryGradeLimit, "\(condition.name)")
            for flag in condition.redFlags {
                #expect(ReadingLevel.words(in: flag).count <= ReadingLevel.redFlagWordLimit, "\(flag)")
            }
        }
    }
}
