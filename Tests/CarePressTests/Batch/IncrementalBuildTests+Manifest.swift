import Foundation
import Testing

@testable import CarePress

/// Incremental builds: a manifest damaged or edited outside CarePress is not trusted.
extension IncrementalBuildTests {
    @Test func aCorruptManifestMeansAFullBuildWithAWarning() throws {
        let (project, first) = try Self.builtProject()
        try project.write("Output/.carepress/manifest.sqlite", "{\"manifest\": \"carepress-build\", \"vers")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == first.records)
        #expect(report.warningCount == first.warningCount + 1)
        #expect(report.diagnostics.contains { $0.message.hasPrefix("the build manifest is damaged") })
        let next = SiteBuilder.build(project.ownThemeOptions())
        #expect(next.rendered == 0)
        #expect(next.warningCount == first.warningCount)
    }

    @Test func aManifestRowEditedOutsideCarePressIsDetectedAndItsRecordRenderedAgain() throws {
        let (project, first) = try Self.builtProject()
        let record = "consults/hl-2026-0002-c2.json"
        #expect(project.read("Output/reports/index.html")?.contains("Forged title") == false)
        // A well-formed edit: the summary still decodes, with another title; the checksum is left as it was.
        let connection = try SQLiteConnection(path: project.path("Output/.carepress/manifest.sqlite"), create: false)
        let row = try #require(
            try connection.prepare("SELECT summary FROM records WHERE path = CAST('\(record)' AS BLOB)").stepped())
        let stored = try #require(row.bytes(0))
        var summary = try #require(SummaryCodec.summary(stored))
        summary.title = "Forged title"
        try connection.prepare("UPDATE records SET summary = ? WHERE path = ?").run(
            .blob(SummaryCodec.encode(summary)), .blob(Array(record.utf8)))
        _ = consume row
        _ = consume connection
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == 1)
        #expect(report.warningCount == first.warningCount + 1)
        #expect(report.diagnostics.contains { $0.message.contains("\(record) was changed outside CarePress") })
        #expect(project.read("Output/reports/index.html")?.contains("Forged title") == false)
        let next = SiteBuilder.build(project.ownThemeOptions())
        #expect(next.rendered == 0)
        #expect(next.warningCount == first.warningCount)
    }
}
