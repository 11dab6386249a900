import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The app kit as the physio app gets it: `carepress app-kit` on the sample, compiled by plain `swiftc` with a
/// small driver (one compile for every test here), then run.
///
/// The same compile holds a kit made from `HostileKnowledge`, its four knowledge files each wrapped in
/// `extension HostileKit { ... }` (the only change: the `import` line goes, since an extension cannot hold one),
/// so that its types do not clash with the sample's; it shares the sample kit's `KnowledgeMatcher.swift`, which
/// is the same file for every kit.
@Suite("App kit compiled with swiftc")
struct AppKitCompileTests {
    /// What the driver printed about one kit; every string is its UTF-8 bytes in hex, so equality is byte equality.
    struct KitDump: Codable, Equatable {
        struct Area: Codable, Equatable {
            var rawValue, id, caseName, displayName: String
            var summary: String?
            var guidePage: String
        }
        struct Condition: Codable, Equatable {
            var name, bodyArea: String
            var keywords: [String]
            var summary: String
            var exerciseNames, redFlags: [String]
            var slug: String
            var aliases: [String]
            var typicalRecovery: String?
            var phases: [[String]]
            var guidePage: String
        }
        struct Exercise: Codable, Equatable {
            var name: String
            var steps: [String]
            var dosage: String
            var cautions: [String]
            var phase, slug: String
            var bodyAreas: [String]
            var summary: String?
            var durationSeconds: Int?
            var equipment: [String]
            var guidePage: String
            var recoveryPhase: String?
        }
        struct Phase: Codable, Equatable {
            var id, name: String
            var order: Int
            var typicalWeeks: String?
            var goals, progressWhen: [String]
        }
        var areas: [Area]
        var guideOrder: [String]
        var conditions: [Condition]
        var exercises: [Exercise]
        var phases: [Phase]
        /// For each condition, each of its exercise names as `ExerciseStore.shared.exercise(named:)` resolved it.
        var resolved: [[String?]]
    }

    /// Everything the driver printed.
    struct DriverOutput: Codable {
        var sample: KitDump
        var hostile: KitDump
        /// The names each concern matched, in the order of the concerns file.
        var matches: [[String]]
    }

    /// One concern and the kit it is asked of.
    struct Concern {
        var hostile: Bool
        var text: String
        var area: String?
    }

