import Foundation
import Testing

@testable import CarePress

@Suite("Reports index and guardrail")
struct ReportsIndexTests {
    @Test func theIndexListsReportsByKindNewestFirstWithStatusPatientAndDate() throws {
        let fixture = try ReportFixture.minimal()
        let answers: [String: Any] = [
            "areas": ["patches"], "duration": "gt_1y", "scalp_symptoms": "pain", "age_started": 29, "goals": "x",
        ]
        var older = ConsultReportTests.consult(id: "hl-old", answers: answers)
        older["startedAt"] = "2026-10-01T07:50:00Z"
        older["completedAt"] = "2026-10-01T08:00:00Z"
        try fixture.write(.consult, "old", older)
        try fixture.write(
            .consult, "new",
            ConsultReportTests.consult(id: "hl-new", status: "in-progress", answers: ["areas": ["crown"]]))
        try fixture.write(.physio, "p", PhysioReportTests.physio())
        try fixture.write(.stack, "s", StackReportTests.stack())
        #expect(!fixture.build().hasErrors)
        let html = try ReportHTML(page: try fixture.report("index.html"))
        let text = html.text
        let order = [
            "4 reports, grouped by kind, newest first.",
            "Consults (2 reports)",
            "Hair loss consultation (incomplete) for Sam K.\nNot finished · 2 November 2026\nReference hl-new",
            "Hair loss consultation for Sam K.\nCompleted · 1 October 2026 · Needs attention: 1 red flag, 1 for review",
            "Physio recommendations (1 report)",
            "Recovery recommendation: Patellofemoral Pain Syndrome\nPersonalised answer · 3 November 2026 · “My knee hurts when I go down stairs”",
            "Supplement stacks (1 report)",
            "Supplement plan for Riley\nNot tracked yet · 1 November 2026 · 2 warnings · Fish oil, Magnesium",
        ]
        let positions = order.map { text.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))\n\(text)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(html.main.contains("<a href=\"consults/hl-new.html\">"))
        #expect(html.main.contains("<a href=\"consults/hl-new.md\">Markdown</a>"))
        #expect(html.main.contains("<a href=\"stacks/sw-1.html\">"))
    }

    @Test func theGuardrailCountsOnlyTextAReaderSees() throws {
        let required = [(what: "the red flag 'you cannot stand'", text: "you cannot stand")]
        let check = { (markdown: String) -> Bool in
            let result = Result { () throws(TemplateErrors) in
                try ReportGuardrail.check(markdown, shows: required, templatePath: "T/reports/physio.md.mustache")
            }
            guard case .failure(let errors) = result else { return true }
            #expect(errors.diagnostics.map(\.file) == ["T/reports/physio.md.mustache"])
            #expect(errors.diagnostics.map(\.message) == ["the template leaves out the red flag 'you cannot stand'"])
            return false
        }
        #expect(check("- you cannot stand\n"))
        #expect(check("- you cannot\n  stand\n"), "a soft line break reads as a space")
        #expect(check("You \\& me: you cannot stand\n"))
        #expect(!check("<!-- you cannot stand -->\n"), "raw HTML is dropped by safe rendering")
        #expect(!check("[x](<you cannot stand>)\n"), "a link destination is not shown")
        #expect(!check("- you cannot sit\n"))
    }
}
