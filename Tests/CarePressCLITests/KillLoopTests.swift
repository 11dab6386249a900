import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds killed with SIGKILL at random moments, again and again, while the project changes between them: after
/// every kill each report is a whole file the manifest knows of, and the build that finally runs to the end writes
/// exactly what a clean build writes, leaving no temporary file.
@Suite("carepress build killed at random points")
struct KillLoopTests {
    /// The seed of the loop's choices (kill delays, changes), so a failure can be replayed.
    static let seed: UInt64 = 20_261_124
    /// How many builds are started and killed.
    static let iterations = 12

    /// The sample project with 600 more consults (copies of a sample consult) and its own copy of the theme.
    static func project() throws -> TemporaryProject {
        let temporary = try TemporaryProject("kill")
        let root = temporary.root
        let content = root.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Content"), to: content)
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Templates"), to: root.appendingPathComponent("Templates"))
        for index in 0..<600 { try writeConsult(index, in: root) }
        return temporary
    }

    static func consultURL(_ index: Int, in root: URL) -> URL {
        root.appendingPathComponent(String(format: "Content/consults/hl-kill-%05d.json", index))
    }

    static func writeConsult(_ index: Int, id: String? = nil, note: String = "", in root: URL) throws {
        let sample = try String(
            contentsOf: CLI.repository.appendingPathComponent("Content/consults/hl-2026-0002.json"), encoding: .utf8)
        let text = sample.replacingOccurrences(
            of: "\"id\": \"hl-2026-0002\"", with: "\"id\": \"\(id ?? String(format: "hl-kill-%05d", index))\""
        ).replacingOccurrences(of: "three weeks", with: "three weeks\(note)")
        try Data(text.utf8).write(to: consultURL(index, in: root))
    }

    static func buildArguments(_ root: URL, output: String) -> [String] {
        [
            "build", "--content", root.appendingPathComponent("Content").path, "--templates",
            root.appendingPathComponent("Templates").path, "--output", root.appendingPathComponent(output).path,
            "--jobs", "2", "--quiet",
        ]
    }

