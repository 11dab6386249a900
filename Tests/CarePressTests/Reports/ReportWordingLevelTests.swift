import Foundation
import Testing

@testable import CarePress

/// The theme's own sentences in the reports, and the Swift-side wording that reaches a patient, read at
/// Flesch–Kincaid grade 8 or below, as `ReadingLevel` measures it.
///
/// Only the wording CarePress writes is measured: the values a template prints (a record's answers, a condition's
/// summary) are replaced by a one-syllable word, so a patient's own text or the knowledge store's (which `check`
/// grades itself) neither raises nor lowers the figure.
@Suite("Reading level of the reports' own wording")
struct ReportWordingLevelTests {
    static let gradeLimit = 8.0

    /// The report templates a patient reads.
    static let templates = [
        "reports/consult.md.mustache", "reports/physio.md.mustache", "reports/stack.md.mustache",
        "reports/transcript.md.mustache", "reports/tracking-log.md.mustache", "reports/contact.md.mustache",
    ]

    /// The theme's sentences of a Markdown template: one per line of text (a heading, a list item and a paragraph
    /// each count as a sentence), without Mustache tags, comments, callout marks or Markdown syntax, and with every
    /// printed value as the word "it". A line that is only printed values is left out.
    static func sentences(ofTemplate text: String) -> [String] {
        var sentences: [String] = []
        for rawLine in text.split(separator: "\n") {
            var line = String(rawLine)
            // Comments, pragmas, partials and section tags say nothing; a printed value is one plain word.
            line = line.replacingOccurrences(of: #"\{\{[!%>#/^][^}]*\}\}"#, with: "", options: .regularExpression)
            let values = #"\{\{\{[^}]*\}\}\}|\{\{[^}]*\}\}"#
            guard
                line.replacingOccurrences(of: values, with: "", options: .regularExpression)
                    .contains(where: \.isLetter)
            else { continue }
            line = line.replacingOccurrences(of: values, with: "it", options: .regularExpression)
            if line.hasPrefix("<!--") { continue }
            line = line.replacingOccurrences(of: #"!\[[^\]]*\]\([^)]*\)"#, with: "", options: .regularExpression)
            line = line.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
            line = line.replacingOccurrences(
                of: #"^\s*(#+|-|\d+\.|>)\s+"#, with: "", options: .regularExpression)
            line = line.replacingOccurrences(of: "*", with: "")
            line = line.trimmingCharacters(in: .whitespaces)
            guard line.contains(where: \.isLetter) else { continue }
            sentences.append(line.last.map { ".!?".contains($0) } == true ? line : line + ".")
        }
        return sentences
    }

    /// The string literals of Swift source, each as a sentence, with `\(...)` interpolations as "it" and comments
    /// left out; literals without a letter (separators) and ids (`snake_case`) are left out.
    static func sentences(ofSwift text: String) -> [String] {
        var sentences: [String] = []
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            let code = String(line).replacingOccurrences(of: #"\\\([^)]*\)"#, with: "it", options: .regularExpression)
            guard let pattern = try? NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#) else { continue }
            for match in pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range(at: 1), in: code) else { continue }
                let literal = code[range].trimmingCharacters(in: .whitespaces)
                guard literal.contains(where: \.isLetter), !literal.contains("_"), !literal.hasPrefix("reports/")
                else { continue }
                sentences.append(literal.last.map { ".!?".contains($0) } == true ? literal : literal + ".")
            }
        }
        return sentences
    }

    /// The Swift wording that reaches a patient: the stack's words for ids and evidence levels, the speakers of a
    /// transcript (`RiskWarnings` has none: its literals are the terms it looks for in a caution, which the report
    /// shows as the record wrote it), and what each report's view model writes (from its `viewModel` on; the attention reasons above it
    /// are the clinician's, in the reports index).
    static func swiftWording() throws -> [(file: String, sentences: [String])] {
        let folder = TemporaryProject.repository.appendingPathComponent("Sources/CarePress/Documents")
        var result: [(file: String, sentences: [String])] = []
        for (file, from) in [
            ("StackWording.swift", nil), ("TranscriptView.swift", nil),
            ("ConsultReport.swift", "var viewModel"), ("PhysioReport.swift", "var viewModel"),
            ("StackReport.swift", "var viewModel"),
        ] as [(String, String?)] {
            var text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if let from {
                let start = try #require(text.range(of: from), "\(file) has \(from)")
                text = String(text[start.lowerBound...])
            }
            result.append((file, sentences(ofSwift: text)))
        }
        return result
    }

    @Test(arguments: templates)
    func theTemplatesOwnSentencesReadAtGradeEightOrBelow(template: String) throws {
        let path = URL(fileURLWithPath: TemporaryProject.defaultTemplates).appendingPathComponent(template)
        let sentences = Self.sentences(ofTemplate: try String(contentsOf: path, encoding: .utf8))
        #expect(!sentences.isEmpty)
        let grade = ReadingLevel.grade(sentences.joined(separator: " "))
        #expect(
            grade <= Self.gradeLimit,
            "\(template) reads at grade \(ReadingLevel.formatted(grade)); the hardest sentences: \(Self.hardest(sentences))"
        )
        for sentence in Self.measurable(sentences) {
            #expect(
                ReadingLevel.grade(sentence) <= Self.gradeLimit,
                "\(template): '\(sentence)' reads at grade \(ReadingLevel.formatted(ReadingLevel.grade(sentence)))")
        }
    }

    /// The sentences long enough for a grade of their own to mean something: a whole text can average a hard
    /// sentence away, so each sentence of `sentenceWords` words or more is held to the limit too (a heading or a
    /// label of two or three words is not: one long word gives it a high grade whatever it says).
    static func measurable(_ sentences: [String]) -> [String] {
        sentences.flatMap { line in
            line.replacingOccurrences(of: #"([.!?])\s+"#, with: "$1\n", options: .regularExpression)
                .split(separator: "\n").map(String.init)
        }.filter { ReadingLevel.words(in: $0).count >= sentenceWords }
    }

    /// The fewest words a sentence has for its own grade to be held to the limit.
    static let sentenceWords = 8

    @Test func theSwiftWordingThatReachesAPatientReadsAtGradeEightOrBelow() throws {
        let wording = try Self.swiftWording()
        #expect(wording.first { $0.file == "StackWording.swift" }?.sentences.count ?? 0 > 40)
        let all = wording.flatMap(\.sentences)
        let grade = ReadingLevel.grade(all.joined(separator: " "))
        #expect(
            grade <= Self.gradeLimit,
            "the Swift wording reads at grade \(ReadingLevel.formatted(grade)); the hardest: \(Self.hardest(all))")
        for sentence in Self.measurable(all) {
            #expect(
                ReadingLevel.grade(sentence) <= Self.gradeLimit,
                "'\(sentence)' reads at grade \(ReadingLevel.formatted(ReadingLevel.grade(sentence)))")
        }
    }

    /// The extraction keeps the theme's words and drops the rest.
    @Test func sentencesAreTheThemesWordsWithoutTagsOrMarkup() {
        let template = """
            {{% CONTENT_TYPE: MARKDOWN }}
            {{! A comment. }}
            # {{title}}

            {{#hasUrgent}}
            <!-- callout urgent -->
            ### Get help *now*
            - **{{question}}** {{answer}}
            See [the guide]({{{hrefDestination}}}) for {{name}}
            {{/hasUrgent}}
            """
        #expect(Self.sentences(ofTemplate: template) == ["Get help now.", "See the guide for it."])
        #expect(
            Self.sentences(
                ofSwift: "    case .user: \"You\"\n    // \"Ignored\"\n    x = \"\\(n) doses taken; missed \"")
                == ["You.", "it doses taken; missed."])
    }

    /// The sentences with the highest grades, for the failure message.
    static func hardest(_ sentences: [String]) -> String {
        sentences.map { ($0, ReadingLevel.grade($0)) }.sorted { $0.1 > $1.1 }.prefix(5)
            .map { "\($0.0) (\(ReadingLevel.formatted($0.1)))" }.joined(separator: " | ")
    }
}
