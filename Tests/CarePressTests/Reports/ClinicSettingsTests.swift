import Foundation
import Testing

@testable import CarePress

/// The `clinic` block of `site.yml`: each field checked with a located error, a project without it warned and given
/// generic wording, and every report showing how to reach the clinic, times in its zone and amounts in its currency.
@Suite("The clinic in the settings")
struct ClinicSettingsTests {
    static let clinic = Samples.clinic

    static let settings = """
        title: Recovery Guide
        language: en
        disclaimer: This is educational guidance only, not medical advice.

        """

    /// The diagnostics of `site.yml` with a clinic block where `key`'s line is replaced by `line`.
    static func diagnostics(replacing key: String, with line: String?) throws -> [Diagnostic] {
        let project = try TemporaryProject.minimal()
        let block = clinic.split(separator: "\n").compactMap { text -> String? in
            text.hasPrefix("  \(key):") ? line.map { "  \($0)" } : String(text)
        }
        try project.write("Content/site.yml", settings + block.joined(separator: "\n") + "\n")
        let loaded = SiteProject.load(from: project.path("Content"))
        #expect(loaded.diagnostics.hasErrors, "a clinic with an error is an error of site.yml, which stops a build")
        return loaded.diagnostics.filter { $0.file.hasSuffix("site.yml") }
    }

    @Test(
        arguments: [
            ("name", "name: ''", 5, "clinic.name", "must not be empty"),
            ("phone", "phone: call us", 6, "clinic.phone", "is not a valid value: it must be a phone number"),
            ("phone", "phone: '12'", 6, "clinic.phone", "is not a valid value: it must be a phone number"),
            ("hours", "hours: ''", 7, "clinic.hours", "must not be empty"),
            ("urgentCare", "urgentCare: [999]", 8, "clinic.urgentCare", "expected a string"),
            ("timeZone", "timeZone: Europe/Londn", 9, "clinic.timeZone", "is not a time zone"),
            ("timeZone", "timeZone: GMT+1", 9, "clinic.timeZone", "is not a time zone"),
            ("currency", "currency: gbp", 10, "clinic.currency", "is not a currency"),
            ("currency", "currency: XYZ", 10, "clinic.currency", "is not a currency"),
            ("currency", nil, 4, "clinic.currency", "missing required key 'currency'"),
            ("extra", "extra: 1", 11, "clinic.extra", "unknown key 'extra'"),
        ] as [(String, String?, Int, String, String)])
    func eachFieldIsCheckedWithALocatedError(key: String, line: String?, row: Int, path: String, message: String)
        throws
    {
        var replaced = line
        var key = key
        if key == "extra" {
            // An unknown key: added after the last one.
            key = "currency"
            replaced = "currency: GBP\n  extra: 1"
        }
        let found = try Self.diagnostics(replacing: key, with: replaced)
        let errors = found.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(found.map(\.description))")
        let error = try #require(errors.first)
        #expect(error.path == path, "\(error.description)")
        #expect(error.description.contains(message), "\(error.description)")
        if line != nil {
            #expect(error.position.line == row, "\(error.description)")
        }
        #expect(error.description.hasPrefix("\(error.file):\(error.position.line):\(error.position.column): error: "))
    }

    @Test func aMisspeltTimeZoneOrALowerCaseCurrencyGetsAHint() throws {
        let zone = try #require(try Self.diagnostics(replacing: "timeZone", with: "timeZone: Europe/Londn").first)
        #expect(zone.hint == "did you mean 'Europe/London'?")
        let currency = try #require(try Self.diagnostics(replacing: "currency", with: "currency: gbp").first)
        #expect(currency.hint == "write it in capitals: 'GBP'")
    }

