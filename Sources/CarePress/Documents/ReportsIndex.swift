/// The page that lists every report, grouped by kind, newest first.
enum ReportsIndex {
    static let template = "reports/index.md"
    static let path = "reports/index.html"

    static func render(_ summaries: [ReportSummary], with pages: PageRenderer) throws(TemplateErrors) -> OutputFile {
        let groups = RecordKind.allCases.map { kind -> [String: Any] in
            let reports = summaries.filter { $0.kind == kind }.sorted(by: newestFirst).map { summary -> [String: Any] in
                var item: [String: Any] = [
                    "title": summary.title, "detail": summary.detail, "id": summary.id,
                    "href": RelativeLink.to(summary.htmlPath, from: path),
                ]
                if let date = summary.date { item["date"] = date.date.longDescription }
                return item
            }
            return ["title": kind.title, "reports": reports, "count": String(reports.count), "empty": reports.isEmpty]
        }
        let page = PageRenderer.Page(
            path: path, title: "Reports", breadcrumbs: [.init("Home", "index.html"), .init("Reports")],
            kind: "reports-index")
        let output = try pages.render(template, ["groups": groups, "total": String(summaries.count)], page: page)
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