    /// Every file under a folder, relative, leaving out the build's own folder.
    static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        for case let file as String in enumerator where !file.hasPrefix(".carepress") {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(file).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(file)
            }
        }
        return result.sorted()
    }

    /// Every file the manifest of an output folder knows of: each record's outputs, the shared pages, the orphans.
    static func filesTheManifestKnows(_ output: URL) throws -> Set<String> {
        let database = try SQLiteConnection(
            path: output.appendingPathComponent(BuildManifest.path(for: .all)).path, create: false)
        var known = Set<String>()
        let records = try database.prepare("SELECT path, id, standard_outputs, outputs FROM records")
        while try records.step() {
            let path = records.text(0) ?? ""
            if records.integer(2) == 1, let id = records.text(1),
                let kind = RecordKind.allCases.first(where: { path.hasPrefix($0.folder + "/") })
            {
                known.formUnion(BuildManifest.Outputs.standard.paths(kind: kind, id: id))
            } else if let outputs = records.bytes(3) {
                known.formUnion(ManifestRow.split(outputs))
            }
        }
        let orphans = try database.prepare("SELECT path FROM orphans")
        while try orphans.step() { known.insert(orphans.text(0) ?? "") }
        if let shared = try database.prepare("SELECT shared_outputs FROM build").stepped()?.bytes(0) {
            known.formUnion(ManifestRow.split(shared))
        }
        return known
    }

    /// Runs a build and kills it with SIGKILL after `delay` seconds, unless it finished first; whether it was killed.
    static func buildKilled(after delay: Double, arguments: [String]) throws -> Bool {
        let carepress = try #require(CLI.carepress, "the carepress executable was not found; run `swift build`")
        let process = Process()
        process.executableURL = carepress
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return killed && process.terminationReason == .uncaughtSignal
    }

    @Test func killedBuildsLoseNothingAndTheNextBuildConverges() throws {
        let temporary = try Self.project()
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        var random = SplitMix64(seed: Self.seed)
        let output = root.appendingPathComponent("Output")
        let arguments = Self.buildArguments(root, output: "Output")
        let template = root.appendingPathComponent("Templates/reports/consult.md.mustache")
        let originalTemplate = try String(contentsOf: template, encoding: .utf8)
        var templateChanged = false

        // A first whole build gives the scale of the kill delays.
        let start = Date()
        let first = try CLI.run(arguments)
        #expect(first.status == 0, "\(String(decoding: first.stderr, as: UTF8.self))")
        let fullBuild = Date().timeIntervalSince(start)

        var kills = 0
        var nextConsult = 600
        for iteration in 0..<Self.iterations {
            // Change the project: the consult template back and forth (so a killed build's new files must not be
            // trusted once the template is back), a record's text, id or existence.
            switch random.next() % 5 {
            case 0, 1:
                templateChanged.toggle()
                try (originalTemplate + (templateChanged ? "\nReviewed by the clinic.\n" : "")).write(
                    to: template, atomically: true, encoding: .utf8)
            case 2:
                try Self.writeConsult(
                    Int(random.next() % 600), note: " (edit \(iteration))", in: root)
            case 3:
                let index = Int(random.next() % 600)
                try Self.writeConsult(index, id: String(format: "hl-renamed-%05d-%d", index, iteration), in: root)
            default:
                try? FileManager.default.removeItem(at: Self.consultURL(Int(random.next() % 600), in: root))
                try Self.writeConsult(nextConsult, in: root)
                nextConsult += 1
            }
            let delay = fullBuild * 1.2 * Double(random.next() % 1000) / 1000
            if try Self.buildKilled(after: delay, arguments: arguments) { kills += 1 }

            // Every report is whole, and every file in place is one the manifest knows of.
            let known = try Self.filesTheManifestKnows(output)
            let inPlace = Self.files(under: output).filter { !$0.hasSuffix(".tmp") }
            let unknown = inPlace.filter { !known.contains($0) }
            #expect(unknown.isEmpty, "iteration \(iteration): in no row of the manifest: \(unknown)")
            for file in inPlace {
                if file.hasSuffix(".html") {
                    let text = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
                    #expect(text.hasSuffix("</html>\n"), "iteration \(iteration): \(file) is partial")
                }
            }
        }
        #expect(kills >= Self.iterations / 3, "too few builds were killed part-way: \(kills)")

        let next = try CLI.run(arguments)
        #expect(next.status == 0, "\(String(decoding: next.stderr, as: UTF8.self))")
        let clean = try CLI.run(Self.buildArguments(root, output: "Clean"))
        #expect(clean.status == 0)
        let after = Self.files(under: output)
        #expect(!after.contains { $0.hasSuffix(".tmp") }, "temporary files remain")
        let cleanFolder = root.appendingPathComponent("Clean")
        let cleanFiles = Self.files(under: cleanFolder)
        #expect(
            after == cleanFiles,
            "extra: \(after.filter { !cleanFiles.contains($0) }), missing: \(cleanFiles.filter { !after.contains($0) })"
        )
        let differing = after.filter { file in
            (try? Data(contentsOf: output.appendingPathComponent(file)))
                != (try? Data(contentsOf: cleanFolder.appendingPathComponent(file)))
        }
        #expect(differing.isEmpty, "these files differ from a clean build's: \(differing)")
        #expect(!FileManager.default.fileExists(atPath: output.path + "/.carepress/manifest.sqlite-wal"))
        // The manifest is complete again: one more build renders and writes nothing.
        let third = try CLI.run(arguments + ["--json"])
        let summary = try JSONSerialization.jsonObject(with: third.stdout) as? [String: Any]
        #expect(summary?["rendered"] as? Int == 0)
        #expect(summary?["written"] as? Int == 0)
        #expect(summary?["deleted"] as? Int == 0)
    }
}
