/// The page that lists every report, grouped by kind, newest first.
enum ReportsIndex {
    /// The index's Markdown template.
    static let template = "reports/index.md"
    /// The index's path in the output folder.
    static let path = "reports/index.html"

    /// The index page of the reports a build wrote.
    static func render(_ summaries: [ReportSummary], with pages: PageRenderer) throws(TemplateErrors) -> OutputFile {
        let groups = RecordKind.allCases.map { kind -> [String: Any] in
            let reports = summaries.filter { $0.kind == kind }.sorted(by: newestFirst).map { summary -> [String: Any] in
                var item: [String: Any] = [
                    "title": summary.title, "status": summary.status, "id": summary.id,
                    "hrefDestination": ReportMarkdown.destination(RelativeLink.to(summary.htmlPath, from: path)),
                    "markdownDestination": ReportMarkdown.destination(
                        RelativeLink.to(String(summary.htmlPath.dropLast(".html".count)) + ".md", from: path)),
                ]
                if let patient = summary.patient { item["patient"] = patient }
                if !summary.detail.isEmpty { item["detail"] = summary.detail }
                if let date = summary.date { item["date"] = date.date.longDescription }
                return item
            }
            return [
                "title": kind.title, "reports": reports, "count": ReportMarkdown.count(reports.count, "report"),
                "empty": reports.isEmpty,
            ]
        }
        let page = PageRenderer.Page(
            path: path, title: "Reports", breadcrumbs: [.init("Home", "index.html"), .init("Reports")],
            kind: "reports-index")
        let context: [String: Any] = ["groups": groups, "total": ReportMarkdown.count(summaries.count, "report")]
        let output = try pages.render(template, context, page: page)
        return OutputFile(path: path, text: output.html)
    }

    /// Newest first; undated records last; ties by id so the order never depends on loading order.
    static func newestFirst(_ a: ReportSummary, _ b: ReportSummary) -> Bool {
        switch (a.date, b.date) {
        case let (x?, y?) where x.epochSeconds != y.epochSeconds: x.epochSeconds > y.epochSeconds
        case (_?, nil): true
        case (nil, _?): false
        default: a.id < b.id
        }
    }
}
