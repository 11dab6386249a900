/// A record's report, whatever the kind of record: what `ReportRenderer` needs to make its files.
///
/// One protocol over the family of reports (compare Ink's `Fragment` and Plot's `Component`); `ReportFactory` makes
/// the right one for a record, so the renderer never switches on the kind.
protocol Report {
    /// The report's Markdown template.
    var template: String { get }
    /// The appendix template, rendered with the same view model and added when it is not blank.
    var appendixTemplate: String { get }
    /// The page title.
    var title: String { get }
    /// The report's line in the reports index (its `htmlPath` is where the HTML report goes).
    var summary: ReportSummary { get }
    /// The view model of the template and the appendix template.
    var viewModel: any ViewModel { get }
    /// Files the report links to besides its Markdown and HTML, such as a stack's adherence chart.
    var extraFiles: [OutputFile] { get }
    /// Images of the Markdown that the HTML page shows inline rather than linking, such as the adherence chart.
    var inlineFigures: [InlineFigure] { get }
    /// Texts the rendered report must show, each with what it is (checked by `ReportGuardrail`): at least the
    /// disclaimer, which the layout then leaves out of the report's footer.
    func requiredTexts(disclaimer: String) -> [(what: String, text: String)]
}

extension Report {
    var extraFiles: [OutputFile] { [] }
    var inlineFigures: [InlineFigure] { [] }

    func requiredTexts(disclaimer: String) -> [(what: String, text: String)] {
        [(what: "the disclaimer from site.yml", text: disclaimer)]
    }
}
