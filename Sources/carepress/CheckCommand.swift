import ArgumentParser
import CarePress

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the content only; print path:line:column: error: message for each problem.")

    @OptionGroup var contentOptions: ContentOptions

    func run() throws {
        let report = SiteBuilder.check(contentPath: contentOptions.content)
        Terminal.report(report.diagnostics)
        Terminal.error(report.checkSummary)
        if report.hasErrors { throw ExitCode(1) }
    }
}
