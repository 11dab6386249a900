import Foundation
import Testing

@testable import CarePress

/// `build --pdf` in the library: PDFs are outputs of their records, the same bytes whatever the jobs, shards and
/// output folder, and removed when they are no longer asked for.
@Suite("PDF builds", .serialized)
struct PDFBuildTests {
    /// The sample project with one record of each kind, so that a build with PDFs takes seconds.
    static func smallProject() throws -> TemporaryProject {
        let project = try TemporaryProject.sample()
        for kind in ["consults", "physio", "stacks"] {
            let folder = project.path("Content/\(kind)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted().dropFirst() {
                try FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
        return project
    }

    static func options(_ project: TemporaryProject, output: String, jobs: Int, shard: Shard = .all, pdf: Bool = true)
        -> BuildOptions
    {
        var options = project.ownThemeOptions(output: output, jobs: jobs, shard: shard)
        options.pdf = pdf ? .print(pageTimeout: 60) : .none
        return options
    }

    @Test func shardsAndJobsGiveTheSamePDFsAsOneBuild() throws {
        let project = try Self.smallProject()
        let whole = SiteBuilder.build(Self.options(project, output: "Whole", jobs: 1))
        #expect(!whole.hasErrors, "\(whole.diagnostics)")
        #expect(whole.pdfs == 3)
        for index in 1...2 {
            let shard = try #require(Shard("\(index)/2"))
            let part = SiteBuilder.build(Self.options(project, output: "Sharded", jobs: 2, shard: shard))
            #expect(!part.hasErrors, "\(part.diagnostics)")
        }
        let fanIn = SiteBuilder.build(
            Self.options(project, output: "Sharded", jobs: 2, shard: try #require(Shard.fanIn(of: 2)), pdf: false))
        #expect(!fanIn.hasErrors, "\(fanIn.diagnostics)")
        let pdfs = project.contents(under: "Whole").filter { $0.key.hasSuffix(".pdf") }
        #expect(pdfs.count == 3)
        #expect(project.contents(under: "Sharded") == project.contents(under: "Whole"))
    }

    @Test func aPDFIsOneMoreOutputOfItsRecord() throws {
        let project = try Self.smallProject()
        let first = SiteBuilder.build(Self.options(project, output: "Output", jobs: 2))
        #expect(first.pdfs == 3 && first.rendered == 3)
        let rows = try ManifestDump.rows(project.path("Output"))
        let pdf = Array("reports/consults/hl-2026-0001.pdf".utf8).map { String($0, radix: 16) }.joined()
        #expect(rows.contains { $0.contains(pdf) })
        let before = project.identities(under: "Output")

        let again = SiteBuilder.build(Self.options(project, output: "Output", jobs: 2))
        #expect(again.pdfs == 0 && again.rendered == 0 && again.skipped == 3)
        #expect(project.changedFiles(under: "Output", since: before).isEmpty)

        // A missing PDF is made again, and only it.
        try FileManager.default.removeItem(atPath: project.path("Output/reports/stacks/sw-2026-0001.pdf"))
        let repaired = SiteBuilder.build(Self.options(project, output: "Output", jobs: 2))
        #expect(repaired.pdfs == 1 && repaired.rendered == 1)

        // Deleting a record removes its PDF with its other files (it was the only physio record: the build is
        // told that an empty folder is meant).
        try FileManager.default.removeItem(atPath: project.path("Content/physio/pg-2026-0001.json"))
        var deleting = Self.options(project, output: "Output", jobs: 2)
        deleting.allowsEmptyRecordFolders = true
        let deleted = SiteBuilder.build(deleting)
        #expect(deleted.pdfs == 0)
        #expect(!FileManager.default.fileExists(atPath: project.path("Output/reports/physio/pg-2026-0001.pdf")))

        // No longer asking for PDFs removes them; the reports stay.
        let plain = SiteBuilder.build(Self.options(project, output: "Output", jobs: 2, pdf: false))
        #expect(plain.pdfs == 0 && plain.deleted == 2)
        #expect(!project.files(under: "Output").contains { $0.hasSuffix(".pdf") })
        #expect(project.files(under: "Output").contains("reports/consults/hl-2026-0001.html"))
    }
}
