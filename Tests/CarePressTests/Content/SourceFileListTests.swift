import Foundation
import Testing

@testable import CarePress

/// Listing a folder of record files: which names are records, and their order, byte by byte.
@Suite("Source file listing")
struct SourceFileListTests {
    /// Names that share prefixes of every length around the eight bytes the sort compares at a time, that are
    /// prefixes of one another, that differ only past sixteen bytes, and that are not ASCII.
    static let names = [
        "hl-bench-000001.json", "hl-bench-000010.json", "hl-bench-0000010.json", "hl-bench-00000100.json",
        "sc-bench-000001.json", "a.json", "ab.json", "abcdefgh.json", "abcdefghi.json", "abcdefgh",
        "abcdefghijklmnop-1.json", "abcdefghijklmnop-2.json", "abcdefghijklmnop.json", "b", "B.json", "caf\u{e9}.json",
        "cafe\u{301}.json", "\u{1F9B5}.json", "z.JSON", "z.Json", "notes.txt", "report.json.bak", "x.jsonx",
    ]

    @Test func recordsComeInByteOrderAndOtherFilesAreIgnored() throws {
        let project = try TemporaryProject()
        for name in Self.names.shuffled() { try project.write("records/\(name)", "{}") }
        try project.write("records/.hidden.json", "{}")
        try project.write("records/folder/inner.json", "{}")
        let folder = project.path("records")

        let listing = SourceFile.list(folder, extensions: ["json"])

        func byBytes(_ names: [String]) -> [String] {
            names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { folder + "/" + $0 }
        }
        let records = Self.names.filter { SourceFile.fileExtension($0) == "json" }
        #expect(listing.files == byBytes(records))
        #expect(listing.ignored == byBytes(Self.names.filter { !records.contains($0) }))
        #expect(listing.files.contains(folder + "/z.JSON"), "an extension in capitals is still one")
        #expect(listing.misnamed.isEmpty)
    }

    /// An entry that is there but cannot be read is listed (reading it then says why), never left out as if it were
    /// gone: a build takes a record file that is gone for a deleted record, and removes its reports.
    @Test func entriesThatAreThereButCannotBeReadAreListed() throws {
        let project = try TemporaryProject()
        let folder = project.path("records")
        try project.write("records/good.json", "{}")
        try project.write("elsewhere/folder/inner.json", "{}")
        let links = [
            ("dangling.json", project.path("nowhere/x.json")), ("loop.json", folder + "/loop.json"),
            ("to-a-folder.json", project.path("elsewhere/folder")), ("dangling-notes", project.path("nowhere/y")),
            ("to-a-folder", project.path("elsewhere/folder")),
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: target)
        }
        try FileManager.default.createDirectory(atPath: folder + "/a-folder.json", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/subfolder", withIntermediateDirectories: true)

        let listing = SourceFile.list(folder, extensions: ["json"])

        #expect(
            listing.files
                == ["a-folder.json", "dangling.json", "good.json", "loop.json", "to-a-folder.json"].map {
                    folder + "/" + $0
                })
        // A link that cannot be followed is there too; a folder without the extension is left out, as ever.
        #expect(listing.ignored == [folder + "/dangling-notes"])
    }

    @Test func aThousandNamesOfMixedShapesComeInByteOrder() throws {
        let project = try TemporaryProject()
        let stems = ["hl-", "hl-bench-", "sc-bench-0000", "p", "patient-record-2026-11-"]
        let names = Set((0..<1000).map { stems[$0 % stems.count] + String($0 * 7919 % 100_003) + ".json" })
        for name in names { try project.write("records/\(name)", "{}") }
        let folder = project.path("records")
        let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(SourceFile.list(folder, extensions: ["json"]).files == expected.map { folder + "/" + $0 })
    }
}
