import CarePress
import Foundation
import Testing

/// `emergency-signs.yml` is validated like the rest of the knowledge store: each problem a located error, the item
/// with it left out, the others loaded.
@Suite("Emergency signs file")
struct EmergencySignsLoadingTests {
    static let broken = """
        - id: heart
          advice: Call 999 now.
          phrasings: [chest pain spreading to my arm]
        - id: heart
          advice: Call 999 now.
          phrasings: [tight chest]
        - id: Stroke!
          advice: Call 999 now.
          phrasings: [face drooping]
        - id: empty
          advice: Go to A&E now.
          phrasings: ["", "my the"]
        - id: extra
          advice: Go to A&E now.
          phrasings: [bone sticking out]
          colour: red
        - id: none
          advice: Go to A&E now.
          phrasings: []
        - id: no-advice
          phrasings: [foot gone cold and blue]
        - id: infection
          advice: ""
          phrasings: [hot swollen joint and fever]
        """

    @Test func everyProblemIsALocatedErrorAndTheGoodSignsStillLoad() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/knowledge/emergency-signs.yml", Self.broken)
        let site = SiteProject.load(from: project.path("Content"))
        let file = project.path("Content/knowledge/emergency-signs.yml")
        let errors = site.diagnostics.filter { $0.severity == .error }.map(\.description)
        let expected = [
            "\(file):4:7: error: duplicate emergency sign id 'heart'",
            "\(file):7:7: error: [2].id: 'Stroke!' is not a valid value: it must be lower-case letters, '_' and '-', "
                + "starting with a letter",
            "\(file):12:15: error: [3].phrasings[0]: must not be empty",
            "\(file):12:19: error: [3].phrasings[1]: phrasing 'my the' has no word to match",
            "\(file):16:3: error: [4].colour: unknown key 'colour'",
            "\(file):19:14: error: [5].phrasings: needs at least 1 item, found 0",
            "\(file):20:3: error: [6].advice: missing required key 'advice'",
            "\(file):23:11: error: [7].advice: must not be empty",
        ]
        for line in expected {
            #expect(errors.contains { $0.hasPrefix(line) }, "\(line)\nnot in\n\(errors.joined(separator: "\n"))")
        }
        #expect(site.knowledge.emergencySigns.map(\.id) == ["heart"], "each sign with an error is left out")
        #expect(site.knowledge.emergencySigns.first?.phrasings == ["chest pain spreading to my arm"])
    }

    @Test func aMissingFileIsAWarningAndNothingIsScreened() throws {
        let project = try TemporaryProject.minimal()
        try FileManager.default.removeItem(atPath: project.path("Content/knowledge/emergency-signs.yml"))
        let site = SiteProject.load(from: project.path("Content"))
        #expect(!site.diagnostics.hasErrors)
        let warnings = site.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings.contains {
                $0.hasPrefix(project.path("Content/knowledge/emergency-signs.yml") + ":1:1: warning: missing")
            }, "\(warnings)")
        #expect(site.knowledge.emergencySigns.isEmpty)
        #expect(EmergencyScreen(knowledge: site.knowledge).urgentSigns(in: "i cant control my bladder").isEmpty)
    }

    @Test func hardAdviceIsAWarningAndTheSampleHasNone() throws {
        let project = try TemporaryProject.minimal()
        try project.write(
            "Content/knowledge/emergency-signs.yml",
            """
            - id: heart
              advice: Immediately telephone emergency services, communicating your cardiovascular symptomatology.
              phrasings: [chest pain spreading to my arm]
            """)
        let site = SiteProject.load(from: project.path("Content"))
        #expect(site.diagnostics.contains { $0.severity == .warning && $0.message.hasPrefix("advice reads at grade") })
        #expect(site.knowledge.emergencySigns.count == 1, "a warning does not leave the sign out")
        let sample = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)
        #expect(!sample.diagnostics.contains { $0.file.hasSuffix("emergency-signs.yml") }, "\(sample.diagnostics)")
        #expect(sample.knowledge.emergencySigns.count >= 7)
    }
}
