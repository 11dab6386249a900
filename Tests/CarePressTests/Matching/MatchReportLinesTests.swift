import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// `MatchReport.lines` (`carepress match --lines`): one matcher for many concerns, each result what a report of the
/// concern alone says, in order.
@Suite("Match reports of many concerns")
struct MatchReportLinesTests {
    static let knowledge = SiteProject.load(
        from: TemporaryProject.repository.appendingPathComponent("Content").path
    ).knowledge

    @Test func eachLineIsTheReportOfItsConcernAloneAndATooLongOneIsAnErrorInItsPlace() {
        let concerns = [
            "my knee hurts going down stairs", "", String(repeating: "a", count: 10_001),
            "chest pain and my left arm is numb",
        ]
        let (output, errors) = MatchReport.lines(concerns, area: nil, knowledge: Self.knowledge, json: true)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 4)
        for index in [0, 1, 3] {
            #expect(
                lines[index] == MatchReport(concern: concerns[index], area: nil, knowledge: Self.knowledge).jsonLine)
        }
        #expect(lines[2].hasPrefix(#"{"error":"the concern is 10001 characters long"#))
        #expect(errors.map(\.description).first?.hasPrefix("<stdin>:3:1: error: the concern is 10001") == true)
        #expect(errors.count == 1)
    }

    @Test func aConcernEchoedInTextIsEscapedForTheTerminal() {
        let hostile = "sore knee\u{1B}[2J\u{202E}evil"
        let (output, _) = MatchReport.lines([hostile], area: nil, knowledge: Self.knowledge, json: false)
        #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(output.hasPrefix("> " + DisplayText.escaped(hostile) + "\n"))
    }
}
