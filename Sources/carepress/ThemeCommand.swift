import ArgumentParser

/// `carepress theme`: the theme built into carepress.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the theme built into carepress.",
        discussion: """
            Templates are looked up file by file: in --templates DIR, then in the project's Templates/, then in the \
            built-in theme. To change one template, put a file at the same path under Templates/.
            """,
        subcommands: [ThemeExportCommand.self])
}
