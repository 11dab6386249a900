/// Renders any record's report as its Markdown and HTML files (and, for a tracked stack, its adherence chart).
public struct ReportRenderer: Sendable {
    /// The project the records belong to.
    public let project: SiteProject
    /// The page renderer of the build.
    public let pages: PageRenderer
    /// Makes each record's report.
    let reports: ReportFactory
    /// The files a report may link to besides its own (the build's shared pages and assets), with the output folder
    /// that names pages in diagnostics; nil skips the link check (a single-record export).
    let linkTargets: (outputFolder: String, paths: Set<String>)?
    /// Whether HTML reports carry the stylesheet inlined (a single exported page) rather than linking the site's.
    let isStandalone: Bool

    /// The templates reports need.
    public static let templates = [
        ConsultReport.template, PhysioReport.template, StackReport.template, TranscriptView.template,
        StackReport.appendixTemplate,
    ]

    /// Creates a renderer; with `linkTargets`, a report whose links lead to no file of the build is an error.
    ///
    /// Built reports link the site's stylesheet (`assets/style.css`); `standalone` reports (`export --format html`)
    /// inline it instead, and carry no breadcrumb trail and no link to another file of the site (`StandalonePage`),
    /// so the page displays correctly on its own and links nowhere it cannot lead.
    public init(
        project: SiteProject, pages: PageRenderer, linkTargets: (outputFolder: String, paths: Set<String>)? = nil,
        standalone: Bool = false
    ) {
        self.project = project
        self.pages = pages
        self.reports = ReportFactory(project: project)
        self.linkTargets = linkTargets
        self.isStandalone = standalone
    }

    /// The index of the condition matcher that physio reports use, made once, by whichever asks first: the guide's
    /// search shows the same index.
    var matcherIndex: MatcherIndex { reports.matcher.value.index }

    /// The report's files (Markdown, HTML, then any image it links) and its line in the reports index.
    ///
    /// A report whose Markdown does not show the texts it must (the disclaimer, and a physio report's red flags) is
    /// not written: the error names its template.
    public func render(_ record: Record) throws(TemplateErrors) -> (files: [OutputFile], summary: ReportSummary) {
        guard let report = reports.report(for: record) else {
            throw TemplateErrors(diagnostics: [
                Diagnostic(
                    .error, file: record.source, position: .start,
                    message: "internal error: the questionnaire of a valid consult is not loaded")
            ])
        }
        let summary = report.summary
        let page = PageRenderer.Page(
            path: summary.htmlPath, title: report.title,
            breadcrumbs: [.init("Home", "index.html"), .init("Reports", ReportsIndex.path), .init(report.title)],
            kind: "report \(record.kind.rawValue)", isStandalone: isStandalone, footerDisclaimer: false)
        let output = try pages.renderUTF8(
            report.template, PatientReportView(report.viewModel, level: summary.attention.level), page: page,
            appendix: report.appendixTemplate)
        // The layout leaves the disclaimer out of a report's footer: the guardrail holds the report to show it.
        try ReportGuardrail.check(
            html: output.contentHTML, shows: report.requiredTexts(disclaimer: pages.site.disclaimer),
            templatePath: pages.templates.path(of: report.template))
        // The page shows its figures inline; a standalone page links no other file of the site.
        var html = InlineFigure.inlined(report.inlineFigures, in: output.html)
        if isStandalone { html = StandalonePage.unlinked(html, path: summary.htmlPath) }
        let files =
            [
                OutputFile(path: ReportPaths.markdown(kind: record.kind, id: record.id), bytes: output.markdown),
                OutputFile(path: summary.htmlPath, bytes: html),
            ] + report.extraFiles
        if let linkTargets {
            let own = Set(files.map(\.path))
            let broken = files.flatMap { file in
                LinkCheck.diagnostics(for: file, outputFolder: linkTargets.outputFolder) {
                    own.contains($0) || linkTargets.paths.contains($0)
                }
            }
            if !broken.isEmpty { throw TemplateErrors(diagnostics: broken) }
        }
        return (files, summary)
    }
}