    @Test func aProjectWithoutAClinicIsWarnedAndItsReportsSayContactTheClinicThatGaveYouThisReport() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.project.write("Content/site.yml", Self.settings)
        try fixture.write(.consult, "c", ConsultReportTests.consult(answers: ConsultReportTests.fullAnswers))
        try fixture.write(.physio, "p", PhysioReportTests.physio())
        try fixture.write(.stack, "s", StackReportTests.stack())
        let report = fixture.build()
        #expect(!report.hasErrors, "\(report.diagnostics)")
        let warning = try #require(report.diagnostics.first { $0.file.hasSuffix("site.yml") })
        #expect(warning.severity == .warning)
        #expect(warning.description.contains("site.yml:1:1: warning: clinic: no 'clinic' settings"))
        for path in ["consults/hl-1.md", "physio/pg-1.md", "stacks/sw-1.md"] {
            let markdown = try fixture.report(path)
            #expect(markdown.contains("Contact the clinic that gave you this report."), "\(path)")
            #expect(markdown.contains("## What happens next"), "\(path)")
        }
        #expect(try fixture.report("consults/hl-1.md").contains("09:19 \\(UTC\\)"), "times as the record wrote them")
    }

    @Test func everyReportShowsHowToContactTheClinic() throws {
        let fixture = try ReportFixture.minimal()
        try fixture.write(.consult, "c", ConsultReportTests.consult(answers: ConsultReportTests.fullAnswers))
        try fixture.write(.physio, "p", PhysioReportTests.physio())
        try fixture.write(.physio, "q", PhysioReportTests.physio(id: "pg-2", withResponse: false))
        try fixture.write(.stack, "s", StackReportTests.stack())
        #expect(!fixture.build().hasErrors)
        for path in ["consults/hl-1", "physio/pg-1", "physio/pg-2", "stacks/sw-1"] {
            let html = try ReportHTML(page: try fixture.report("\(path).html")).main
            for text in [
                "How to contact the clinic", "Test Clinic", "0161 496 0000", "Monday to Friday, 9am to 5pm",
                "call 111, or 999 in an emergency", "What to do now", "What happens next",
            ] {
                #expect(html.contains(text), "\(path) shows \(text)")
            }
        }
    }

    /// Each attention level has its own next step: an urgent consult says to call today, one for review that a
    /// clinician will check, an unfinished one to finish it, a routine one that nothing is needed now.
    @Test func theNextStepFollowsTheReportsAttentionLevel() throws {
        let fixture = try ReportFixture.minimal()
        var review = ConsultReportTests.fullAnswers
        review["scalp_symptoms"] = "none"
        review["scalp_details"] = nil
        var routine = review
        routine["areas"] = ["hairline"]
        try fixture.write(
            .consult, "u", ConsultReportTests.consult(id: "hl-u", answers: ConsultReportTests.fullAnswers))
        try fixture.write(.consult, "r", ConsultReportTests.consult(id: "hl-r", answers: review))
        try fixture.write(.consult, "o", ConsultReportTests.consult(id: "hl-o", answers: routine))
        try fixture.write(
            .consult, "f", ConsultReportTests.consult(id: "hl-f", status: "in-progress", answers: ["areas": ["crown"]]))
        #expect(!fixture.build().hasErrors)
        let expected = [
            "hl-u": "- **Call Test Clinic today on 0161 496 0000.**",
            "hl-r": "You do not need to do anything today. A clinician will check some of your answers",
            "hl-o": "## What to do now\n\nYou do not need to do anything now.",
            "hl-f": "Please go back to the app and finish your consult",
        ]
        for (id, text) in expected {
            let markdown = try fixture.report("consults/\(id).md")
            #expect(markdown.contains(text), "\(id)")
            for (other, otherText) in expected where other != id {
                #expect(!markdown.contains(otherText), "\(id) does not say what \(other) says")
            }
        }
    }

    @Test func timesAreInTheClinicsZoneWithTheZoneNamedAndTheBudgetCarriesTheCurrency() throws {
        let fixture = try ReportFixture.minimal()
        var consult = ConsultReportTests.consult(answers: ConsultReportTests.fullAnswers)
        // British Summer Time: 23:30 UTC on 30 June is 00:30 on 1 July in London.
        consult["startedAt"] = "2026-06-30T23:20:00Z"
        consult["completedAt"] = "2026-06-30T23:30:00Z"
        consult["transcript"] = [["role": "user", "text": "hello", "at": "2026-06-30T23:29:00Z"]]
        try fixture.write(.consult, "c", consult)
        var stack = StackReportTests.stack()
        stack["createdAt"] = "2026-06-30T23:30:00+00:00"
        var user = try #require(stack["user"] as? [String: Any])
        user["monthlyBudget"] = 40
        stack["user"] = user
        try fixture.write(.stack, "s", stack)
        #expect(!fixture.build().hasErrors)
        let markdown = try fixture.report("consults/hl-1.md")
        #expect(markdown.contains("- **Completed:** 1 July 2026, 00:30 \\(London time\\)"))
        #expect(markdown.contains("**You** · 00:29"))
        let plan = try fixture.report("stacks/sw-1.md")
        #expect(plan.contains("- **Date:** 1 July 2026\n"))
        #expect(plan.contains("- **Monthly budget:** 40 GBP\n"))
    }

    @Test func eachPDFHeaderNamesTheClinicAndTheReportsKind() {
        let site = Site(
            title: "Recovery Guide", language: "en", disclaimer: "d",
            clinic: Clinic(
                name: "Test Clinic", phone: "0161 496 0000", hours: "h", urgentCare: "u", timeZone: "Europe/London",
                currency: "GBP"))
        for (kind, words) in [
            (RecordKind.consult, "Consult report"), (.physio, "Recovery recommendation"), (.stack, "Supplement plan"),
        ] {
            let summary = ReportSummary(
                kind: kind, id: "x-1", title: "T", patient: nil, status: "", detail: "", date: nil,
                htmlPath: "reports/x.html")
            #expect(ReportPDF.job(for: summary, outputRoot: "/tmp", site: site).heading == "Test Clinic · \(words)")
            var plain = site
            plain.clinic = nil
            #expect(ReportPDF.job(for: summary, outputRoot: "/tmp", site: plain).heading == "Recovery Guide · \(words)")
        }
    }
}
