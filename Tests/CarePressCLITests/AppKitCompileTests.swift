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
}
