import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

@Suite("Output writer")
struct OutputWriterTests {
    @Test func writesAtomicallyAndLeavesNoTemporaryFiles() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        #expect(try writer.write("one", to: "reports/consults/a.md") == .written)
        #expect(try writer.write("one", to: "reports/consults/a.md") == .unchanged)
        #expect(try writer.write("two", to: "reports/consults/a.md") == .written)
        #expect(project.read("Output/reports/consults/a.md") == "two")
        #expect(project.files(under: "Output") == ["reports/consults/a.md"])
    }

    /// Files larger than the comparison's 64 KB chunk: the same bytes are left alone; a change anywhere (the first
    /// chunk, the last byte, a chunk boundary) or another length is written.
    @Test func aLargeFileIsComparedChunkByChunkBeforeItIsWritten() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        let text = String((0..<200_000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        #expect(try writer.write(text, to: "reports/index-data.js") == .written)
        #expect(try writer.write(text, to: "reports/index-data.js") == .unchanged)
        var changes = [text + "x", String(text.dropLast())]
        for offset in [0, 65_535, 65_536, 199_999] {
            var bytes = Array(text.utf8)
            bytes[offset] = UInt8(ascii: "Z")
            changes.append(String(decoding: bytes, as: UTF8.self))
        }
        for changed in changes {
            #expect(try writer.write(changed, to: "reports/index-data.js") == .written)
            #expect(project.read("Output/reports/index-data.js") == changed)
            #expect(try writer.write(changed, to: "reports/index-data.js") == .unchanged)
        }
    }

    @Test(arguments: [
        "../outside.txt", "/tmp/absolute.txt", "a/../../b.txt", "a//b.txt", "./a.txt", "", "a/..", "a\\..\\b",
    ])
    func refusesPathsThatCouldLeaveTheOutputFolder(path: String) throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        #expect(throws: OutputWriter.Failure.self) { try writer.write("x", to: path) }
        #expect(!FileManager.default.fileExists(atPath: project.path("outside.txt")))
        #expect(project.files(under: "Output").isEmpty)
    }

    /// Once a folder is known to the writer, a path in it has only its file name checked: that check refuses what
    /// the whole path's check refuses.
    @Test(arguments: [
        "a/..", "a/.", "a/", "a/b/..", "a/b/../../../outside.txt", "a//outside.txt", "a/b//x", "a/x\\y", "a/x\u{0}y",
        "/a/x", "a/b/.", "a/b/",
    ])
    func refusesPathsInFoldersItKnows(path: String) throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        try writer.write("ok", to: "a/ok.txt")
        try writer.write("ok", to: "a/b/ok.txt")
        #expect(throws: OutputWriter.Failure.self) { try writer.write("x", to: path) }
        #expect(throws: OutputWriter.Failure.self) { try writer.stage(Array("x".utf8), to: path, mayExist: false) }
        #expect(!FileManager.default.fileExists(atPath: project.path("outside.txt")))
        #expect(Set(project.files(under: "Output")) == ["a/ok.txt", "a/b/ok.txt"])
    }

    @Test func refusesToWriteThroughASymbolicLink() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        try FileManager.default.createDirectory(atPath: project.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/reports"), withDestinationPath: project.path("elsewhere"))
        #expect(throws: OutputWriter.Failure.self) { try writer.write("x", to: "reports/a.md") }
        #expect(project.files(under: "elsewhere").isEmpty)
    }

    /// A folder the writer checked is swapped for a symbolic link to somewhere else during a build: the writer keeps
    /// writing into the folder it checked (held open), never through the link, for a new file (staged unnamed, or
    /// under a temporary name when there are no unnamed files) and for one it replaces.
    @Test(arguments: [true, false])
    func aFolderSwappedForASymbolicLinkMidBuildIsNotWrittenThrough(unnamed: Bool) throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(
            root: project.path("Output"), unnamed: unnamed ? UnnamedFiles(budget: 16) : nil)
        try writer.write("first", to: "reports/consults/a.md")
        try FileManager.default.createDirectory(atPath: project.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: project.path("Output/reports/consults"), toPath: project.path("Output/reports/checked"))
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/reports/consults"), withDestinationPath: project.path("elsewhere"))

        try writer.write("new", to: "reports/consults/b.md")
        try writer.write("second", to: "reports/consults/a.md")
        let staged = try #require(try writer.stage(Array("staged".utf8), to: "reports/consults/c.md"))
        try writer.commit(staged)

        #expect(project.files(under: "elsewhere").isEmpty)
        #expect(project.read("Output/reports/checked/a.md") == "second")
        #expect(project.read("Output/reports/checked/b.md") == "new")
        #expect(project.read("Output/reports/checked/c.md") == "staged")
        #expect(project.files(under: "Output/reports/checked") == ["a.md", "b.md", "c.md"], "no temporary file left")
    }

    @Test func removesOnlyInsideTheOutputFolderAndNeverThroughALink() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        try writer.write("old", to: "reports/consults/a.md")
        try project.write("elsewhere/a.md", "keep")
        try project.write("secret.txt", "keep")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/reports/consults/b.md"), withDestinationPath: project.path("secret.txt"))

        #expect(try writer.remove("reports/consults/b.md"), "a link at the path is removed itself")
        #expect(project.read("secret.txt") == "keep")
        #expect(try !writer.remove("reports/consults/none.md"))
        #expect(try !writer.remove("reports/consults"), "a folder is never removed")

        // The folder swapped for a link to another folder that holds a file of the same name.
        try FileManager.default.moveItem(
            atPath: project.path("Output/reports/consults"), toPath: project.path("Output/reports/moved"))
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/reports/consults"), withDestinationPath: project.path("elsewhere"))
        #expect(try !writer.remove("reports/consults/a.md"))
        #expect(project.read("elsewhere/a.md") == "keep")
        #expect(project.read("Output/reports/moved/a.md") == "old")
    }

    @Test func replacesALinkAtTheTargetInsteadOfWritingThroughIt() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        try project.write("secret.txt", "keep")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("Output/a.md"), withDestinationPath: project.path("secret.txt"))
        try writer.write("new", to: "a.md")
        #expect(project.read("secret.txt") == "keep")
        #expect(project.read("Output/a.md") == "new")
    }
}

