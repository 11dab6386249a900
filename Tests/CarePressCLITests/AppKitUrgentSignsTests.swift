import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The app kit's `KnowledgeStore.urgentSigns(userInput:)`, compiled by plain `swiftc` with a small driver, finds the
/// same emergency signs, with the same advice, as `carepress match` on every concern of Tests/MatcherEvaluation.
@Suite("App kit: urgent signs")
struct AppKitUrgentSignsTests {
    static let edgeConcerns = [
        "", "   ", "I can not control my bladder", "no numbness between my legs", "NUMBNESS BETWEEN LEGS",
        "can\u{2019}t control my bladder", "back pain and i cant controll my bladdder", "cafe\u{301} tight chest",
    ]

    static func concerns() throws -> [String] {
        let folder = CLI.repository.appendingPathComponent("Tests/MatcherEvaluation")
        let emergencies = try String(contentsOf: folder.appendingPathComponent("emergencies.tsv"), encoding: .utf8)
        let ordinary = try String(contentsOf: folder.appendingPathComponent("ordinary.txt"), encoding: .utf8)
        return emergencies.split(separator: "\n").compactMap { $0.split(separator: "\t", maxSplits: 1).last }.map {
            String($0)
        } + ordinary.split(separator: "\n").map(String.init) + edgeConcerns
    }

    static let driver = """
        import Foundation

        let concerns = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
        var output: [[[String]]] = []
        for line in concerns.split(separator: "\\n", omittingEmptySubsequences: false).dropLast() {
            let text = String(decoding: Data(base64Encoded: String(line)) ?? Data(), as: UTF8.self)
            output.append(KnowledgeStore.urgentSigns(userInput: text).map { [$0.sign, $0.advice] })
        }
        FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: output))

        """

    @Test func theKitFindsTheSameSignsAsCarepressMatch() throws {
        let temporary = try TemporaryProject("signs")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let kit = folder.appendingPathComponent("AppKit")
        let content = CLI.sampleContent
        let generated = try CLI.appKitOfTheSample(into: kit)
        #expect(generated.status == 0, "\(String(decoding: generated.stderr, as: UTF8.self))")
        let concerns = try Self.concerns()
        let input = folder.appendingPathComponent("concerns.txt")
        try Data(concerns.map { Data($0.utf8).base64EncodedString() + "\n" }.joined().utf8).write(to: input)
        let main = folder.appendingPathComponent("main.swift")
        try Data(Self.driver.utf8).write(to: main)
        let swift = kit.appendingPathComponent("Swift")
        let sources = try FileManager.default.contentsOfDirectory(atPath: swift.path).sorted().map {
            swift.appendingPathComponent($0).path
        }
        let swiftc = try #require(AppKitCompileTests.swiftc, "swiftc was not found")
        let program = folder.appendingPathComponent("driver")
        let compiled = try CLI.run(
            swiftc,
            ["-swift-version", "6", "-warnings-as-errors", "-module-name", "SignsDriver", "-o", program.path]
                + sources + [main.path], stdin: Data())
        try #require(compiled.status == 0, "swiftc failed: \(String(decoding: compiled.stderr, as: UTF8.self))")
        let ran = try CLI.run(program, [input.path], stdin: Data())
        try #require(ran.status == 0, "\(String(decoding: ran.stderr, as: UTF8.self))")
        let found = try JSONDecoder().decode([[[String]]].self, from: ran.stdout)
        #expect(found.count == concerns.count)

        let knowledge = SiteProject.load(from: content).knowledge
        let screen = EmergencyScreen(knowledge: knowledge)
        var flagged = 0
        var differences: [String] = []
        for (concern, kit) in zip(concerns, found) {
            let expected = screen.urgentSigns(in: concern).map { [$0.sign, $0.advice] }
            if !expected.isEmpty { flagged += 1 }
            if kit != expected { differences.append("\(concern.debugDescription): kit \(kit) ≠ \(expected)") }
        }
        #expect(flagged >= 40, "the comparison covers concerns that carry signs")
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        // The library's screen is what `carepress match` prints.
        let printed = try CLI.run(["match", concerns[0], "--json", "--content", content])
        let report = try JSONDecoder().decode(MatchReport.self, from: printed.stdout)
        #expect(report.urgentSigns == screen.urgentSigns(in: concerns[0]) && !report.urgentSigns.isEmpty)
    }
}
