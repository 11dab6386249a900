import ArgumentParser
import CarePress
import Foundation

@main
struct CarePressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carepress",
        abstract: "Turns consult records into patient reports and builds the offline recovery guide.",
        discussion: """
            Exit status: 0 success; 1 content errors (everything valid was still written); 2 usage errors; 75 the \
            output folder is busy with another build (build --no-wait): nothing was written, try again later.

            Shell completions: `carepress --generate-completion-script bash` (or zsh, fish) prints a script for \
            your shell; for bash, save it as ~/.local/share/bash-completion/completions/carepress; for zsh, as \
            _carepress in a folder of your $fpath; for fish, as ~/.config/fish/completions/carepress.fish.
            """,
        version: "carepress \(CarePressVersion.description)\nallocator: \(Allocator.name)",
        subcommands: [
            InitCommand.self, BuildCommand.self, CheckCommand.self, ExportCommand.self, MatchCommand.self,
            MarkdownCommand.self, ServeCommand.self, ThemeCommand.self, AppKitCommand.self,
        ]
    )

    /// Runs the command and exits: 0, or the command's status, or 2 (not swift-argument-parser's 64) on a usage error;
    /// a run that could not write a message to standard error exits 1 rather than 0 (see
    /// docs/reference/limits-and-guarantees.md, "Standard output and standard error").
    static func main() {
        // A closed pipe on stdout or stderr must show as EPIPE, reported, not as a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        StreamWriter.holdClosedStandardDescriptors()
        var status: Int32 = 0
        // A mistyped subcommand gets the nearest one (swift-argument-parser only says the argument is unexpected).
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if let word = CommandLine.arguments.dropFirst().first,
            let message = UnknownCommand.message(for: word, commands: names)
        {
            Foundation.exit(say(ValidationError(message)))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            status = say(error)
        }
        Foundation.exit(status == 0 && StreamWriter.standardErrorFailed ? 1 : status)
    }

    /// Says what ended the run, as swift-argument-parser's `exit(withError:)` does (help and the version on standard
    /// output, everything else on standard error) but through the checked writers; returns the exit status.
    static func say(_ error: any Error) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .validationFailure {
            Terminal.error(message)
            return 2
        }
        if code == .success {
            do {
                if !message.isEmpty { try Terminal.outputLine(message) }
            } catch {
                return 1
            }
            return 0
        }
        if !message.isEmpty { Terminal.error(message) }
        return code.rawValue
    }
}
