import Foundation
import Testing

@testable import CarePress

@Suite("The stored form of report summaries")
struct SummaryCodecTests {
    /// Hostile, long and empty fields: every summary reads back as itself, and its order's fields as its own.
    @Test func everySummaryReadsBackAsItself() throws {
        var summaries = StreamedReportsIndexTests.summaries(200)
        summaries.append(
            ReportSummary(
                kind: .stack, id: String(repeating: "é\u{301}\u{0}", count: 5_000), title: "", patient: "",
                status: "", detail: String(repeating: "x", count: 70_000),
                date: Timestamp(rfc3339: "2026-11-02T09:19:30+05:30"),
                htmlPath: "reports/stacks/a.html",
                attention: Attention(level: .followUp, reasons: Array(repeating: "", count: 300) + ["last"])))
        for summary in summaries {
            let bytes = SummaryCodec.encode(summary)
            #expect(SummaryCodec.summary(bytes) == summary)
            let fields = try #require(SummaryCodec.fields(bytes))
            #expect(fields.kind == summary.kind && fields.id == summary.id && fields.htmlPath == summary.htmlPath)
            #expect(fields.date == summary.date && fields.attention.level == summary.attention.level)
        }
    }

    /// The same summary gives the same bytes (their digest stands for the summary in the shared pages' digest), and
    /// a change to any field changes them.
    @Test func theBytesAreDeterministicAndEveryFieldCounts() {
        let summary = StreamedReportsIndexTests.summaries(3)[1]
        #expect(SummaryCodec.encode(summary) == SummaryCodec.encode(summary))
        var changes: [ReportSummary] = []
        for change in 0..<9 {
            var changed = summary
            switch change {
            case 0: changed.kind = .stack
            case 1: changed.id += "x"
            case 2: changed.title += "x"
            case 3: changed.patient = nil
            case 4: changed.status += "x"
            case 5: changed.detail += "x"
            case 6: changed.date = nil
            case 7: changed.htmlPath += "x"
            default: changed.attention = Attention(level: .urgent, reasons: ["x"])
            }
            changes.append(changed)
        }
        let encodings = Set(([summary] + changes).map(SummaryCodec.encode))
        #expect(encodings.count == 10)
    }

    /// Bytes that are not a summary in this form (cut short, with bytes after it, another version, JSON as older
    /// versions stored, invalid UTF-8) read as nil, never as a wrong summary and never as a crash.
    @Test func bytesOfAnotherFormAreNoSummary() throws {
        let summary = StreamedReportsIndexTests.summaries(2)[1]
        let bytes = SummaryCodec.encode(summary)
        for end in 0..<bytes.count {
            #expect(SummaryCodec.summary(Array(bytes[..<end])) == nil, "cut at \(end)")
        }
        #expect(SummaryCodec.summary(bytes + [0]) == nil)
        var otherVersion = bytes
        otherVersion[0] = 2
        #expect(SummaryCodec.summary(otherVersion) == nil && SummaryCodec.fields(otherVersion) == nil)
        let json = try JSONEncoder().encode(summary)
        #expect(SummaryCodec.summary(Array(json)) == nil && SummaryCodec.fields(Array(json)) == nil)
        var invalid = bytes
        let title = try #require(invalid.firstIndex(of: UInt8(ascii: "T")))
        invalid[title] = 0xFF
        #expect(SummaryCodec.summary(invalid) == nil)
        // A length past the end.
        #expect(SummaryCodec.summary([1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) == nil)
    }
}