@Suite("Slugs and relative links")
struct PathNamingTests {
    @Test(arguments: [
        ("ACL Tear", "acl-tear"), ("Golfer's Elbow", "golfer-s-elbow"), ("  --Wrist  Sprain--", "wrist-sprain"),
        ("hl-2026-0001", "hl-2026-0001"), ("../x", "x"), ("Café au lait", "caf-au-lait"), ("日本", ""),
        // Texts that are slugs already, and those that only look like one.
        ("acl-tear", "acl-tear"), ("a", "a"), ("", ""), ("-acl", "acl"), ("acl-", "acl"), ("acl--tear", "acl-tear"),
        ("-", ""), ("acl_tear", "acl-tear"), ("aclTear", "acltear"), ("acl-tear\u{301}", "acl-tear"),
    ])
    func slug(name: String, expected: String) {
        #expect(Slug.make(name) == expected)
    }

    /// Folders the writer knows are told apart by their bytes: a canonically equivalent spelling is another folder.
    @Test func knownFoldersAreToldApartByTheirBytes() throws {
        let project = try TemporaryProject()
        let writer = try OutputWriter(root: project.path("Output"))
        try writer.write("one", to: "caf\u{E9}/a.txt")
        try writer.write("two", to: "cafe\u{301}/b.txt")
        let names = try FileManager.default.contentsOfDirectory(atPath: project.path("Output"))
        #expect(Set(names.map { Array($0.utf8) }) == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
        let second = project.path("Output") + "/cafe\u{301}"
        #expect(try FileManager.default.contentsOfDirectory(atPath: second) == ["b.txt"])
    }

    /// `RelativeLink.to`, which works on the paths' bytes in place, gives what splitting the paths into their
    /// non-empty parts and joining them again gives (a reference written the plain way, here).
    @Test func relativeLinksAreWhatSplittingAndJoiningMakes() {
        func reference(_ target: String, from page: String) -> String {
            let from = page.utf8.split(separator: UInt8(ascii: "/")).map { Array($0) }.dropLast()
            let to = target.utf8.split(separator: UInt8(ascii: "/")).map { Array($0) }
            var common = 0
            while common < from.count && common < to.count - 1 && from[common] == to[common] { common += 1 }
            let parts = Array(repeating: Array("..".utf8), count: from.count - common) + to[common...]
            return String(decoding: Array(parts.joined(separator: [UInt8(ascii: "/")])), as: UTF8.self)
        }
        var generator = SplitMix64(seed: 20_261_124)
        let pieces = ["guide", "reports", "consults", "a.html", "café", "cafe\u{301}", "日本", "", "index.html", "x"]
        func path() -> String {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined(separator: "/")
        }
        for _ in 0..<5_000 {
            let (target, page) = (path(), path())
            #expect(RelativeLink.to(target, from: page).utf8.elementsEqual(reference(target, from: page).utf8))
        }
        #expect(RelativeLink.to("reports/consults/hl-1.html", from: "reports/index.html") == "consults/hl-1.html")
    }