    /// The kit's folder, what `app-kit` printed, the concerns asked, the driver's output, the compile's time.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var concerns: [Concern]
        var output: DriverOutput
        var compileSeconds: Double
    }

    static let run: Result<Run, CLI.MissingProgram> = Result { () throws(CLI.MissingProgram) in try makeRun() }

    static func load() throws -> Run { try run.get() }

    // MARK: The tests

    /// `KnowledgeStore.match` in the compiled kit names the same conditions, in the same order, as `carepress
    /// match` (its library half, `MatchReport`) on at least 300 concerns, each without and with a body area.
    @Test func theKitsMatchEqualsCarepressMatch() throws {
        let run = try Self.load()
        let knowledge = SiteProject.load(from: CLI.repository.appendingPathComponent("Content").path).knowledge
        var compared = (withoutArea: 0, withArea: 0, matched: 0)
        var mismatches: [String] = []
        // MatchReport is what `carepress match` prints; it rebuilds its matcher on each call, so it is asked for
        // every tenth concern and the same matcher, built once, for the rest.
        let matcher = ConditionMatcher(knowledge: knowledge)
        for (index, (concern, names)) in zip(run.concerns, run.output.matches).enumerated() where !concern.hostile {
            let expected =
                index % 10 == 0
                ? MatchReport(concern: concern.text, area: concern.area, knowledge: knowledge).matches.map {
                    Self.hex($0.name)
                } : matcher.matches(for: concern.text, area: concern.area).map { Self.hex($0.name) }
            if names != expected {
                mismatches.append(
                    "\(concern.text) [\(concern.area ?? "any")]: kit \(names.map(Self.text)) ≠ match "
                        + "\(expected.map(Self.text))")
            }
            if concern.area == nil { compared.withoutArea += 1 } else { compared.withArea += 1 }
            if !names.isEmpty { compared.matched += 1 }
        }
        let distinct = Set(run.concerns.filter { !$0.hostile }.map(\.text)).count
        print(
            "app kit vs carepress match: \(distinct) concerns, \(compared.withoutArea) without and "
                + "\(compared.withArea) with a body area, \(compared.matched) with matches, \(mismatches.count) differ; "
                + "swiftc took \(String(format: "%.1f", run.compileSeconds)) s")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(distinct >= 300 && compared.withoutArea >= 300 && compared.withArea >= 300)
        // Not a vacuous comparison: many concerns match something (the rest are concerns that are not
        // musculoskeletal, emergencies and concerns asked within an unrelated body area, which rightly match nothing).
        let total = compared.withoutArea + compared.withArea
        #expect(compared.matched * 5 >= total * 2, "many concerns match something: \(compared.matched) of \(total)")
        #expect(run.output.matches.count == run.concerns.count)
    }

    /// The library half is what the binary prints: a few concerns through `carepress match --json`.
    @Test func carepressMatchPrintsWhatTheComparisonUsed() throws {
        let content = CLI.repository.appendingPathComponent("Content").path
        let knowledge = SiteProject.load(from: content).knowledge
        for (text, area) in [
            ("my knee hurts going down stairs", nil), ("pain down the back of my leg", "lower_back"),
            ("kne pain going dwn stairs", "knee"), ("tingling fingers at night", nil), ("heel", "ankle_foot"),
        ] as [(String, String?)] {
            let arguments = ["match", text, "--json", "--content", content] + (area.map { ["--area", $0] } ?? [])
            let result = try CLI.run(arguments)
            #expect(result.status == 0)
            let printed = try JSONDecoder().decode(MatchReport.self, from: result.stdout).matches.map(\.name)
            #expect(printed == MatchReport(concern: text, area: area, knowledge: knowledge).matches.map(\.name))
        }
    }

    @Test func appKitSucceedsOnTheSampleAndPrintsThePromptBudget() throws {
        let run = try Self.load()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "no diagnostics for the sample: \(run.stderr)")
        let budget = try #require(run.stdout.split(separator: "\n").first)
        #expect(budget.hasPrefix("prompt budget: the longest injected context (3 summaries with their red flags) has "))
        #expect(budget.contains(" words, about ") && budget.contains(" tokens of 300 ("))
        print(budget)
    }

    /// Every condition of the sample is in `KnowledgeStore.conditions`, with every field exactly as loaded, and
    /// every area, exercise and phase too.
    @Test func everyConditionIsPresentWithEveryField() throws {
        let run = try Self.load()
        let knowledge = SiteProject.load(from: CLI.repository.appendingPathComponent("Content").path).knowledge
        let expected = Self.dump(knowledge)
        #expect(run.output.sample.conditions.count == 28)
        #expect(run.output.sample.conditions == expected.conditions)
        #expect(run.output.sample.areas == expected.areas)
        #expect(run.output.sample.guideOrder == expected.guideOrder)
        #expect(run.output.sample.exercises == expected.exercises)
        #expect(run.output.sample.phases == expected.phases)
    }

    /// Every `exerciseNames` entry resolves through `ExerciseStore.shared.exercise(named:)` to that very exercise.
    @Test func everyExerciseNameResolves() throws {
        let run = try Self.load()
        for kit in [run.output.sample, run.output.hostile] {
            #expect(kit.resolved.count == kit.conditions.count)
            for (condition, resolved) in zip(kit.conditions, kit.resolved) {
                #expect(resolved == condition.exerciseNames, "\(Self.text(condition.name))")
            }
        }
        #expect(run.output.sample.resolved.flatMap { $0 }.count >= 150)
    }

    /// The hostile store compiles, and every string comes back byte for byte; case names are the identifiers'.
    @Test func hostileStringsRoundTripExactly() throws {
        let run = try Self.load()
        let expected = Self.dump(HostileKnowledge.store)
        #expect(run.output.hostile == expected)
        let caseNames = run.output.hostile.areas.map { Self.text($0.caseName) }
        #expect(caseNames.contains("default_") && caseNames.contains("class_") && caseNames.contains("_1stToe"))
        #expect(caseNames.contains("lowerBack") && caseNames.contains("lowerBack_4") && caseNames.contains("self__2"))
        for text in HostileKnowledge.strings {
            let hex = Self.hex(text)
            #expect(run.output.hostile.conditions.contains { $0.redFlags.contains(hex) }, "\(text.debugDescription)")
            #expect(run.output.hostile.exercises.contains { $0.steps.contains(hex) }, "\(text.debugDescription)")
            #expect(run.output.hostile.phases.contains { $0.goals.contains(hex) }, "\(text.debugDescription)")
        }
    }

    /// The hostile store's matcher agrees with the library's too.
    @Test func hostileConcernsMatchAsTheLibraryDoes() throws {
        let run = try Self.load()
        var compared = 0
        for (concern, names) in zip(run.concerns, run.output.matches) where concern.hostile {
            let expected = MatchReport(concern: concern.text, area: concern.area, knowledge: HostileKnowledge.store)
                .matches.map { Self.hex($0.name) }
            #expect(names == expected, "\(concern.text.debugDescription) [\(concern.area ?? "any")]")
            compared += 1
        }
        #expect(compared == HostileKnowledge.concerns.count)
    }

    // MARK: What the driver is expected to print

    /// The dump the driver prints for a kit made from this store.
    static func dump(_ knowledge: KnowledgeStore) -> KitDump {
        let caseNames = SwiftIdentifier.names(for: knowledge.areas.map(\.id))
        let byID = knowledge.areas.sorted { Array($0.id.utf8).lexicographicallyPrecedes(Array($1.id.utf8)) }
        let phaseIDs = Set(knowledge.phases.map(\.id))
        return KitDump(
            areas: byID.map {
                KitDump.Area(
                    rawValue: hex($0.id), id: hex($0.id), caseName: hex(caseNames[$0.id] ?? ""),
                    displayName: hex($0.name), summary: $0.description.map(hex), guidePage: hex(GuidePaths.area($0.id)))
            },
            guideOrder: knowledge.areas.map { hex($0.id) },
            conditions: knowledge.conditions.map {
                KitDump.Condition(
                    name: hex($0.name), bodyArea: hex($0.bodyArea), keywords: $0.keywords.map(hex),
                    summary: hex($0.summary), exerciseNames: $0.exercises.map(hex), redFlags: $0.redFlags.map(hex),
                    slug: hex($0.slug), aliases: $0.aliases.map(hex), typicalRecovery: $0.typicalRecovery.map(hex),
                    phases: $0.phases.map { [hex($0.phase), hex($0.focus)] }, guidePage: hex(GuidePaths.condition($0)))
            },
            exercises: knowledge.exercises.map {
                KitDump.Exercise(
                    name: hex($0.name), steps: $0.steps.map(hex), dosage: hex($0.dosage),
                    cautions: $0.cautions.map(hex),
                    phase: hex($0.phase), slug: hex($0.slug), bodyAreas: $0.bodyAreas.map(hex),
                    summary: $0.summary.map(hex), durationSeconds: $0.durationSeconds, equipment: $0.equipment.map(hex),
                    guidePage: hex(GuidePaths.exercise($0)),
                    recoveryPhase: phaseIDs.contains($0.phase) ? hex($0.phase) : nil)
            },
            phases: knowledge.phases.map {
                KitDump.Phase(
                    id: hex($0.id), name: hex($0.name), order: $0.order, typicalWeeks: $0.typicalWeeks.map(hex),
                    goals: $0.goals.map(hex), progressWhen: $0.progressWhen.map(hex))
            },
            resolved: knowledge.conditions.map { $0.exercises.map(hex) })
    }

    static func hex(_ text: String) -> String {
        text.utf8.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
    }

    static func text(_ hex: String) -> String {
        var bytes: [UInt8] = []
        var digits = hex.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Making the run

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
        let content = CLI.repository.appendingPathComponent("Content").path
        let generated = try CLI.run([
            "app-kit", "--content", content, "--templates", CLI.repository.appendingPathComponent("Templates").path,
            "--output", kit.path,
        ])

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
