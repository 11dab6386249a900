import ArgumentParser
import CarePress
import Foundation

@main
struct CarePressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carepress",
        abstract: "Turns consult records into patient reports and builds the offline recovery guide.",
        discussion: "Exit status: 0 success; 1 content errors (everything valid was still written); 2 usage errors.",
        version: "carepress \(CarePressVersion.description)\nallocator: \(Allocator.name)",
        subcommands: [
            InitCommand.self, BuildCommand.self, CheckCommand.self, ExportCommand.self, MatchCommand.self,
            MarkdownCommand.self, ServeCommand.self, ThemeCommand.self, AppKitCommand.self,
        ]
    )

    /// Runs the command, exiting with status 2 (not swift-argument-parser's 64) on a usage error.
    static func main() {
        // A closed pipe on stdout must show as EPIPE, reported, not as a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
