/// Renders any record's report as its Markdown and HTML files.
public struct ReportRenderer: Sendable {
    /// The project the records belong to.
    public let project: SiteProject
    /// The page renderer of the build.
    public let pages: PageRenderer

    /// The templates reports need.
    public static let templates = ["reports/consult.md", "reports/physio.md", "reports/stack.md"]

    /// Creates a renderer.
    public init(project: SiteProject, pages: PageRenderer) {
        self.project = project
        self.pages = pages
    }

    /// The report's files (Markdown then HTML) and its line in the reports index.
    public func render(_ record: Record) throws(TemplateErrors) -> (files: [OutputFile], summary: ReportSummary) {
        let template: String
        let context: [String: Any]
        let summary: ReportSummary
        let title: String
        switch record {
        case .consult(let consult):
            guard let schema = project.schemas[consult.schemaID] else {
                preconditionFailure("a valid consult always has a loaded schema")
            }
            let report = ConsultReport(consult: consult, schema: schema, knowledge: project.knowledge)
            (template, context, summary, title) = (ConsultReport.template, report.context, report.summary, report.title)
        case .physio(let physio):
            let report = PhysioReport(physio: physio, knowledge: project.knowledge)
            (template, context, summary, title) = (PhysioReport.template, report.context, report.summary, report.title)
        case .stack(let stack):
            let report = StackReport(stack: stack)
            (template, context, summary, title) = (StackReport.template, report.context, report.summary, report.title)
        }
        let page = PageRenderer.Page(
            path: summary.htmlPath, title: title,
            breadcrumbs: [.init("Home", "index.html"), .init("Reports", "reports/index.html"), .init(title)],
            kind: "report \(record.kind.rawValue)", isStandalone: true)
        let output = try pages.render(template, context, page: page)
        let markdownPath = ReportPaths.markdown(kind: record.kind, id: record.id)
        return (
            [
                OutputFile(path: markdownPath, text: output.markdown),
                OutputFile(path: summary.htmlPath, text: output.html),
            ], summary
        )
    }
}
