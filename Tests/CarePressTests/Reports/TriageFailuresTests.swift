import Foundation
import Testing

@testable import CarePress

/// No record is lost from the triage: a record with errors is listed first in the reports index, with its file, its
/// patient, its located errors and its last good report, counted in the count line and in `build --json`.
@Suite("Failed records in the triage")
struct TriageFailuresTests {
    static let urgent = "Content/consults/hl-2026-0002.json"

    /// The sample urgent consult with one answer that is not an option of its question.
    static func broken(_ text: String) -> String {
        text.replacingOccurrences(of: "\"duration\": \"lt_6m\"", with: "\"duration\": \"sometime\"")
    }

    static func options(_ project: TemporaryProject) -> BuildOptions {
        var options = project.buildOptions()
        options.countsAttention = true
        return options
    }

    @Test func aBrokenUrgentConsultIsListedFirstWithItsErrorAndItsLastGoodReport() throws {
        let project = try TemporaryProject.sample()
        let text = try #require(project.read(Self.urgent))
        let first = SiteBuilder.build(Self.options(project))
        #expect(!first.hasErrors)
        let urgentBefore = try #require(first.jsonSummary.attention?.urgent)
        #expect(urgentBefore >= 1)
        #expect(project.read("Output/reports/index.html")?.contains("Priya Raman") == true)

        // The urgent consult breaks, and a copy of it that never built arrives.
        try project.write(Self.urgent, Self.broken(text))
        try project.write(
            "Content/consults/hl-2026-0099.json",
            TemporaryProject.withID(Self.broken(text), from: "hl-2026-0002", to: "hl-2026-0099"))
        let report = SiteBuilder.build(Self.options(project))
        #expect(report.failedRecords == 2)
        // Only the two records' errors: the last good report's link is not a broken link.
        let failures = report.jsonSummary.failures
        #expect(
            Set(failures.map { ($0.path as NSString).lastPathComponent }) == ["hl-2026-0002.json", "hl-2026-0099.json"])
        #expect(failures.allSatisfy { $0.line > 1 && $0.message.contains("answers.duration") })
        #expect(report.jsonSummary.attention?.urgent == urgentBefore - 1)

        let index = try #require(project.read("Output/reports/index.html"))
        let failed = try #require(index.range(of: "id=\"section-failed\""))
        let urgentSection = try #require(index.range(of: "id=\"section-urgent\""))
        #expect(failed.lowerBound < urgentSection.lowerBound, "the failed records come first")
        let section = String(index[failed.lowerBound..<urgentSection.lowerBound])
        #expect(section.contains("Records that failed (2)"))
        #expect(section.contains("hl-2026-0002.json") && section.contains("hl-2026-0099.json"))
        #expect(section.components(separatedBy: "Priya Raman").count - 1 == 2, "the patient, read from each file")
        #expect(section.contains("answers.duration"))
        // The broken original still has its report from the last good build, linked and marked as such; the copy
        // never had one.
        #expect(section.contains("Last good report, from an earlier build"))
        #expect(section.contains("href=\"consults/hl-2026-0002.html\""))
        #expect(section.contains("Urgent"))
        #expect(section.contains("No report:"))
        #expect(project.read("Output/reports/consults/hl-2026-0002.html") != nil)
        #expect(index.contains("2 records failed and are listed first"))

        // A build with nothing changed lists them the same way (the last good report is kept across builds).
        let again = SiteBuilder.build(Self.options(project))
        #expect(again.failedRecords == 2)
        #expect(project.read("Output/reports/index.html") == index)

        // Fixed: the section goes, and the consult is back in the urgent section.
        try project.write(Self.urgent, text)
        try FileManager.default.removeItem(atPath: project.path("Content/consults/hl-2026-0099.json"))
        let fixed = SiteBuilder.build(Self.options(project))
        #expect(!fixed.hasErrors)
        #expect(fixed.jsonSummary.attention?.urgent == urgentBefore)
        let healed = try #require(project.read("Output/reports/index.html"))
        #expect(!healed.contains("section-failed"))
        #expect(!healed.contains("failed and"))
    }

    @Test func aRecordThatCannotBeParsedIsListedByItsFile() throws {
        let project = try TemporaryProject.minimal()
        try project.write("Content/consults/a.json", Samples.consult(id: "hl-1"))
        try project.write("Content/stacks/b.json", "{ \"createdAt\": ")
        let report = SiteBuilder.build(Self.options(project))
        #expect(report.failedRecords == 1)
        let index = try #require(project.read("Output/reports/index.html"))
        #expect(index.contains("Records that failed (1)"))
        #expect(index.contains("stacks/b.json"))
        #expect(index.contains("Reference unknown"))
        #expect(index.contains("1 record failed and is listed first; no report needs attention."))
    }

    @Test func theCountLineNamesFailuresBeforeAttention() {
        #expect(
            ReportsIndex.countLine(counts: [.urgent: 3, .review: 10], failed: 0)
                == "13 reports need attention (3 urgent).")
        #expect(ReportsIndex.countLine(counts: [.routine: 4], failed: 0) == "No report needs attention.")
        #expect(
            ReportsIndex.countLine(counts: [.urgent: 1], failed: 1)
                == "1 record failed and is listed first; 1 report needs attention (1 urgent).")
    }
}

/// What a failed record shows in the index (its file, id, patient, errors) is untrusted text: it stays text.
@Suite("Failed records in the triage, attacked")
struct TriageFailuresAttackTests {
    @Test func aFailedRecordsNameIdAndErrorStayText() throws {
        let project = try TemporaryProject.sample()
        let text = try #require(project.read(TriageFailuresTests.urgent))
        let attack = "<script>alert(1)</script> [click](javascript:alert(1)) <img src=x onerror=alert(1)>"
        let hostile = TriageFailuresTests.broken(text)
            .replacingOccurrences(of: "\"displayName\": \"Priya Raman\"", with: "\"displayName\": \"\(attack)\"")
            .replacingOccurrences(of: "\"duration\": \"sometime\"", with: "\"duration\": \"\(attack)\"")
        #expect(hostile.contains(attack))
        try project.write(TriageFailuresTests.urgent, hostile)
        let report = SiteBuilder.build(TriageFailuresTests.options(project))
        #expect(report.failedRecords == 1)
        let index = try #require(project.read("Output/reports/index.html"))
        let failed = try #require(index.range(of: "id=\"section-failed\""))
        let end = try #require(index[failed.lowerBound...].range(of: "</section>"))
        let section = String(index[failed.lowerBound..<end.lowerBound])
        #expect(!section.contains("<script"))
        #expect(!section.contains("<img"))
        #expect(!section.contains("href=\"javascript"))
        #expect(section.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the name is shown, as text")
    }
}
