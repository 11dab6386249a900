import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// Whole builds and batches of any shard count, one after another into one output folder, while records are added,
/// deleted, edited, renamed and given new ids between them: after every whole build, and after every complete batch
/// (all its shards), the output folder holds exactly what a clean build of the same content writes (issue 40,
/// finding 2).
@Suite("A history of shard counts")
struct ShardHistoryTests {
    /// The seeds of the sequences, so that a failure can be replayed.
    static let seeds: [UInt64] = [40_02, 40_0202, 40_020_202]
    /// How many steps (builds and changes of the content) a sequence has.
    static let steps = 24

    /// A sample record: its kind's folder, its id and its text.
    struct Sample {
        var folder: String
        var id: String
        var text: String
    }

    /// The sample records of a project, as they were before any step.
    static func samples(of project: TemporaryProject) throws -> [Sample] {
        var samples: [Sample] = []
        for folder in ["consults", "physio", "stacks"] {
            for name in project.files(under: "Content/\(folder)") where name.hasSuffix(".json") {
                let text = try #require(project.read("Content/\(folder)/\(name)"))
                samples.append(Sample(folder: folder, id: try #require(Self.id(in: text)), text: text))
            }
        }
        return samples
    }

    /// The id a record's text claims.
    static func id(in text: String) -> String? {
        guard let key = text.range(of: "\"id\": \""), let end = text[key.upperBound...].firstIndex(of: "\"") else {
            return nil
        }
        return String(text[key.upperBound..<end])
    }

    /// The record files of a project, relative to the project (`Content/consults/x.json`).
    static func records(of project: TemporaryProject) -> [String] {
        ["consults", "physio", "stacks"].flatMap { folder in
            project.files(under: "Content/\(folder)").filter { $0.hasSuffix(".json") }.map { "Content/\(folder)/\($0)" }
        }
    }

    /// Builds every shard of a batch of `count` into `Output`, in a random order, one after another or side by side.
    static func buildBatch(
        of count: Int, _ project: TemporaryProject, using random: inout SplitMix64, log: inout [String]
    ) throws {
        let shards = try (1...count).map { try #require(Shard(index: $0, count: count)) }.shuffled(using: &random)
        let together = count > 1 && Bool.random(using: &random)
        log.append("shards of \(count) \(together ? "side by side" : "in turn"): \(shards.map(\.description))")
        let reports = Mutex<[BuildReport]>([])
        let build = { @Sendable (shard: Shard) in
            let report = SiteBuilder.build(project.ownThemeOptions(jobs: 1, shard: shard))
            reports.withLock { $0.append(report) }
        }
        if together {
            DispatchQueue.concurrentPerform(iterations: shards.count) { build(shards[$0]) }
        } else {
            shards.forEach(build)
        }
        for report in reports.withLock({ $0 }) {
            #expect(!report.hasErrors, "\(log) \(report.diagnostics)")
        }
        if count > 1 {
            // The fan-in, after the shards.
            let fanIn = SiteBuilder.build(project.ownThemeOptions(jobs: 1, shard: try #require(Shard.fanIn(of: count))))
            #expect(!fanIn.hasErrors, "\(log) fan-in: \(fanIn.diagnostics)")
        }
    }

    /// Changes the content at random: deletes, adds, edits (another sample's text under the record's id), renames a
    /// record file, or gives a record a new id.
    static func changeContent(
        _ project: TemporaryProject, samples: [Sample], serial: Int, using random: inout SplitMix64,
        log: inout [String]
    ) throws {
        let records = Self.records(of: project)
        let choice = records.count < 8 ? 1 : Int.random(in: 0..<5, using: &random)
        switch choice {
        case 0:
            let file = try #require(records.randomElement(using: &random))
            try FileManager.default.removeItem(atPath: project.path(file))
            log.append("delete \(file)")
        case 1:
            let sample = try #require(samples.randomElement(using: &random))
            let id = "\(sample.id)-n\(serial)"
            let file = "Content/\(sample.folder)/\(id).json"
            try project.write(file, TemporaryProject.withID(sample.text, from: sample.id, to: id))
            log.append("add \(file)")
        case 2:
            let file = try #require(records.randomElement(using: &random))
            let text = try #require(project.read(file))
            let id = try #require(Self.id(in: text))
            let folder = file.split(separator: "/")[1]
            let other = try #require(samples.filter { $0.folder == folder }.randomElement(using: &random))
            try project.write(file, TemporaryProject.withID(other.text, from: other.id, to: id))
            log.append("edit \(file) as \(other.id)")
        case 3:
            let file = try #require(records.randomElement(using: &random))
            let renamed = file.replacingOccurrences(of: ".json", with: "-m\(serial).json")
            try FileManager.default.moveItem(atPath: project.path(file), toPath: project.path(renamed))
            log.append("rename \(file) to \(renamed)")
        default:
            let file = try #require(records.randomElement(using: &random))
            let text = try #require(project.read(file))
            let id = try #require(Self.id(in: text))
            try project.write(file, TemporaryProject.withID(text, from: id, to: "\(id)-i\(serial)"))
            log.append("new id for \(file)")
        }
    }

    /// Expects the output folder to hold what a clean build of the content writes, byte for byte, and only the
    /// manifests of the shard count of the last build (1 for a whole build).
    static func expectClean(_ project: TemporaryProject, shardCount: Int, log: [String]) throws {
        let manifests = project.files(under: "Output/.carepress").filter { $0.hasPrefix("manifest") }
        let expectedManifests =
            shardCount == 1
            ? ["manifest.sqlite"]
            : (1...shardCount).map { "manifest-\($0)-of-\(shardCount).sqlite" } + [
                "manifest-index-of-\(shardCount).sqlite"
            ]
        #expect(manifests == expectedManifests.sorted(), "after \(log.joined(separator: "; "))")
        try? FileManager.default.removeItem(atPath: project.path("Clean"))
        let clean = SiteBuilder.build(project.ownThemeOptions(output: "Clean", jobs: 1))
        #expect(!clean.hasErrors, "\(clean.diagnostics)")
        let expected = project.contents(under: "Clean")
        let actual = project.contents(under: "Output")
        let extra = Set(actual.keys).subtracting(expected.keys).sorted()
        let missing = Set(expected.keys).subtracting(actual.keys).sorted()
        let different = Set(actual.keys).intersection(expected.keys).filter { actual[$0] != expected[$0] }.sorted()
        #expect(
            extra.isEmpty && missing.isEmpty && different.isEmpty,
            "after \(log.joined(separator: "; ")): left behind \(extra), missing \(missing), different \(different)")
    }

    @Test(arguments: seeds)
    func anyHistoryOfShardCountsLeavesWhatACleanBuildWrites(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let project = try TemporaryProject.generated(copies: 1)
        let samples = try Self.samples(of: project)
        var log = ["seed \(seed)"]
        for step in 0..<Self.steps {
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                log.append("whole build")
                let report = SiteBuilder.build(project.ownThemeOptions(jobs: 1))
                #expect(!report.hasErrors, "\(log) \(report.diagnostics)")
                try Self.expectClean(project, shardCount: 1, log: log)
            case 1, 2:
                let count = Int.random(in: 1...4, using: &random)
                try Self.buildBatch(of: count, project, using: &random, log: &log)
                try Self.expectClean(project, shardCount: count, log: log)
            default:
                try Self.changeContent(project, samples: samples, serial: step, using: &random, log: &log)
            }
        }
    }

    /// The database files of a manifest that exist, relative to the project.
    static func manifestFiles(_ relative: String, in project: TemporaryProject) -> [String] {
        BuildManifest.databaseFiles(at: relative).filter { FileManager.default.fileExists(atPath: project.path($0)) }
    }

    @Test func manifestsThatAnEarlierVersionLeftOfAnotherShardCountAreNotTrusted() throws {
        // CarePress before this fix kept the manifests of every shard count it was ever run with: a whole build's,
        // left as it was while shards wrote the folder, vouches for files that the shards have replaced since.
        let project = try TemporaryProject.generated(copies: 1)
        let samples = try Self.samples(of: project)
        let (first, second) = (samples[0], samples[1])
        let file = "Content/\(first.folder)/\(first.id).json"
        let deleted = "Content/\(samples[2].folder)/\(samples[2].id).json"
        #expect(!SiteBuilder.build(project.ownThemeOptions(jobs: 1)).hasErrors)
        let whole = ".carepress/manifest.sqlite"
        let kept = try Self.manifestFiles("Output/" + whole, in: project).map {
            ($0, try #require(FileManager.default.contents(atPath: project.path($0))))
        }
        try project.write(file, TemporaryProject.withID(second.text, from: second.id, to: first.id))
        try FileManager.default.removeItem(atPath: project.path(deleted))
        for shard in [Shard("1/2"), Shard("2/2"), Shard.fanIn(of: 2)] {
            #expect(!SiteBuilder.build(project.ownThemeOptions(jobs: 1, shard: try #require(shard))).hasErrors)
        }
        // The whole build's manifest as the earlier version left it; the record goes back to what it was then.
        for (path, bytes) in kept { try project.write(path, bytes) }
        try project.write(file, first.text)
        let report = SiteBuilder.build(project.ownThemeOptions(jobs: 1))
        #expect(!report.hasErrors, "\(report.diagnostics)")
        try Self.expectClean(
            project, shardCount: 1, log: ["whole", "edit", "delete", "shards of 2", "stale whole manifest", "whole"])
    }
}
