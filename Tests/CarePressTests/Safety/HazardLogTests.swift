import Foundation
import Testing
import Yams

/// The hazard log (`docs/safety/hazards.yml`) stays true to the code: every hazard says what causes it, what harm it
/// could do and how it is controlled; every file named as a control exists; and every test named as verifying a
/// control still exists, so a test cannot be renamed or deleted without the log saying what verifies the control now.
@Suite("Hazard log")
struct HazardLogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Log: Decodable {
        struct Hazard: Decodable {
            struct TestReference: Decodable {
                var path: String
                var name: String
            }

            var id: String
            var title: String
            var cause: String
            var harm: String
            var controls: [String]
            var tests: [TestReference]
            var status: String
            var residual: String?
        }

        var hazards: [Hazard]
    }

    static func log() throws -> Log {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/safety/hazards.yml"), encoding: .utf8)
        return try YAMLDecoder().decode(Log.self, from: text)
    }

    /// Whether a source file declares a test function of that name: `func name(` in Swift, `def name(` in Python.
    static func declares(_ source: String, _ name: String, python: Bool) -> Bool {
        let declaration = (python ? "def " : "func ") + name + "("
        return source.contains(declaration)
    }

    @Test func everyHazardSaysItsCauseHarmControlAndStatus() throws {
        let hazards = try Self.log().hazards
        #expect(hazards.count >= 12)
        #expect(Set(hazards.map(\.id)).count == hazards.count, "hazard ids are unique")
        for hazard in hazards {
            #expect(!hazard.title.isEmpty && !hazard.cause.isEmpty && !hazard.harm.isEmpty, "\(hazard.id)")
            #expect(!hazard.controls.isEmpty, "\(hazard.id) names no control")
            #expect(["controlled", "open"].contains(hazard.status), "\(hazard.id): status \(hazard.status)")
            if hazard.status == "controlled" {
                #expect(!hazard.tests.isEmpty, "\(hazard.id) is controlled but names no test")
            } else {
                #expect(hazard.residual?.isEmpty == false, "\(hazard.id) is open but says no residual risk")
            }
        }
    }

    @Test func everyControlAndEveryTestTheLogNamesExists() throws {
        var checked = 0
        for hazard in try Self.log().hazards {
            for control in hazard.controls {
                let path = Self.repository.appendingPathComponent(control).path
                #expect(FileManager.default.fileExists(atPath: path), "\(hazard.id): control \(control) is gone")
            }
            for test in hazard.tests {
                let url = Self.repository.appendingPathComponent(test.path)
                let source = try? String(contentsOf: url, encoding: .utf8)
                #expect(source != nil, "\(hazard.id): test file \(test.path) is gone")
                guard let source else { continue }
                #expect(
                    Self.declares(source, test.name, python: test.path.hasSuffix(".py")),
                    "\(hazard.id): \(test.path) no longer declares \(test.name)")
                checked += 1
            }
        }
        #expect(checked >= 12)
    }

    @Test func aRenamedTestIsCaught() {
        let source = "struct T {\n    @Test func theOldName() {}\n}\n"
        #expect(Self.declares(source, "theOldName", python: false))
        #expect(!Self.declares(source, "theNewName", python: false))
        #expect(!Self.declares(source, "theOld", python: false))
        #expect(Self.declares("def test_x(browser):\n", "test_x", python: true))
    }
}
