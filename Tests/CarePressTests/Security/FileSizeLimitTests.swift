import CarePress
import Foundation
import Testing

/// Finding 5 of issue 40: the 1 MiB record limit was checked after reading the whole file (a 2 GiB sparse record cost
/// seconds and 2 GB), and the other content files had no limit at all. Every content file is refused from its size,
/// unread, with a located error; what the process read (`rchar` of /proc/self/io) shows it, not a clock.
@Suite("Content file size limits")
struct FileSizeLimitTests {
    /// A sparse file of 256 MiB: nothing on disk, but 256 MiB for whoever reads it.
    static let sparseSize = 256 << 20

    /// Bytes this process has read through `read(2)` and the like so far.
    static func bytesRead() throws -> Int {
        let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    /// Makes `relative` in the project a sparse file of `size` bytes.
    static func makeSparse(_ relative: String, in project: TemporaryProject, size: Int = sparseSize) throws {
        try project.write(relative, "")
        #expect(truncate(project.path(relative), off_t(size)) == 0)
    }

    /// Each content file, with the error a file of `sparseSize` bytes there gets.
    static let cases: [(String, String)] = [
        (
            "Content/consults/sparse.json",
            "the record is 268435456 bytes; a record may be at most 1048576 bytes (1 MiB)"
                + "\n    hint: records this large are not read; see formats/README.md, Limits"
        ),
        (
            "Content/knowledge/conditions/sparse.yml",
            "the knowledge file is 268435456 bytes; a knowledge file may be at most 1048576 bytes (1 MiB)"
                + "\n    hint: files this large are not read; see formats/README.md, Limits"
        ),
        (
            "Content/knowledge/exercises/sparse.yml",
            "the knowledge file is 268435456 bytes; a knowledge file may be at most 1048576 bytes (1 MiB)"
                + "\n    hint: files this large are not read; see formats/README.md, Limits"
        ),
        (
            "Content/pages/sparse.md",
            "the page is 268435456 bytes; a page may be at most 1048576 bytes (1 MiB)"
                + "\n    hint: files this large are not read; see formats/README.md, Limits"
        ),
        (
            "Content/schemas/sparse.json",
            "the questionnaire is 268435456 bytes; a questionnaire may be at most 16777216 bytes (16 MiB)"
                + "\n    hint: files this large are not read; see formats/README.md, Limits"
        ),
        (
            "Content/site.yml",
            "the site settings file is 268435456 bytes; a site settings file may be at most 1048576 bytes (1 MiB)"
                + "\n    hint: files this large are not read; see formats/README.md, Limits"
        ),
    ]

    @Test("A content file over its limit is refused unread, with a located error", arguments: cases)
    func oversizedFileIsRefusedUnread(relative: String, error: String) throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/ok.json", Samples.consult(id: "hl-ok"))
        try Self.makeSparse(relative, in: project)
        let before = try Self.bytesRead()
        let checked = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        let built = SiteBuilder.build(project.buildOptions())
        let read = try Self.bytesRead() - before
        let expected = project.path(relative) + ":1:1: error: " + error
        for report in [checked, built] {
            #expect(report.diagnostics.filter { $0.severity == .error }.map(\.description) == [expected])
        }
        // Both runs together read far less than the file once (other tests read meanwhile too: hence the margin).
        #expect(read < Self.sparseSize / 2, "read \(read) bytes")
    }

    @Test("A file of the content folder that no loader reads is not read when it is large")
    func largeOtherFileIsNotRead() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/ok.json", Samples.consult(id: "hl-ok"))
        try Self.makeSparse("Content/video.mp4", in: project)
        let before = try Self.bytesRead()
        let report = SiteBuilder.build(project.buildOptions())
        let read = try Self.bytesRead() - before
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        #expect(read < Self.sparseSize / 2, "read \(read) bytes")
        // A change to it still counts as a change of the shared inputs: the next build writes the shared pages again.
        try Self.makeSparse("Content/video.mp4", in: project, size: Self.sparseSize + 1)
        let again = SiteBuilder.build(project.buildOptions())
        #expect(again.written + again.unchanged > 0)
    }

    @Test("A page of exactly the limit is read; one byte more is refused")
    func limitIsInclusive() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/ok.json", Samples.consult(id: "hl-ok"))
        let head = "---\ntitle: Big\n---\n"
        let body = String(repeating: "word ", count: ((1 << 20) - head.utf8.count) / 5)
        let exact = head + body + String(repeating: "x", count: (1 << 20) - head.utf8.count - body.utf8.count)
        #expect(exact.utf8.count == 1 << 20)
        try project.write("Content/pages/big.md", exact)
        let fits = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        #expect(!fits.diagnostics.hasErrors, "\(fits.diagnostics)")
        try project.write("Content/pages/big.md", exact + "x")
        let over = SiteBuilder.check(
            contentPath: project.path("Content"), templatesPath: TemporaryProject.defaultTemplates)
        #expect(
            over.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "the page is 1048577 bytes; a page may be at most 1048576 bytes (1 MiB)"
            ])
    }
}
