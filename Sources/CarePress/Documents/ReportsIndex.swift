/// The pages that list every report, grouped by kind, newest first, a thousand to a page.
enum ReportsIndex {
    /// The index's Markdown template.
    static let template = "reports/index.md"
    /// The index's first page in the output folder.
    static let path = "reports/index.html"
    /// Reports per page: a batch of 100,000 records makes 100 pages rather than one page too big to open.
    static let pageSize = 1_000

    /// The path of a page of the index, from 1: `reports/index.html`, `reports/index-2.html`, ...
    static func path(page: Int) -> String {
        page == 1 ? path : "reports/index-\(page).html"
    }

    /// Every page of the index, in order; one page (with no page links) when the reports fit on it.
    ///
    /// Pages are independent once the reports are sorted, so they are rendered on `jobs` threads.
    static func render(
        _ summaries: [ReportSummary], with pages: PageRenderer, pageSize: Int = pageSize,
        jobs: Int = BuildOptions.defaultJobs
    ) throws(TemplateErrors) -> [OutputFile] {
        let sorted = RecordKind.allCases.flatMap { kind in
            summaries.filter { $0.kind == kind }.sorted(by: newestFirst)
        }
        let counts = Dictionary(grouping: summaries, by: \.kind).mapValues(\.count)
        let pageCount = max(1, (sorted.count + pageSize - 1) / pageSize)
        let rendered = Slots<Result<OutputFile, TemplateErrors>>(count: pageCount)
        WorkerPool.run(jobs: jobs, count: pageCount) { index in
            let page = index + 1
            let items = sorted[min(index * pageSize, sorted.count)..<min(page * pageSize, sorted.count)]
            rendered[index] = Result { () throws(TemplateErrors) in
                try render(
                    page: page, of: pageCount, items: items, counts: counts, total: summaries.count, with: pages)
            }
        }
        var files: [OutputFile] = []
        for index in 0..<pageCount {
            guard let result = rendered[index] else { continue }
            files.append(try result.get())
        }
        return files
    }

    private static func render(
        page number: Int, of pageCount: Int, items: ArraySlice<ReportSummary>, counts: [RecordKind: Int], total: Int,
        with pages: PageRenderer
    ) throws(TemplateErrors) -> OutputFile {
        let here = path(page: number)
        let groups = RecordKind.allCases.compactMap { kind -> [String: Any]? in
            let reports = items.filter { $0.kind == kind }.map { summary in entry(summary, from: here) }
            let count = counts[kind] ?? 0
            // A kind appears on the pages that list its reports; a kind with none, on the first page.
            guard !reports.isEmpty || (count == 0 && number == 1) else { return nil }
            return [
                "title": kind.title, "reports": reports, "count": ReportMarkdown.count(count, "report"),
                "empty": count == 0,
            ]
        }
        var context: [String: Any] = ["groups": groups, "total": ReportMarkdown.count(total, "report")]
        if pageCount > 1 {
            var pagination: [String: Any] = [
                "page": String(number), "pageCount": String(pageCount),
                "pages": (1...pageCount).map { page -> [String: Any] in
                    [
                        "number": String(page), "href": RelativeLink.to(path(page: page), from: here),
                        "current": page == number,
                    ]
                },
            ]
            if number > 1 { pagination["previous"] = RelativeLink.to(path(page: number - 1), from: here) }
            if number < pageCount { pagination["next"] = RelativeLink.to(path(page: number + 1), from: here) }
            context["pagination"] = pagination
        }
        let title = number == 1 ? "Reports" : "Reports, page \(number) of \(pageCount)"
        let page = PageRenderer.Page(
            path: here, title: title, breadcrumbs: [.init("Home", "index.html"), .init("Reports")],
            kind: "reports-index")
        let output = try pages.render(template, context, page: page)
        return OutputFile(path: here, text: output.html)
    }

    /// One report's line: title linked to the HTML report, patient, status, date, detail, and the Markdown file.
    private static func entry(_ summary: ReportSummary, from page: String) -> [String: Any] {
        var item: [String: Any] = [
            "title": summary.title, "status": summary.status, "id": summary.id,
            "hrefDestination": ReportMarkdown.destination(RelativeLink.to(summary.htmlPath, from: page)),
            "markdownDestination": ReportMarkdown.destination(
                RelativeLink.to(String(summary.htmlPath.dropLast(".html".count)) + ".md", from: page)),
        ]
        if let patient = summary.patient { item["patient"] = patient }
        if !summary.detail.isEmpty { item["detail"] = summary.detail }
        if let date = summary.date { item["date"] = date.date.longDescription }
        return item
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
