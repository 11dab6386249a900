import ArgumentParser

/// The `--templates` option shared by the commands that render with the theme.
struct ThemeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A theme folder that overrides the project's Templates/ and the built-in theme, file by file.",
            valueName: "dir"))
    var templates: String?
}
