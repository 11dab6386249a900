/// One place theme files are read from; a file in an earlier layer overrides the same path in later ones.
public enum ThemeLayer: Sendable, Hashable {
    /// The folder given with `--templates`.
    case option(String)
    /// The project's own `Templates/` folder, beside its content folder.
    case project(String)
    /// The default theme compiled into carepress (`EmbeddedFolder.theme`).
    case embedded

    /// The folder on disk, nil for the embedded theme.
    public var folder: String? {
        switch self {
        case .option(let folder), .project(let folder): folder
        case .embedded: nil
        }
    }

    /// How messages name the layer, e.g. `--templates my-theme`.
    public var description: String {
        switch self {
        case .option(let folder): "--templates \(folder)"
        case .project(let folder): folder
        case .embedded: "the theme built into carepress"
        }
    }

    /// The path messages give for a file of this layer: on disk, or under `<embedded theme>/`.
    public func path(of relative: String) -> String {
        switch self {
        case .option(let folder), .project(let folder): folder.appendingPathComponent(relative)
        case .embedded: ThemeLayer.embeddedPrefix + relative
        }
    }

    /// What paths of the embedded theme start with in messages.
    public static let embeddedPrefix = "<embedded theme>/"
}
