import ArgumentParser
import CarePress

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the content and the theme only; print path:line:column: error: message for each problem.",
        discussion: """
            Does everything build does but write: every record's report, the guide, the reports index and the home \
            page are rendered in memory and checked (templates, the report guardrail, links), so check finds every \
            error build finds, except those of writing. Nothing is written; --output only names the pages in \
            diagnostics, as build would name them.
            """)

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var themeOptions: ThemeOptions

    @Option(
        help: ArgumentHelp(
            "The output folder build would write to (it only names pages in diagnostics).", valueName: "dir")
    )
    var output = "Output"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Records checked at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        try OptionValue.checkJobs(jobs)
    }

    func run() throws {
        let report = SiteBuilder.check(
            contentPath: contentOptions.content, templatesPath: themeOptions.templates, outputPath: output,
            jobs: jobs ?? BuildOptions.defaultJobs)
        Terminal.report(report.diagnostics)
        Terminal.error(report.checkSummary)
        if report.hasErrors { throw ExitCode(1) }
    }
}
