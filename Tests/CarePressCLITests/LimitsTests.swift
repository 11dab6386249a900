import CarePressTestSupport
import Foundation
import Testing

/// The documented limits (formats/README.md, "Limits") end to end with the built binary: each is one located error
/// on the file that breaks it, and every other record of the sample project is still written.
@Suite("Limits, end to end")
struct LimitsTests {
    /// A copy of the sample project with one file over each limit.
    static func project() throws -> TemporaryProject {
        let temporary = try TemporaryProject("limits")
        let root = temporary.root
        try FileManager.default.copyItem(
            at: CLI.repository.appendingPathComponent("Content"), to: root.appendingPathComponent("Content"))
        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent("Content/" + relative))
        }
        let consult = try String(
            contentsOf: root.appendingPathComponent("Content/consults/hl-2026-0001.json"), encoding: .utf8)
        // 1. Over 1 MiB.
        let padding = String(repeating: "*_[<`", count: 1024 * 1024 / 5 + 1)
        try write(
            "consults/zz-big.json",
            consult.replacingOccurrences(of: "\"hl-2026-0001\"", with: "\"hl-big\"")
                .replacingOccurrences(of: "\"status\"", with: "\"notes\": \"\(padding)\", \"status\""))
        // 2. An id of 300 characters.
        try write(
            "consults/zz-long-id.json",
            consult.replacingOccurrences(of: "\"hl-2026-0001\"", with: "\"" + String(repeating: "a", count: 300) + "\"")
        )
        // 3. A questionnaire of 20,001 questions.
        let questions = (0...20_000).map { #"{"id":"q\#($0)","prompt":"Q?","type":"freeText","required":false}"# }
        try write(
            "schemas/zz-huge.json",
            #"{"id":"huge","version":"1","title":"Huge","questions":["# + questions.joined(separator: ",") + "]}")
        // 4. A tracking log from 0000 to 9999.
        let stackURL = root.appendingPathComponent("Content/stacks/sw-2026-0001.json")
        var stack = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: stackURL)) as? [String: Any])
        let taken = try #require((stack["tracking"] as? [[String: Any]])?.first?["taken"])
        stack["id"] = "sw-span"
        stack["tracking"] = [["date": "0000-01-01", "taken": taken], ["date": "9999-12-31", "taken": taken]]
        try JSONSerialization.data(withJSONObject: stack, options: [.prettyPrinted, .sortedKeys]).write(
            to: root.appendingPathComponent("Content/stacks/zz-span.json"))
        // 5. A concern of 10,001 characters.
        try write(
            "physio/zz-concern.json",
            #"{ "id": "pg-long", "concern": "\#(String(repeating: "k", count: 10_001))", "unavailableReason": "x" }"#)
        return temporary
    }

    @Test("Each limit is one located error; every other record is written")
    func eachLimitIsALocatedError() throws {
        let temporary = try Self.project()
        defer { withExtendedLifetime(temporary) {} }
        let root = temporary.root
        let result = try CLI.run(
            [
                "build", "--quiet", "--output", "Output", "--templates",
                CLI.repository.appendingPathComponent("Templates").path,
            ],
            in: root)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 1)
        let errors = stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        let bigSize = try #require(
            try FileManager.default.attributesOfItem(
                atPath: root.appendingPathComponent("Content/consults/zz-big.json").path)[.size] as? Int)
        #expect(
            errors == [
                "Content/consults/zz-big.json:1:1: error: the record is \(bigSize) bytes; a record may be at most 1048576 bytes (1 MiB)",
                "Content/consults/zz-long-id.json:2:9: error: id: the id is 300 characters long; an id may have at most 128",
                "Content/physio/zz-concern.json:1:31: error: concern: the concern is 10001 characters long; a concern may have at most 10000",
                "Content/schemas/zz-huge.json:1:55: error: questions: a questionnaire may have at most 20000 questions; this one has 20001",
                "Content/stacks/zz-span.json:\(try Self.line(of: "9999-12-31", in: root, "stacks/zz-span.json")): error: tracking[1].date: the tracking log spans 3652425 days (0000-01-01 to 9999-12-31); it may span at most 7305 days (20 years)",
            ], "\(stderr)")
        // Every sample record is still written.
        let sample = try FileManager.default.contentsOfDirectory(
            atPath: CLI.repository.appendingPathComponent("Content/consults").path
        )
        .filter { $0.hasSuffix(".json") }
        let reports = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Output/reports/consults").path)
        #expect(reports.filter { $0.hasSuffix(".html") }.count == sample.count)
        #expect(!reports.contains { $0.hasPrefix("hl-big") || $0.hasPrefix("aaaa") })
        let stacks = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Output/reports/stacks").path)
        #expect(stacks.contains("sw-2026-0001.html") && !stacks.contains { $0.hasPrefix("sw-span") })
    }

    /// `line:column` of a value's first occurrence in a content file.
    static func line(of text: String, in root: URL, _ relative: String) throws -> String {
        let contents = try String(contentsOf: root.appendingPathComponent("Content/" + relative), encoding: .utf8)
        let lines = contents.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(text) })
        let column = lines[index].distance(
            from: lines[index].startIndex, to: try #require(lines[index].range(of: "\"" + text)).lowerBound)
        return "\(index + 1):\(column + 1)"
    }
}
