import CarePress
import Foundation
import Testing

/// The emergency screen's evaluation sets (`Tests/MatcherEvaluation/`), written before the sample's phrasings.
enum EmergencyEvaluation {
    static let folder = TemporaryProject.repository.appendingPathComponent("Tests/MatcherEvaluation")

    /// Each line of `emergencies.tsv`: the sign it carries and the concern.
    static func emergencies() throws -> [(sign: String, concern: String)] {
        try lines("emergencies.tsv").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    /// Each line of `ordinary.txt`.
    static func ordinary() throws -> [String] {
        try lines("ordinary.txt")
    }

    private static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}

@Suite("Emergency screen on the evaluation sets")
struct EmergencyEvaluationTests {
    static let project = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)

    @Test func theSetsAreLargeEnoughAndCoverEverySign() throws {
        let emergencies = try EmergencyEvaluation.emergencies()
        #expect(emergencies.count >= 40)
        #expect(try EmergencyEvaluation.ordinary().count >= 100)
        let signs = Set(Self.project.knowledge.emergencySigns.map(\.id))
        #expect(signs.isSuperset(of: Set(emergencies.map(\.sign))), "every sign of the set is in the store")
        let required = [
            "cauda-equina", "heart", "stroke", "spinal-cord", "infection", "fracture-dislocation", "circulation",
        ]
        for id in required {
            #expect(signs.contains(id), "the store screens for \(id)")
        }
    }

    @Test func everyEmergencyIsFlaggedWithItsSign() throws {
        let screen = EmergencyScreen(knowledge: Self.project.knowledge)
        var misses: [String] = []
        let emergencies = try EmergencyEvaluation.emergencies()
        for (sign, concern) in emergencies {
            let found = screen.urgentSigns(in: concern).map(\.sign)
            if !found.contains(sign) { misses.append("\(concern) → \(found) (expected \(sign))") }
        }
        print("emergency recall: \(emergencies.count - misses.count)/\(emergencies.count)")
        #expect(misses.isEmpty, "missed:\n\(misses.joined(separator: "\n"))")
    }

    @Test func ordinaryConcernsRarelyRaiseAnAlarm() throws {
        let screen = EmergencyScreen(knowledge: Self.project.knowledge)
        let ordinary = try EmergencyEvaluation.ordinary()
        let alarms = ordinary.compactMap { concern -> String? in
            let found = screen.urgentSigns(in: concern).map(\.sign)
            return found.isEmpty ? nil : "\(concern) → \(found)"
        }
        print("false alarms: \(alarms.count)/\(ordinary.count)\n" + alarms.joined(separator: "\n"))
        #expect(Double(alarms.count) <= 0.02 * Double(ordinary.count), "\(alarms.joined(separator: "\n"))")
    }
}
