import ArgumentParser

@main
struct CarePressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carepress",
        abstract: "Turns consult records into patient reports and builds the offline recovery guide.",
        subcommands: []
    )
}