    /// The paths made per record on every build, made in one buffer or digested without being made, are the ones
    /// that joining their parts as text makes.
    @Test(arguments: ["hl-2026-0001", "Café au lait", "日本", "", "a-very-long-record-identifier-of-many-bytes-2026"])
    func reportPathsAreTheirPartsJoined(id: String) {
        for kind in RecordKind.allCases {
            let base = "reports/" + kind.folder + "/" + Slug.make(id)
            #expect(ReportPaths.base(kind: kind, id: id) == base)
            #expect(ReportPaths.html(kind: kind, id: id) == base + ".html")
            #expect(ReportPaths.markdown(kind: kind, id: id) == base + ".md")
            #expect(ReportPaths.baseDigest(kind: kind, id: id) == ContentDigest(base))
            let file = RecordFile(kind: kind, path: "/content/" + kind.folder + "/" + id + ".json")
            #expect(RecordBatch.relativePath(of: file) == kind.folder + "/" + id + ".json")
        }
        #expect(RecordBatch.fileName(of: "no-slash.json") == "no-slash.json")
        #expect(String.concatenating() == "" && String.concatenating("zoë", "", "/", "日本") == "zoë/日本")
    }

    @Test func relativeLinks() {
        #expect(
            RelativeLink.to("guide/exercises/step-ups.html", from: "guide/conditions/acl-tear.html")
                == "../exercises/step-ups.html")
        #expect(
            RelativeLink.to("guide/conditions/acl-tear.html", from: "reports/physio/pg-1.html")
                == "../../guide/conditions/acl-tear.html")
        #expect(RelativeLink.to("index.html", from: "index.html") == "index.html")
        #expect(RelativeLink.to("reports/index.html", from: "index.html") == "reports/index.html")
        #expect(RelativeLink.to("guide/phases.html", from: "guide/index.html") == "phases.html")
        #expect(RelativeLink.root(from: "reports/consults/a.html") == "../../")
        #expect(RelativeLink.root(from: "index.html") == "")
    }
}

@Suite("Dates")
struct DateTests {
    @Test func parsesRFC3339() throws {
        let time = try #require(Timestamp(rfc3339: "2026-11-02T09:19:30Z"))
        #expect(time.longDescription == "2 November 2026, 09:19 (UTC)")
        let offset = try #require(Timestamp(rfc3339: "2026-11-02T10:19:30.250+01:00"))
        #expect(offset.epochSeconds == time.epochSeconds)
        #expect(offset.longDescription == "2 November 2026, 10:19 (UTC+01:00)")
        #expect(time.epochSeconds == 1_793_611_170)
        #expect(
            try #require(Timestamp(rfc3339: "0007-01-05T00:05:00-09:30")).longDescription
                == "5 January 7, 00:05 (UTC-09:30)")
        #expect(time.clockTime == "09:19")
    }

    /// `pad`, written into one buffer, is what `String(value)` with zeros before it makes, whatever the number.
    @Test func numbersArePaddedAsTheirDecimalTextWithZerosBefore() {
        func reference(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var generator = SplitMix64(seed: 20_261_125)
        var values = [0, 1, 9, 10, 99, 100, -1, -9, -10, -100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for _ in 0..<2_000 {
            let magnitude = Int.random(in: 0...18, using: &generator)
            values.append(Int.random(in: -(1 << (3 * magnitude + 1))...(1 << (3 * magnitude + 1)), using: &generator))
        }
        for value in values {
            for width in [0, 1, 2, 4, 25] {
                #expect(pad(value, width) == reference(value, width), "\(value) to \(width)")
            }
        }
    }

    @Test(arguments: [
        "2026-11-02", "2026-13-02T09:19:30Z", "2026-02-30T00:00:00Z", "2026-11-02T25:00:00Z", "2026-11-02T09:19:30",
        "yesterday", "2026-11-02T09:19:30+0100",
    ])
    func rejectsWhatIsNotADateTime(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func calendarDates() throws {
        #expect(CalendarDate(iso: "2024-02-29")?.longDescription == "29 February 2024")
        #expect(CalendarDate(iso: "2026-02-29") == nil)
        let a = try #require(CalendarDate(iso: "2026-11-15"))
        let b = try #require(CalendarDate(iso: "2026-12-01"))
        #expect(b.dayNumber - a.dayNumber == 16)
        #expect(CalendarDate(iso: "1970-01-01")?.dayNumber == 0)
    }
}
