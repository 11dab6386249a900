import ArgumentParser
import CarePress

struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Print the knowledge store's top three conditions for a concern in a patient's words.",
        discussion: """
            With --lines, reads concerns from standard input, one a line, and prints a result for each, in order \
            (with --json, one JSON object a line: JSON Lines), matching them all in one run.
            """)

    @Argument(help: "The concern, e.g. \"my knee hurts going down stairs\".")
    var concern: String?

    @Flag(help: "Read the concerns from standard input, one a line, instead of the argument.")
    var lines = false

    @Option(help: ArgumentHelp("Only consider conditions of this body area.", valueName: "id"))
    var area: String?

    @Flag(help: "Print one JSON object for scripts.")
    var json = false

    @OptionGroup var contentOptions: ContentOptions

    func validate() throws {
        switch (concern, lines) {
        case (nil, false): throw ValidationError("Missing expected argument '<concern>' (or --lines, to read them)")
        case (.some, true): throw ValidationError("give a concern or --lines, not both")
        case (let concern?, false):
            if let problem = MatchReport.lengthProblem(concern) { throw ValidationError(problem) }
        case (nil, true): break
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
        guard lines else {
            let report = MatchReport(concern: concern ?? "", area: area, knowledge: project.knowledge)
            try Terminal.outputLine(json ? report.json : report.text)
            if !knowledgeErrors.isEmpty { throw ExitCode(1) }
            return
        }
        var concerns: [String] = []
        while let line = readLine(strippingNewline: true) { concerns.append(line) }
        let (output, problems) = MatchReport.lines(concerns, area: area, knowledge: project.knowledge, json: json)
        Terminal.report(problems)
        try Terminal.output(Array(output.utf8))
        if !knowledgeErrors.isEmpty || !problems.isEmpty { throw ExitCode(1) }
    }
}
