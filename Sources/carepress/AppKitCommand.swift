import ArgumentParser
import CarePress

struct AppKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-kit",
        abstract: "Write the physio app's kit: the knowledge store as Swift source, the offline guide and kit.json.",
        discussion: """
            Writes <output>/Swift/ (BodyArea, KnowledgeStore, Exercises, Phases and the matcher, Foundation only), \
            <output>/Guide/ (the guide site without reports, for the app bundle) and <output>/kit.json, and prints \
            the prompt budget. Fails when the longest injected context is over 300 tokens.
            """)

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var themeOptions: ThemeOptions

    @Option(help: ArgumentHelp("The kit folder.", valueName: "dir"))
    var output = "AppKit"

    func run() throws {
        let report = AppKitBuilder.build(
            AppKitOptions(
                contentPath: contentOptions.content, templatesPath: themeOptions.templates, outputPath: output))
        Terminal.report(report.diagnostics)
        for line in report.summary(outputPath: output) { try Terminal.outputLine(line) }
        if report.hasErrors { throw ExitCode(1) }
    }
}
