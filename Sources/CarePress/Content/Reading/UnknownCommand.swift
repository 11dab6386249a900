/// What to say of a first argument that names no subcommand: `carepress bild`.
public enum UnknownCommand {
    /// `unknown command 'bild'; did you mean 'build'?` (the nearest command by edit distance, or the list of them),
    /// for the parser to print as its usage errors; nil when `word` is one of `commands` or is an option (`-h`,
    /// `--version`), which the parser handles.
    public static func message(for word: String, commands: [String]) -> String? {
        guard !word.hasPrefix("-"), !commands.contains(word) else { return nil }
        let hint =
            Suggestion.closest(to: word, in: commands).map { "did you mean '\($0)'?" }
            ?? "the commands are " + commands.joined(separator: ", ")
        return "unknown command '\(DisplayText.escaped(word))'; \(hint)"
    }
}
