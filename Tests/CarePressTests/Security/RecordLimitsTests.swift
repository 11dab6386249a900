import CarePress
import Foundation
import Testing

/// Findings 7 and 10 of issue 14: a record's size and its id's length are bounded, each with an error located at the
/// record (a 50 MB record of escapable text needed 8.3 GB; a 300-character id failed with ENAMETOOLONG at the output
/// path). The other records are still written.
@Suite("Record limits: size and id length")
struct RecordLimitsTests {
    /// A valid consult whose free-text answer is `goals`.
    static func consult(id: String, goals: String) -> String {
        Samples.consult(
            id: id,
            answers:
                #"{ "areas": ["hairline"], "duration": "gt_1y", "scalp_symptoms": "none", "age_started": 29, "goals": "\#(goals)" }"#
        )
    }

    @Test("A record over the size limit is one located error; the others are written")
    func oversizedRecord() throws {
        let project = try TemporaryProject.minimal()
        let escapable = String(repeating: "*_[<`", count: RecordLimits.maximumSize / 5 + 1)
        try project.write("Content/consults/big.json", Self.consult(id: "hl-big", goals: escapable))
        let almost = String(repeating: "*_[<`", count: (RecordLimits.maximumSize - 400) / 5)
        try project.write("Content/consults/largest.json", Self.consult(id: "hl-largest", goals: almost))
        try project.write("Content/consults/ok.json", Samples.consult(id: "hl-ok"))
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: project.path("Content/consults/big.json"))[.size] as? Int)
        let report = SiteBuilder.build(project.buildOptions())
        #expect(
            report.diagnostics.map(\.description) == [
                project.path("Content/consults/big.json")
                    + ":1:1: error: the record is \(size) bytes; a record may be at most 1048576 bytes (1 MiB)"
                    + "\n    hint: records this large are not read; see formats/README.md, Limits"
            ])
        let files = project.files(under: "Output/reports/consults")
        #expect(files.contains("hl-ok.html") && files.contains("hl-largest.html"))
        #expect(!files.contains { $0.contains("hl-big") })
    }

    @Test("Export refuses an oversized record too, with the same error")
    func oversizedExport() throws {
        let project = try TemporaryProject.minimal()
        let text = Self.consult(id: "hl-big", goals: String(repeating: "x", count: RecordLimits.maximumSize))
        let result = try Exporter.export(
            .bytes(Array(text.utf8), name: "big.json"),
            options: ExportOptions(format: .json, contentPath: project.path("Content")))
        #expect(result.document == nil)
        #expect(
            result.diagnostics.map(\.message) == [
                "the record is \(text.utf8.count) bytes; a record may be at most 1048576 bytes (1 MiB)"
            ])
    }

    @Test("An id over the length limit is an error at the id, not at an output path")
    func longID() throws {
        let project = try TemporaryProject.minimal()
        let long = "hl-" + String(repeating: "a", count: 300)
        let longest = "hl-" + String(repeating: "b", count: RecordLimits.maximumIDLength - 3)
        try project.write("Content/consults/long.json", Samples.consult(id: long))
        try project.write("Content/consults/longest.json", Samples.consult(id: longest))
        try project.write("Content/consults/ok.json", Samples.consult(id: "hl-ok"))
        let report = SiteBuilder.build(project.buildOptions())
        #expect(
            report.diagnostics.map(\.description) == [
                project.path("Content/consults/long.json")
                    + ":2:9: error: id: the id is 303 characters long; an id may have at most 128"
                    + "\n    hint: ids become file names; see formats/README.md, Limits"
            ])
        let files = project.files(under: "Output/reports/consults")
        #expect(files.contains("hl-ok.html") && files.contains("\(longest).html"))
        #expect(!files.contains { $0.contains("hl-aaa") })
    }
}
