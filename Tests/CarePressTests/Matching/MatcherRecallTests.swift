import CarePress
import Foundation
import Testing

/// The held-out concerns, written in patients' words without looking at the knowledge store's keywords.
struct HeldOutConcerns: Decodable {
    struct Concern: Decodable {
        var text: String
        var area: String?
        var expected: [String]
    }

    var concerns: [Concern]

    static func load() throws -> HeldOutConcerns {
        let url = TemporaryProject.repository.appendingPathComponent(
            "Tests/CarePressTests/Fixtures/matcher/concerns.json")
        return try JSONDecoder().decode(HeldOutConcerns.self, from: Data(contentsOf: url))
    }
}

@Suite("Condition matcher on the sample knowledge store")
struct MatcherRecallTests {
    static let project = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)

    @Test func topThreeRecallOnHeldOutConcerns() throws {
        let matcher = ConditionMatcher(knowledge: Self.project.knowledge)
        let concerns = try HeldOutConcerns.load().concerns
        var hits = 0
        var misses: [String] = []
        for concern in concerns {
            let names = matcher.matches(for: concern.text, area: concern.area).map(\.name)
            if concern.expected.contains(where: names.contains) {
                hits += 1
            } else {
                misses.append("\(concern.text) → \(names) (expected \(concern.expected))")
            }
        }
        let recall = Double(hits) / Double(concerns.count)
        print("matcher top-3 recall: \(hits)/\(concerns.count) = \(String(format: "%.3f", recall))")
        for miss in misses { print("  miss: \(miss)") }
        #expect(concerns.count >= 100)
        #expect(recall >= 0.85, "top-3 recall fell to \(recall)")
    }
}
