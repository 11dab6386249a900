import CarePress
import Foundation
import Testing

/// The lay-language evaluation set of `Tests/MatcherEvaluation/` (see its README): concerns written the way
/// patients write, each with the condition it describes, or none.
struct MatcherEvaluationSet {
    /// One concern of the set.
    struct Concern {
        /// The concern, as a patient typed it.
        var text: String
        /// The condition it describes; nil when it is not musculoskeletal (no match is wanted).
        var expected: String?
        /// Whether it belongs to the held-out split (every third concern), which tuning never looks at.
        var heldOut: Bool
    }

    /// Every concern of `concerns.tsv`, in file order.
    var concerns: [Concern]

    /// The folder of the set.
    static let folder = TemporaryProject.repository.appendingPathComponent("Tests/MatcherEvaluation")

    /// The concern lines of a tab-separated file: comments (`#`) and blank lines skipped, split at the first tab.
    static func rows(_ name: String) throws -> [(String, String)] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> (String, String)? in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            return (String(line[..<tab]), String(line[line.index(after: tab)...]))
        }
    }

    /// Loads `concerns.tsv`, where concern n (from 0) is held out when n % 3 == 2, then `development.tsv`, which
    /// is never held out.
    static func load() throws -> MatcherEvaluationSet {
        let split = try rows("concerns.tsv")
        let development = try rows("development.tsv")
        return MatcherEvaluationSet(
            concerns: split.enumerated().map { n, row in
                Concern(text: row.1, expected: row.0 == "none" ? nil : row.0, heldOut: n % 3 == 2)
            }
                + development.map { Concern(text: $0.1, expected: $0.0 == "none" ? nil : $0.0, heldOut: false) })
    }
}

/// The figures of one split.
struct MatcherFigures: CustomStringConvertible {
    var top1 = 0
    var top3 = 0
    var described = 0
    var unmatched = 0
    var other = 0
    var emergencies = 0
    var flagged = 0
    var ordinary = 0
    var alarms = 0
    var misses: [String] = []

    var recall1: Double { Double(top1) / Double(max(described, 1)) }
    var recall3: Double { Double(top3) / Double(max(described, 1)) }
    var noMatchPrecision: Double { Double(unmatched) / Double(max(other, 1)) }
    var emergencyRecall: Double { Double(flagged) / Double(max(emergencies, 1)) }
    var falseAlarmRate: Double { Double(alarms) / Double(max(ordinary, 1)) }

    var description: String {
        func percent(_ value: Double) -> String { String(format: "%.1f%%", 100 * value) }
        return
            "recall@1 \(percent(recall1)) (\(top1)/\(described)), recall@3 \(percent(recall3)) (\(top3)/\(described)), "
            + "no-match precision \(percent(noMatchPrecision)) (\(unmatched)/\(other)), "
            + "emergency recall \(percent(emergencyRecall)) (\(flagged)/\(emergencies)), "
            + "false alarms \(percent(falseAlarmRate)) (\(alarms)/\(ordinary))"
    }

    /// An ordinary concern (no emergency sign), and the signs the screen found in it.
    mutating func addOrdinary(_ concern: String, _ signs: [String]) {
        ordinary += 1
        if !signs.isEmpty {
            alarms += 1
            misses.append("false alarm: \(concern) → \(signs)")
        }
    }

    /// A concern that carries `sign`, and the signs the screen found in it.
    mutating func addEmergency(_ concern: String, sign: String, _ signs: [String]) {
        emergencies += 1
        if signs.contains(sign) { flagged += 1 } else { misses.append("\(sign) not flagged: \(concern) → \(signs)") }
    }

    mutating func add(_ concern: MatcherEvaluationSet.Concern, _ names: [String]) {
        guard let expected = concern.expected else {
            other += 1
            if names.isEmpty { unmatched += 1 } else { misses.append("none: \(concern.text) → \(names)") }
            return
        }
        described += 1
        if names.first == expected { top1 += 1 }
        if names.contains(expected) {
            top3 += 1
        }
        if names.first != expected { misses.append("\(expected): \(concern.text) → \(names)") }
    }
}

/// `make eval-matcher`: the matcher's and the emergency screen's figures on the evaluation sets, development and
/// held-out splits, asserted against the done-when thresholds of issue 38 on the held-out split.
///
/// In `make test` (without `CAREPRESS_EVAL_GOALS=1`) no match for the held-out concerns that are not
/// musculoskeletal is held at today's figure (25 of 25, above the goal of 96%), so that the suite catches a
/// regression; `make eval-matcher` asserts the goals themselves.
@Suite("Matcher evaluation")
struct MatcherEvaluationTests {
    static let project = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)

    @Test func figuresOnTheEvaluationSet() throws {
        let matcher = ConditionMatcher(knowledge: Self.project.knowledge)
        let set = try MatcherEvaluationSet.load()
        var development = MatcherFigures()
        var heldOut = MatcherFigures()
        let screen = EmergencyScreen(knowledge: Self.project.knowledge)
        // A concern about an urgent condition (a dislocation) rightly carries a sign: it is not an ordinary one.
        let urgent = Set(Self.project.knowledge.lexicon.urgentConditions)
        for concern in set.concerns {
            let names = matcher.matches(for: concern.text).map(\.name)
            let signs = screen.urgentSigns(in: concern.text).map(\.sign)
            let ordinary = !urgent.contains(concern.expected ?? "")
            if concern.heldOut {
                heldOut.add(concern, names)
                if ordinary { heldOut.addOrdinary(concern.text, signs) }
            } else {
                development.add(concern, names)
                if ordinary { development.addOrdinary(concern.text, signs) }
            }
        }
        // The emergency screen's own sets (`README.md`), split the same way: every third line held out.
        for (n, concern) in try EmergencyEvaluation.ordinary().enumerated() {
            let signs = screen.urgentSigns(in: concern).map(\.sign)
            if n % 3 == 2 { heldOut.addOrdinary(concern, signs) } else { development.addOrdinary(concern, signs) }
        }
        for (n, emergency) in try EmergencyEvaluation.emergencies().enumerated() {
            let signs = screen.urgentSigns(in: emergency.concern).map(\.sign)
            if n % 3 == 2 {
                heldOut.addEmergency(emergency.concern, sign: emergency.sign, signs)
            } else {
                development.addEmergency(emergency.concern, sign: emergency.sign, signs)
            }
        }
        print("matcher evaluation, development split: \(development)")
        print("matcher evaluation, held-out split:    \(heldOut)")
        let environment = ProcessInfo.processInfo.environment
        if environment["MATCHER_EVAL_MISSES"] != nil {
            for miss in development.misses { print("  development miss (not first): \(miss)") }
        }
        if environment["MATCHER_EVAL_HELD_OUT_MISSES"] != nil {
            for miss in heldOut.misses { print("  held-out miss (not first): \(miss)") }
        }
        #expect(set.concerns.count >= 400)
        #expect(heldOut.recall3 >= 0.97, "held-out recall@3 \(heldOut.recall3)")
        #expect(heldOut.recall1 >= 0.88, "held-out recall@1 \(heldOut.recall1)")
        let noMatchFloor = environment["CAREPRESS_EVAL_GOALS"] == "1" ? 0.96 : 1
        #expect(heldOut.noMatchPrecision >= noMatchFloor, "held-out no-match precision \(heldOut.noMatchPrecision)")
        #expect(heldOut.emergencyRecall == 1, "held-out emergency recall \(heldOut.emergencyRecall)")
        #expect(heldOut.falseAlarmRate <= 0.02, "held-out false alarms \(heldOut.falseAlarmRate)")
    }
}
