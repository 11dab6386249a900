import ArgumentParser
import CarePress

struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Print the knowledge store's top three conditions for a concern in a patient's words.")

    @Argument(help: "The concern, e.g. \"my knee hurts going down stairs\".")
    var concern: String

    @Option(help: ArgumentHelp("Only consider conditions of this body area.", valueName: "id"))
    var area: String?

    @Flag(help: "Print one JSON object for scripts.")
    var json = false

    @OptionGroup var contentOptions: ContentOptions

    func validate() throws {
        let length = concern.unicodeScalars.count
        if length > ConditionMatcher.maximumConcernLength {
            throw ValidationError(
                "the concern is \(length) characters long; at most \(ConditionMatcher.maximumConcernLength) are matched "
                    + "(a concern in a patient's words, not a document)")
        }
    }

    func run() throws {
        let project = SiteProject.load(from: contentOptions.content)
        let knowledgeErrors = project.diagnostics.filter { $0.severity == .error && $0.file.contains("/knowledge/") }
        Terminal.report(knowledgeErrors)
        if let area, project.knowledge.area(area) == nil {
            let ids = project.knowledge.areas.map(\.id).joined(separator: ", ")
            throw ValidationError("unknown body area '\(area)'; valid areas: \(ids)")
        }
        let report = MatchReport(concern: concern, area: area, knowledge: project.knowledge)
        try Terminal.outputLine(json ? report.json : report.text)
        if !knowledgeErrors.isEmpty { throw ExitCode(1) }
    }
}
