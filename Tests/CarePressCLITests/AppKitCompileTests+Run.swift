import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The app kit compile: the sample concerns, and the run of `swiftc` over the kits and the driver.
extension AppKitCompileTests {
    /// The sample's concerns: the held-out ones, edge cases, ones made from each condition's own words (names,
    /// aliases, keywords, typos, keywords of two conditions together) and the matcher's evaluation sets, each asked
    /// without and with a body area.
    static func sampleConcerns(_ knowledge: KnowledgeStore) throws -> [(text: String, area: String?)] {
        struct HeldOut: Decodable {
            struct Concern: Decodable {
                var text: String
                var area: String?
            }
            var concerns: [Concern]
        }
        let url = CLI.repository.appendingPathComponent("Tests/CarePressTests/Fixtures/matcher/concerns.json")
        let heldOut = try JSONDecoder().decode(HeldOut.self, from: Data(contentsOf: url)).concerns
        var texts = heldOut.map { ($0.text, $0.area) }
        texts += [
            "", "   ", "the and of my", "KNEE!!!", "RUNNER'S KNEE", "runner\u{2019}s knee", "kne pain going dwn stairs",
            "knee-pain after running, swelling & stiffness", "knees hurting; swelled; twisted; stairs", "stairs stairs",
            "achilles tendonitis and plantar fasciitis", "1st steps in the morning hurt my heel", "Caf\u{E9} kn\u{E9}e",
            "cafe\u{301} knee", "\u{15E}\u{130}\u{15E}L\u{130}K knee", "\u{3A3}\u{3A3} knee \u{BD}",
            "shoulder\u{A0}clicks\u{2003}when I raise my arm", "I can't lift my arm above my head", "heel", "ankle",
        ].map { ($0, nil) }
        var random = SplitMix64(seed: 13)
        for condition in knowledge.conditions {
            let other = knowledge.conditions[Int.random(in: 0..<knowledge.conditions.count, using: &random)]
            let keyword = { (c: CarePress.Condition) in c.keywords[Int.random(in: 0..<c.keywords.count, using: &random)]
            }
            let word = keyword(condition)
            var typo = Array(word)
            if typo.count > 4 { typo.remove(at: typo.count / 2) }
            texts += [
                (condition.name.lowercased(), nil), (condition.aliases.first ?? condition.name, nil),
                ("my \(keyword(condition)) hurts", nil),
                ("i have \(keyword(condition)) and \(keyword(condition))", nil),
                ("really bad \(String(typo)) since yesterday", nil), ("\(keyword(condition)), \(keyword(other))", nil),
                ("it started with \(keyword(other)) but now \(word)", nil),
            ]
        }
        // Every concern of the matcher's evaluation sets (Tests/MatcherEvaluation/README.md).
        let evaluation = CLI.repository.appendingPathComponent("Tests/MatcherEvaluation")
        for name in ["concerns.tsv", "development.tsv", "emergencies.tsv", "ordinary.txt"] {
            let text = try String(contentsOf: evaluation.appendingPathComponent(name), encoding: .utf8)
            texts += text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                (String($0.split(separator: "\t", maxSplits: 1).last ?? ""), nil)
            }
        }
        let areas = knowledge.areas.map(\.id)
        var result: [(String, String?)] = []
        for (index, (text, area)) in texts.enumerated() {
            result.append((text, nil))
            result.append((text, area ?? areas[index % areas.count]))
        }
        return result
    }

    static func makeRun() throws(CLI.MissingProgram) -> Run {
        do {
            return try makeRunThrowing()
        } catch let error as CLI.MissingProgram {
            throw error
        } catch {
            throw CLI.MissingProgram(description: "the compile test could not run: \(error)")
        }
    }

    static func makeRunThrowing() throws -> Run {
        let temporary = try TemporaryProject("kit")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        let kit = folder.appendingPathComponent("AppKit")
        let content = CLI.sampleContent
        let generated = try CLI.appKitOfTheSample(into: kit)

        // The hostile kit, wrapped in a namespace so its types do not clash with the sample's.
        let hostile = folder.appendingPathComponent("Hostile")
        try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
        for file in AppKitSources(knowledge: HostileKnowledge.store).files where !file.path.hasSuffix("Matcher.swift") {
            let text = String(decoding: file.bytes, as: UTF8.self)
            let body = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                $0 != "import Foundation"
            }
            let wrapped = "import Foundation\n\nextension HostileKit {\n" + body.joined(separator: "\n") + "\n}\n"
            try Data(wrapped.utf8).write(
                to: hostile.appendingPathComponent("Hostile" + (file.path as NSString).lastPathComponent))
        }

        let knowledge = SiteProject.load(from: content).knowledge
        let concerns =
            try sampleConcerns(knowledge).map { Concern(hostile: false, text: $0.text, area: $0.area) }
            + HostileKnowledge.concerns.map { Concern(hostile: true, text: $0.text, area: $0.area) }
        let lines = concerns.map { "\($0.hostile ? "H" : "S")\t\($0.area.map(hex) ?? "-")\t\(hex($0.text))\n" }
        let concernsFile = folder.appendingPathComponent("concerns.txt")
        try Data(lines.joined().utf8).write(to: concernsFile)
        let main = folder.appendingPathComponent("main.swift")
        try Data(driver.utf8).write(to: main)

        let sources = try ["Swift"].flatMap { sub in
            try FileManager.default.contentsOfDirectory(atPath: kit.appendingPathComponent(sub).path).sorted().map {
                kit.appendingPathComponent(sub).appendingPathComponent($0).path
            }
        }
        let hostileSources = try FileManager.default.contentsOfDirectory(atPath: hostile.path).sorted().map {
            hostile.appendingPathComponent($0).path
        }
        guard let swiftc = swiftc else { throw CLI.MissingProgram(description: "swiftc was not found on PATH") }
        let program = folder.appendingPathComponent("driver")
        let start = Date()
        let compiled = try CLI.run(
            swiftc,
            ["-swift-version", "6", "-warnings-as-errors", "-module-name", "KitDriver", "-o", program.path]
                + sources + hostileSources + [main.path], stdin: Data())
        let compileSeconds = Date().timeIntervalSince(start)
        guard compiled.status == 0 else {
            throw CLI.MissingProgram(
                description: "swiftc failed on the kit:\n" + String(decoding: compiled.stderr, as: UTF8.self))
        }
        let ran = try CLI.run(program, [concernsFile.path], stdin: Data())
        guard ran.status == 0 else {
            throw CLI.MissingProgram(description: "the driver failed: " + String(decoding: ran.stderr, as: UTF8.self))
        }
        return Run(
            status: generated.status, stdout: String(decoding: generated.stdout, as: UTF8.self),
            stderr: String(decoding: generated.stderr, as: UTF8.self), concerns: concerns,
            output: try JSONDecoder().decode(DriverOutput.self, from: ran.stdout), compileSeconds: compileSeconds)
    }

    /// The Swift compiler: next to the `swift` that runs these tests (on PATH), or the machine's toolchain.
    static let swiftc: URL? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
            String($0) + "/swiftc"
        }
        return (path + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]).first {
            FileManager.default.isExecutableFile(atPath: $0)
        }.map(URL.init(fileURLWithPath:))
    }()

    /// The driver: dumps both kits with every string as hex, and runs every concern through the kit's matcher.
    static let driver: String = {
        let dump = """
            func dumpPREFIX() -> [String: Any] {
                var areas: [[String: Any]] = []
                for area in PREFIXBodyArea.allCases {
                    areas.append([
                        "rawValue": hex(area.rawValue), "id": hex(area.id), "caseName": hex(String(describing: area)),
                        "displayName": hex(area.displayName), "summary": optional(area.summary),
                        "guidePage": hex(area.guidePage),
                    ])
                }
                let conditions: [[String: Any]] = PREFIXKnowledgeStore.conditions.map { c in
                    [
                        "name": hex(c.name), "bodyArea": hex(c.bodyArea.rawValue), "keywords": c.keywords.map(hex),
                        "summary": hex(c.summary), "exerciseNames": c.exerciseNames.map(hex), "redFlags": c.redFlags.map(hex),
                        "slug": hex(c.slug), "aliases": c.aliases.map(hex), "typicalRecovery": optional(c.typicalRecovery),
                        "phases": c.phases.map { [hex($0.phase), hex($0.focus)] }, "guidePage": hex(c.guidePage),
                    ]
                }
                let exercises: [[String: Any]] = PREFIXExerciseStore.shared.exercises.map { e in
                    [
                        "name": hex(e.name), "steps": e.steps.map(hex), "dosage": hex(e.dosage), "cautions": e.cautions.map(hex),
                        "phase": hex(e.phase), "slug": hex(e.slug), "bodyAreas": e.bodyAreas.map { hex($0.rawValue) },
                        "summary": optional(e.summary), "durationSeconds": e.durationSeconds.map { $0 as Any } ?? NSNull(),
                        "equipment": e.equipment.map(hex), "guidePage": hex(e.guidePage),
                        "recoveryPhase": optional(e.recoveryPhase?.id),
                    ]
                }
                let phases: [[String: Any]] = PREFIXRecoveryPhase.all.map { p in
                    [
                        "id": hex(p.id), "name": hex(p.name), "order": p.order, "typicalWeeks": optional(p.typicalWeeks),
                        "goals": p.goals.map(hex), "progressWhen": p.progressWhen.map(hex),
                    ]
                }
                let resolved: [[Any]] = PREFIXKnowledgeStore.conditions.map { c in
                    c.exerciseNames.map { optional(PREFIXExerciseStore.shared.exercise(named: $0)?.name) }
                }
                return [
                    "areas": areas, "guideOrder": PREFIXBodyArea.guideOrder.map { hex($0.rawValue) },
                    "conditions": conditions, "exercises": exercises, "phases": phases, "resolved": resolved,
                ]
            }

            """
        return """
            import Foundation

            enum HostileKit {}

            func hex(_ text: String) -> String {
                text.utf8.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
            }

            func unhex(_ hex: Substring) -> String {
                var bytes: [UInt8] = []
                var digits = hex.utf8.makeIterator()
                while let high = digits.next(), let low = digits.next() {
                    bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
                }
                return String(decoding: bytes, as: UTF8.self)
            }

            func optional(_ text: String?) -> Any { text.map(hex) ?? NSNull() }

            \(dump.replacingOccurrences(of: "PREFIX", with: ""))
            \(dump.replacingOccurrences(of: "func dumpPREFIX", with: "func dumpHostile")
                .replacingOccurrences(of: "PREFIX", with: "HostileKit."))
            var matches: [[String]] = []
            let concerns = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
            for line in concerns.split(separator: "\\n") {
                let fields = line.split(separator: "\\t", omittingEmptySubsequences: false)
                let text = unhex(fields[2])
                let area: String? = fields[1] == "-" ? nil : unhex(fields[1])
                if fields[0] == "S" {
                    let bodyArea = area.map { BodyArea(rawValue: $0) }
                    if bodyArea == .some(nil) { fatalError("unknown area") }
                    matches.append(KnowledgeStore.match(userInput: text, bodyArea: bodyArea ?? nil).map { hex($0.name) })
                } else {
                    let bodyArea = area.map { HostileKit.BodyArea(rawValue: $0) }
                    if bodyArea == .some(nil) { fatalError("unknown area") }
                    matches.append(HostileKit.KnowledgeStore.match(userInput: text, bodyArea: bodyArea ?? nil).map { hex($0.name) })
                }
            }
            let output: [String: Any] = ["sample": dump(), "hostile": dumpHostile(), "matches": matches]
            FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: output))

            """
    }()
}
