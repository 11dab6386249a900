/// Renders any record's report as its Markdown and HTML files (and, for a tracked stack, its adherence chart).
public struct ReportRenderer: Sendable {
    /// The project the records belong to.
    public let project: SiteProject
    /// The page renderer of the build.
    public let pages: PageRenderer
    /// The condition matcher over the project's knowledge store, for physio reports without a known condition.
    let matcher: ConditionMatcher
    /// The files a report may link to besides its own (the build's shared pages and assets), with the output folder
    /// that names pages in diagnostics; nil skips the link check (a single-record export).
    let linkTargets: (outputFolder: String, paths: Set<String>)?

    /// The templates reports need.
    public static let templates = [
        ConsultReport.template, PhysioReport.template, StackReport.template, TranscriptView.template,
        StackReport.appendixTemplate,
    ]

    /// Creates a renderer; with `linkTargets`, a report whose links lead to no file of the build is an error.
    public init(
        project: SiteProject, pages: PageRenderer, linkTargets: (outputFolder: String, paths: Set<String>)? = nil
    ) {
        self.project = project
        self.pages = pages
        self.matcher = ConditionMatcher(knowledge: project.knowledge)
        self.linkTargets = linkTargets
    }

    /// A valid record's line in the reports index, without rendering its report (for other shards' records).
    func summary(of record: Record) -> ReportSummary? {
        switch record {
        case .consult(let consult):
            guard let schema = project.schemas[consult.schemaID] else { return nil }
            return ConsultReport(consult: consult, schema: schema, knowledge: project.knowledge).summary
        case .physio(let physio):
            return PhysioReport(physio: physio, knowledge: project.knowledge, matcher: matcher).summary
        case .stack(let stack):
            return StackReport(stack: stack).summary
        }
    }

    /// The report's files (Markdown, HTML, then any image it links) and its line in the reports index.
    ///
    /// A physio report whose Markdown does not show the disclaimer and every red flag of the conditions it shows is
    /// not written: the error names the physio template.
    public func render(_ record: Record) throws(TemplateErrors) -> (files: [OutputFile], summary: ReportSummary) {
        let template: String
        let appendix: String
        let context: [String: Any]
        let summary: ReportSummary
        let title: String
        var images: [OutputFile] = []
        var required: [(what: String, text: String)] = []
        switch record {
        case .consult(let consult):
            guard let schema = project.schemas[consult.schemaID] else {
                preconditionFailure("a valid consult always has a loaded schema")
            }
            let report = ConsultReport(consult: consult, schema: schema, knowledge: project.knowledge)
            (template, appendix) = (ConsultReport.template, TranscriptView.template)
            (context, summary, title) = (report.context, report.summary, report.title)
        case .physio(let physio):
            let report = PhysioReport(physio: physio, knowledge: project.knowledge, matcher: matcher)
            (template, appendix) = (PhysioReport.template, TranscriptView.template)
            (context, summary, title) = (report.context, report.summary, report.title)
            required = report.requiredTexts(disclaimer: pages.site.disclaimer)
        case .stack(let stack):
            let report = StackReport(stack: stack)
            (template, appendix) = (StackReport.template, StackReport.appendixTemplate)
            (context, summary, title) = (report.context, report.summary, report.title)
            images = report.chart.map { [$0] } ?? []
        }
        let page = PageRenderer.Page(
            path: summary.htmlPath, title: title,
            breadcrumbs: [.init("Home", "index.html"), .init("Reports", ReportsIndex.path), .init(title)],
            kind: "report \(record.kind.rawValue)", isStandalone: true)
        let output = try pages.render(template, context, page: page, appendix: appendix)
        if !required.isEmpty {
            let main = output.appendixMarkdown.map { String(output.markdown.dropLast($0.count)) } ?? output.markdown
            try ReportGuardrail.check(main, shows: required, templatePath: pages.templates.path(of: template))
        }
        let markdownPath = ReportPaths.markdown(kind: record.kind, id: record.id)
        let files =
            [
                OutputFile(path: markdownPath, text: output.markdown),
                OutputFile(path: summary.htmlPath, text: output.html),
            ] + images
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
