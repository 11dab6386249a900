import Foundation
import Testing

@testable import CarePress

/// The manifest: what an unchanged, changed or deleted input makes a rebuild do.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    /// The sample records, three copies of each, built once.
    static func builtProject() throws -> (TemporaryProject, BuildReport) {
        let project = try TemporaryProject.generated(copies: 3)
        let report = SiteBuilder.build(project.ownThemeOptions())
        return (project, report)
    }

    /// The report files of records, by kind folder (`consults`, `physio`, `stacks`).
    static func reportFiles(_ files: some Sequence<String>, kind: String) -> Set<String> {
        Set(files.filter { $0.hasPrefix("reports/\(kind)/") })
    }

    @Test func aNoOpRebuildRendersAndWritesNothing() throws {
        // Every record file's stamp is kept at once (the files just written count as settled), so that the second
        // build finds what the first recorded however long after it starts: with the usual two seconds, a second
        // build that started later kept the stamps the first could not, and wrote their rows.
        let project = try TemporaryProject.generated(copies: 3)
        var options = project.ownThemeOptions()
        options.fileSettledSeconds = 0
        let first = SiteBuilder.build(options)
        #expect(!first.hasErrors, "\(first.diagnostics)")
        #expect(first.records == 29 * 3)
        #expect(first.rendered == first.records)
        let before = project.identities(under: "Output")
        let manifestTime = try #require(project.modificationTime("Output/.carepress/manifest.sqlite"))
        let second = SiteBuilder.build(options)
        #expect(second.rendered == 0)
        #expect(second.skipped == first.records)
        #expect(second.written == 0)
        #expect(second.unchanged == 0)
        #expect(second.deleted == 0)
        // Not even the manifest is written again.
        #expect(project.changedFiles(under: "Output", since: before).isEmpty)
        #expect(project.modificationTime("Output/.carepress/manifest.sqlite") == manifestTime)
        // Warnings of records that were not rendered again are still reported.
        #expect(second.warningCount == first.warningCount)
        #expect(second.diagnostics == first.diagnostics)
    }

    @Test func changingOneRecordRendersExactlyIt() throws {
        let (project, _) = try Self.builtProject()
        let before = project.identities(under: "Output")
        let file = "Content/consults/hl-2026-0002-c2.json"
        try project.write(
            file, try #require(project.read(file)).replacingOccurrences(of: "three weeks", with: "four weeks"))
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == 1)
        #expect(report.written == 2)
        #expect(
            project.changedFiles(under: "Output", since: before) == [
                "reports/consults/hl-2026-0002-c2.html", "reports/consults/hl-2026-0002-c2.md",
            ])
    }

    @Test func changingAPatientsNameUpdatesTheReportsIndex() throws {
        let (project, _) = try Self.builtProject()
        let file = "Content/stacks/sw-2026-0001-c1.json"
        let text = try #require(project.read(file))
        let name = try #require(text.range(of: #""displayName": "[^"]*""#, options: .regularExpression))
        try project.write(file, text.replacingCharacters(in: name, with: #""displayName": "Renamed Patient""#))
        let before = project.identities(under: "Output")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == 1)
        // The index lists each report's patient: the summary changed, so the index is written again...
        #expect(project.read("Output/reports/index.html")?.contains("Renamed Patient") == true)
        // ...and only the index and the home page are rendered again, not the guide (whose inputs did not change).
        #expect(report.written + report.unchanged < 10)
        let changed = project.changedFiles(under: "Output", since: before).filter { !$0.hasPrefix(".carepress/") }
        #expect(
            changed.sorted() == [
                "reports/index-data.js", "reports/index.html", "reports/stacks/sw-2026-0001-c1.html",
                "reports/stacks/sw-2026-0001-c1.md",
            ])
        // The guide is still complete: a forced build writes nothing new.
        #expect(SiteBuilder.build(project.ownThemeOptions(force: true)).written == 0)
    }

    @Test func changingTheConsultTemplateRendersExactlyTheConsults() throws {
        let (project, first) = try Self.builtProject()
        let before = project.identities(under: "Output")
        let template = "Templates/reports/consult.md.mustache"
        try project.write(template, try #require(project.read(template)) + "\nReviewed by the clinic.\n")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == 10 * 3)
        #expect(report.skipped == first.records - 10 * 3)
        let changed = project.changedFiles(under: "Output", since: before)
        #expect(Self.reportFiles(changed, kind: "consults").count == 10 * 3 * 2)
        #expect(Self.reportFiles(changed, kind: "physio").isEmpty)
        #expect(Self.reportFiles(changed, kind: "stacks").isEmpty)
    }

    @Test func changingTheLayoutRendersEveryReport() throws {
        let (project, first) = try Self.builtProject()
        let layout = "Templates/layouts/page.html.mustache"
        try project.write(
            layout,
            try #require(project.read(layout)).replacingOccurrences(
                of: "<main id=\"main\">", with: "<main id=\"main\" class=\"x\">"))
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == first.records)
    }

    @Test func changingASchemaRendersOnlyItsConsults() throws {
        let (project, _) = try Self.builtProject()
        let schema = "Content/schemas/skin-check.json"
        try project.write(
            schema, try #require(project.read(schema)).replacingOccurrences(of: "Skin check", with: "Skin review"))
        let before = project.identities(under: "Output")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == 3 * 3)
        let consults = Self.reportFiles(project.changedFiles(under: "Output", since: before), kind: "consults")
        #expect(consults.allSatisfy { $0.hasPrefix("reports/consults/sc-") })
        #expect(consults.count == 3 * 3 * 2)
        // The index shows the questionnaire's title, so it changes too.
        #expect(project.read("Output/reports/index.html")?.contains("Skin review") == true)
    }

    /// Every report that reads the knowledge store depends on all of it (see `RecordDependencies`): every physio
    /// record (13 samples) and the consult whose transcript suggests leaflets (hl-2026-0005), three copies of each.
    static let readersOfTheKnowledgeStore = (13 + 1) * 3

    @Test func changingAKnowledgeItemRendersTheReportsThatReadTheStoreAndRewritesOnlyThoseItChanges() throws {
        let (project, _) = try Self.builtProject()
        let condition = "Content/knowledge/conditions/acl-tear.yml"
        try project.write(
            condition,
            try #require(project.read(condition)).replacingOccurrences(
                of: "sometimes with a pop", with: "often with a pop"))
        let before = project.identities(under: "Output")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == Self.readersOfTheKnowledgeStore)
        // pg-2026-0004 names ACL Tear, and pg-2026-0005 (a condition the store lacks) lists it third among the
        // matches of its concern in the knee ("worse when I jump or land"): only their files change.
        let changed = project.changedFiles(under: "Output", since: before)
        let physio = Self.reportFiles(changed, kind: "physio").map { String($0.split(separator: "/")[2].prefix(12)) }
        #expect(Set(physio) == ["pg-2026-0004", "pg-2026-0005"])
        #expect(Self.reportFiles(changed, kind: "consults").isEmpty)
        #expect(Self.reportFiles(changed, kind: "stacks").isEmpty)
        #expect(changed.contains("guide/conditions/acl-tear.html"))
    }

    @Test func addingTheConditionAModelNamedRendersItsReport() throws {
        let (project, _) = try Self.builtProject()
        // pg-2026-0005 names "Jumper's Knee Syndrome Type B", which the store does not have: it is shown unlinked.
        try project.write(
            "Content/knowledge/conditions/jumper-s-knee-syndrome-type-b.yml",
            """
            name: Jumper's Knee Syndrome Type B
            bodyArea: knee
            keywords: [jumping, landing, below the kneecap]
            summary: Pain below the kneecap from jumping.
            exercises: [Quad Sets, Step-Ups, Wall Squats]
            redFlags: [The knee locks]
            """)
        let report = SiteBuilder.build(project.ownThemeOptions())
        let html = try #require(project.read("Output/reports/physio/pg-2026-0005-c1.html"))
        #expect(html.contains("guide/conditions/jumper-s-knee-syndrome-type-b.html"))
        #expect(!report.hasErrors, "\(report.diagnostics)")
        #expect(report.rendered == Self.readersOfTheKnowledgeStore)
    }

    @Test func deletingARecordRemovesExactlyItsFiles() throws {
        let (project, _) = try Self.builtProject()
        try project.write("Output/notes/keep.txt", "not the build's")
        try project.write("Output/reports/consults/handmade.html", "<p>not the build's either</p>")
        let before = project.identities(under: "Output")
        try FileManager.default.removeItem(atPath: project.path("Content/stacks/sw-2026-0004-c1.json"))
        let report = SiteBuilder.build(project.ownThemeOptions())
        // The stack's Markdown, its HTML and the adherence chart its report links.
        #expect(report.deleted == 3)
        let changed = project.changedFiles(under: "Output", since: before)
        #expect(changed.contains("reports/stacks/sw-2026-0004-c1.md"))
        #expect(changed.contains("reports/stacks/sw-2026-0004-c1.html"))
        #expect(changed.contains("reports/stacks/sw-2026-0004-c1-adherence.svg"))
        #expect(!FileManager.default.fileExists(atPath: project.path("Output/reports/stacks/sw-2026-0004-c1.html")))
        #expect(project.read("Output/notes/keep.txt") == "not the build's")
        #expect(project.read("Output/reports/consults/handmade.html") == "<p>not the build's either</p>")
        // Only the record's files, the index pages that listed it and the filter's data changed (and the manifest,
        // which may grow by a page or not, as its rows happen to fit).
        #expect(
            changed.filter { !$0.hasPrefix(".carepress/") }.sorted()
                == [
                    "index.html", "reports/index-data.js", "reports/index.html",
                    "reports/stacks/sw-2026-0004-c1-adherence.svg", "reports/stacks/sw-2026-0004-c1.html",
                    "reports/stacks/sw-2026-0004-c1.md",
                ])
    }

    @Test func changingARecordsIdRemovesItsOldFiles() throws {
        let (project, _) = try Self.builtProject()
        let file = "Content/physio/pg-2026-0009-c1.json"
        try project.write(
            file, TemporaryProject.withID(try #require(project.read(file)), from: "pg-2026-0009-c1", to: "pg-renamed"))
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.deleted == 2)
        let files = project.files(under: "Output")
        #expect(files.contains("reports/physio/pg-renamed.html"))
        #expect(!files.contains("reports/physio/pg-2026-0009-c1.html"))
    }

    @Test func aRecordThatNowHasErrorsKeepsItsOldFilesAndComesBackWhenFixed() throws {
        let (project, _) = try Self.builtProject()
        let file = "Content/consults/hl-2026-0001-c1.json"
        let good = try #require(project.read(file))
        try project.write(file, "{ \"id\": \"hl-2026-0001-c1\" ")
        let broken = SiteBuilder.build(project.ownThemeOptions())
        #expect(broken.failedRecords == 1)
        #expect(broken.deleted == 0)
        #expect(project.files(under: "Output").contains("reports/consults/hl-2026-0001-c1.html"))
        // Listed only among the records that failed, linking its last good report (issue 37): once, and not among
        // the reports this build made.
        let index = try #require(project.read("Output/reports/index.html"))
        let failed = try #require(index.range(of: "id=\"section-failed\""))
        let end = try #require(index[failed.lowerBound...].range(of: "</section>"))
        let link = try #require(index.range(of: "hl-2026-0001-c1.html"))
        #expect(failed.lowerBound < link.lowerBound && link.upperBound < end.lowerBound)
        #expect(index.components(separatedBy: "hl-2026-0001-c1.html").count == 2)
        // A record with errors is loaded again every time, so its error is reported again.
        let again = SiteBuilder.build(project.ownThemeOptions())
        #expect(again.failedRecords == 1)
        #expect(again.errorCount == 1)
        try project.write(file, good)
        let fixed = SiteBuilder.build(project.ownThemeOptions())
        #expect(fixed.failedRecords == 0)
        #expect(fixed.rendered == 1)
        #expect(project.read("Output/reports/index.html")?.contains("hl-2026-0001-c1.html") == true)
    }

    @Test func forceRendersEverything() throws {
        let (project, first) = try Self.builtProject()
        let report = SiteBuilder.build(project.ownThemeOptions(force: true))
        #expect(report.rendered == first.records)
        #expect(report.skipped == 0)
        #expect(report.written == 0)
    }

    @Test func aMissingOutputFileIsWrittenAgain() throws {
        let (project, _) = try Self.builtProject()
        try FileManager.default.removeItem(atPath: project.path("Output/reports/stacks/sw-2026-0001-c3.md"))
        try FileManager.default.removeItem(atPath: project.path("Output/guide/phases.html"))
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(report.rendered == 1)
        #expect(project.files(under: "Output").contains("reports/stacks/sw-2026-0001-c3.md"))
        #expect(project.files(under: "Output").contains("guide/phases.html"))
    }

    @Test func canonicallyEquivalentFileNamesKeepBuildsIncremental() throws {
        let project = try TemporaryProject.minimal()
        // café-1.json in NFC and in NFD: two files on Linux, compared byte for byte.
        try project.write("Content/consults/caf\u{E9}-1.json", Samples.consult(id: "hl-nfc"))
        try project.write("Content/consults/cafe\u{301}-1.json", Samples.consult(id: "hl-nfd"))
        let first = SiteBuilder.build(project.buildOptions())
        #expect(!first.hasErrors, "\(first.diagnostics)")
        #expect(first.rendered == 2)
        for _ in 0..<2 {
            let again = SiteBuilder.build(project.buildOptions())
            #expect(again.rendered == 0)
            #expect(again.skipped == 2)
            #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        }
    }

    @Test func aRealCollisionOfTwinFileNamesIsOneErrorAndStaysIncremental() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/caf\u{E9}-1.json", Samples.consult(id: "hl-1"))
        try project.write("Content/consults/cafe\u{301}-1.json", Samples.consult(id: "hl-1"))
        for _ in 0..<3 {
            let report = SiteBuilder.build(project.buildOptions())
            #expect(report.rendered + report.skipped == 1)
            #expect(report.failedRecords == 1)
            let errors = report.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.message) == ["duplicate consult id 'hl-1'"])
            #expect(
                errors.first.map { Array($0.file.utf8) }
                    == Array(project.path("Content/consults/caf\u{E9}-1.json").utf8))
        }
    }

    @Test func progressCountsEveryRecordOnce() throws {
        let project = try TemporaryProject.generated(copies: 2)
        let calls = ProgressCalls()
        var options = project.ownThemeOptions(jobs: 3)
        options.progress = { done, total in calls.record(done, total) }
        let report = SiteBuilder.build(options)
        let seen = calls.values
        #expect(seen.count == report.records)
        #expect(seen.map(\.total).allSatisfy { $0 == report.records })
        #expect(seen.map(\.done).sorted() == Array(1...report.records))
    }

    /// Progress reports, collected from the workers' threads.
    final class ProgressCalls: Sendable {
        private let calls = Mutex<[(done: Int, total: Int)]>([])

        func record(_ done: Int, _ total: Int) {
            calls.withLock { $0.append((done, total)) }
        }

        var values: [(done: Int, total: Int)] { calls.withLock { $0 } }
    }

    @Test func outputIsTheSameWhateverTheNumberOfJobs() throws {
        let project = try TemporaryProject.generated(copies: 4)
        // A collision and a broken record, so that the order of settling them is exercised too.
        let original = try #require(project.read("Content/consults/hl-2026-0001-c1.json"))
        try project.write(
            "Content/consults/zz-dup.json",
            TemporaryProject.withID(original, from: "hl-2026-0001-c1", to: "HL 2026 0001 C1"))
        try project.write("Content/physio/broken.json", "{\"id\": \"pg-x\", \"concern\": 3}")
        let one = SiteBuilder.build(project.ownThemeOptions(output: "One", jobs: 1))
        let four = SiteBuilder.build(project.ownThemeOptions(output: "Four", jobs: 4))
        #expect(one.diagnostics == four.diagnostics)
        #expect(one.failedRecords == 2)
        let files = project.contents(under: "One")
        #expect(files.count > 300)
        #expect(files == project.contents(under: "Four"))
        #expect(try ManifestDump.rows(project.path("One")) == ManifestDump.rows(project.path("Four")))
    }

    /// 290 records are three chunks (128, 128, 34): the first two are committed while the next renders, the last
    /// when the workers are done. Every record must reach the manifest and the output folder as a build of one chunk
    /// at a time would leave them, whatever the number of workers.
    @Test func chunksCommittedWhileTheNextRendersLeaveTheSameOutputAndManifest() throws {
        let project = try TemporaryProject.generated(copies: 10)
        #expect(RecordChunkTests.chunks(for: 29 * 10) == [128, 128, 34])
        let one = SiteBuilder.build(project.ownThemeOptions(output: "One", jobs: 1))
        let two = SiteBuilder.build(project.ownThemeOptions(output: "Two", jobs: 2))
        #expect(!one.hasErrors, "\(one.diagnostics)")
        #expect(one.rendered == 29 * 10)
        #expect(two.rendered == 29 * 10)
        #expect(one.written == two.written)
        #expect(one.diagnostics == two.diagnostics)
        let (files, others) = (project.contents(under: "One"), project.contents(under: "Two"))
        #expect(files.keys.sorted() == others.keys.sorted())
        #expect(files.filter { others[$0.key] != $0.value }.keys.sorted() == [])
        #expect(try ManifestDump.rows(project.path("One")) == ManifestDump.rows(project.path("Two")))
        // No staged file is left, and every row vouches for its files: a rebuild renders nothing.
        #expect(files.keys.filter { $0.hasSuffix(".tmp") } == [])
        let again = SiteBuilder.build(project.ownThemeOptions(output: "Two", jobs: 2))
        #expect(again.rendered == 0)
        #expect(again.skipped == 29 * 10)
        #expect(again.written == 0)
    }

    /// A build that renders its records keeps their summaries (the first 2 MB of them) for the reports index, which
    /// then queries the manifest for none; a rebuild that renders one record reads the others' back.
    @Test func theReportsIndexOfAFullBuildReadsNoSummaryBackFromTheManifest() throws {
        let (project, first) = try Self.builtProject()
        #expect(first.rendered == 29 * 3)
        #expect(first.summariesReadBack == 0)
        let path = "Content/consults/hl-2026-0001-c1.json"
        let original = try #require(project.read(path))
        try project.write(
            path, original.replacingOccurrences(of: "\"displayName\": \"", with: "\"displayName\": \"Dr "))
        let second = SiteBuilder.build(project.ownThemeOptions())
        #expect(second.rendered == 1)
        #expect(second.summariesReadBack >= 29 * 3 - 1)
        #expect(project.read("Output/reports/index.html")?.contains("Dr ") == true)
    }
}
