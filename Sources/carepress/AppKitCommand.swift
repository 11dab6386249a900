import ArgumentParser
import CarePress

struct AppKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-kit",
        abstract: "Write the physio app's kit: the knowledge store as Swift source, the offline guide and kit.json.",
        discussion: """
            Writes <output>/Swift/ (BodyArea, KnowledgeStore, Exercises, Phases and the matcher, Foundation only), \
            <output>/Guide/ (the guide site without reports, for the app bundle) and <output>/kit.json, and prints \
            the prompt budget. The kit is made and checked in memory first: with any error (the content, the \
            guide's links, a longest injected context over 300 tokens, a kit over the app's 25 MB, an unreadable \
            kit.json), nothing is written and the previous kit stays as it was. An area keeps the BodyArea case name \
            that the previous kit's kit.json records; a new area whose name is taken gets a suffix (_2, _3, ...).
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
