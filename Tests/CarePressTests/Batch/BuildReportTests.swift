import Foundation
import Testing

@testable import CarePress

@Suite("Build report")
struct BuildReportTests {
    @Test func theJSONSummaryIsEncodedWithSortedKeysAndMilliseconds() {
        var report = BuildReport()
        report.records = 12
        report.rendered = 3
        report.skipped = 8
        report.failedRecords = 1
        report.written = 5
        report.unchanged = 1
        report.deleted = 2
        report.diagnostics = [
            Diagnostic(.error, file: "a.json", position: .start, message: "bad \"quote\""),
            Diagnostic(.warning, file: "b.json", position: .start, message: "w"),
        ]
        report.timings.scan = 0.1904
        report.timings.total = 1.2506
        // Every error is in `failures`, located; `attention` only when the build listed the reports.
        #expect(
            report.json
                == #"{"deleted":2,"errors":1,"failed":1,"#
                + #""failures":[{"column":1,"line":1,"message":"bad \"quote\"","path":"a.json"}],"#
                + #""files":6,"pdfs":0,"pdfsFailed":0,"records":12,"rendered":3,"#
                + #""seconds":{"load":0,"pdf":0,"records":0,"render":0,"scan":0.19,"shared":0,"total":1.251,"wait":0,"write":0},"#
                + #""skipped":8,"templateFallbacks":0,"unchanged":1,"warnings":1,"written":5}"#)
        report.attention = [.urgent: 2, .followUp: 1]
        #expect(report.json.hasPrefix(#"{"attention":{"followUp":1,"review":0,"urgent":2},"deleted":2,"#))
    }
}
