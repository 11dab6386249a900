import ArgumentParser
import CarePress

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the content and the theme only; print path:line:column: error: message for each problem.")

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var themeOptions: ThemeOptions

    @Option(help: ArgumentHelp("Records checked at once (default: the number of cores).", valueName: "n"))
    var jobs = BuildOptions.defaultJobs

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
    }

    func run() throws {
        let report = SiteBuilder.check(
            contentPath: contentOptions.content, templatesPath: themeOptions.templates, jobs: jobs)
        Terminal.report(report.diagnostics)
        Terminal.error(report.checkSummary)
        if report.hasErrors { throw ExitCode(1) }
    }
}
