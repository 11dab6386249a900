import ArgumentParser
import CarePress

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Validate everything, then write the guide site and every valid record's report.")

    @OptionGroup var contentOptions: ContentOptions

    @Option(help: ArgumentHelp("The theme folder.", valueName: "dir"))
    var templates = "Templates"

    @Option(help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output = "Output"

    func run() throws {
        let report = SiteBuilder.build(
            BuildOptions(contentPath: contentOptions.content, templatesPath: templates, outputPath: output))
        Terminal.report(report.diagnostics)
        Terminal.error(report.buildSummary(outputPath: output))
        if report.hasErrors { throw ExitCode(1) }
    }
}
