import ArgumentParser
import Foundation

@main
struct CarePressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carepress",
        abstract: "Turns consult records into patient reports and builds the offline recovery guide.",
        subcommands: [MarkdownCommand.self]
    )

    /// Runs the command line, exiting with status 2 (not ArgumentParser's 64) for usage errors.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else {
                exit(withError: error)
            }
            try? FileHandle.standardError.write(contentsOf: Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
