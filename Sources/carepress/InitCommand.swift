import ArgumentParser
import CarePress

/// `carepress init`: a new site project, from the sample built into carepress.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site project that builds at once.",
        discussion: """
            Writes Content/ (site settings, the sample knowledge store and guide pages, one consult questionnaire and \
            consult, one physio record, one stack with a tracking log), a README.md and a .gitignore. The folder must \
            be empty or new (a .git folder is allowed); no file is ever overwritten.
            """)

    @Argument(
        help: ArgumentHelp("The folder to create the project in (default: the current folder).", valueName: "dir"))
    var folder = "."

    func run() throws {
        switch StarterProject.create(in: folder) {
        case .success(let outcome):
            let place = folder == "." ? "this folder" : folder
            var lines = ["Created a CarePress project in \(place): \(outcome.created.count) files.", "Next:"]
            if folder != "." { lines.append("  cd \(folder)") }
            lines.append("  carepress serve    # preview at http://127.0.0.1:8000/, rebuilt as you edit")
            lines.append("  carepress build    # write the site and the reports into Output/")
            try Terminal.outputLine(lines.joined(separator: "\n"))
        case .failure(let refusal):
            Terminal.error("error: \(refusal)" + (refusal.hint.map { "\n    hint: \($0)" } ?? ""))
            throw ExitCode(refusal.isUsageError ? 2 : 1)
        }
    }
}
