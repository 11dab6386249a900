extension ThemeSource {
    /// Writes the embedded theme into a folder (made if missing), creating only files that are not there yet.
    public static func exportEmbedded(to folder: String) throws(NewFileWriter.Failure) -> NewFileWriter.Outcome {
        let theme = EmbeddedFolder.theme
        return try NewFileWriter.write(theme.paths.map { ($0, theme.files[$0] ?? []) }, into: folder)
    }
}
