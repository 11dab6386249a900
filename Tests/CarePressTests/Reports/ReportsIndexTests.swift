import Foundation
import Testing

@testable import CarePress

@Suite("Reports index and guardrail")
struct ReportsIndexTests {
    @Test func theIndexPutsWhatNeedsAttentionFirstAcrossKindsThenTheRestNewestFirst() throws {
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
        // The urgent consult of October comes before everything newer; the physio report, which needs nothing,
        // comes last although it is the newest.
        let order = [
            "3 reports need attention (1 urgent).",
            "4 reports in all",
            "Urgent (1 report)",
            "Sam K. · Hair loss consultation\nConsult · Completed · 1 October 2026\n"
                + "Why: 1 urgent answer: Pain, redness or sores; 1 answer for review: Sudden bald patches\n"
                + "Reference hl-old",
            "For review (1 report)",
            "Riley · Supplement plan\nSupplement stack · Not tracked yet · 1 November 2026 · Fish oil, Magnesium\n"
                + "Why: 1 caution about blood thinners (anticoagulants), a risk they listed: Fish oil\nReference sw-1",
            "Follow up (1 report)",
            "Sam K. · Hair loss consultation (incomplete)\nConsult · Not finished · 2 November 2026\n"
                + "Why: Not finished: 4 required questions unanswered\nReference hl-new",
            "Other reports (1 report)",
            "pg-1 · Recovery recommendation: Patellofemoral Pain Syndrome\nPhysio recommendation · Personalised answer · "
                + "3 November 2026 · Knee: “My knee hurts when I go down stairs”\nReference pg-1",
        ]
        let positions = order.map { text.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))\n\(text)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(html.main.contains("<a href=\"consults/hl-new.html\">"))
        #expect(html.main.contains("<a href=\"consults/hl-new.md\">Markdown</a>"))
        #expect(html.main.contains("<a href=\"stacks/sw-1.html\">"))
        // The urgent section is set apart by more than colour: its heading says so, with an icon.
        #expect(
            html.main.contains(
                "<h2 id=\"section-urgent\"><span class=\"callout-icon\" aria-hidden=\"true\">!</span> Urgent"))
        // The filter and its data are there for the browser; the list itself needs no script.
        #expect(html.main.contains("<script src=\"index-data.js\" defer></script>"))
        #expect(html.main.contains("<script src=\"../assets/reports-filter.js\" defer></script>"))
        #expect(html.main.contains("aria-live=\"polite\""))
    }

    @Test func theCountLineSaysHowManyNeedAttentionAndHowManyAreUrgent() {
        func summary(_ level: Attention.Level) -> ReportSummary {
            ReportSummary(
                kind: .consult, id: "c", title: "T", status: "S", detail: "", date: nil, htmlPath: "reports/c.html",
                attention: level == .routine ? .routine : Attention(level: level, reasons: ["why"]))
        }
        #expect(ReportsIndex.countLine([summary(.routine)]) == "No report needs attention.")
        #expect(
            ReportsIndex.countLine([summary(.followUp), summary(.routine)]) == "1 report needs attention (none urgent)."
        )
        #expect(
            ReportsIndex.countLine([summary(.urgent), summary(.review), summary(.urgent), summary(.routine)])
                == "3 reports need attention (2 urgent).")
        #expect(ReportsIndex.grouped(1_102) == "1,102" && ReportsIndex.grouped(999) == "999")
        #expect(ReportsIndex.grouped(1_000_000) == "1,000,000" && ReportsIndex.reportCount(1) == "1 report")
    }

    @Test func theFilterDataListsEveryReportInIndexOrderAndCannotCloseAScript() throws {
        let hostile = "</script><script>alert(1)</script> \u{2028}\u{2029} & <!--"
        let summaries = [
            ReportSummary(
                kind: .consult, id: "hl-1", title: "Hair loss consultation", patient: hostile, status: "Completed",
                detail: "", date: Timestamp(rfc3339: "2026-01-05T10:00:00Z"), htmlPath: "reports/consults/hl-1.html"),
            ReportSummary(
                kind: .stack, id: "Odd Id", title: "Supplement plan", patient: nil, status: "Not tracked yet",
                detail: "", date: Timestamp(rfc3339: "2026-03-01T10:00:00Z"), htmlPath: "reports/stacks/odd-id.html"),
            ReportSummary(
                kind: .physio, id: "pg-1", title: "Recovery recommendation", patient: nil, status: "Guide matches only",
                detail: "", date: Timestamp(rfc3339: "2025-12-01T10:00:00Z"), htmlPath: "reports/physio/pg-1.html",
                attention: Attention(level: .urgent, reasons: ["a <b>reason</b>"])),
        ]
        let data = ReportsIndexData(summaries)
        let script = String(decoding: data.script, as: UTF8.self)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!script.unicodeScalars.contains { String($0) == forbidden }, "\(forbidden) is escaped")
        }
        let prefix = "window.CAREPRESS_REPORTS = "
        let start = try #require(script.range(of: prefix)).upperBound
        let json = try #require(script[start...].dropLast(2).data(using: .utf8))
        let decoded = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let rows = try #require(decoded["reports"] as? [[Any]])
        // Index order: the urgent physio report first, then the others newest first.
        #expect(rows.map { $0[1] as? String } == ["pg-1", "Odd Id", "hl-1"])
        #expect(rows[2][2] as? String == hostile, "the name comes back exactly")
        #expect(rows[2][5] as? Int == 20_260_105)
        #expect(rows[1][8] as? String == "stacks/odd-id", "a file name that is not the id is given")
        #expect(rows[2].count == 7, "the usual file name and no reasons are left out")
        let reasons = try #require(decoded["reasons"] as? [String])
        #expect(reasons[rows[0][7] as? Int ?? 0] == "a <b>reason</b>")
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
