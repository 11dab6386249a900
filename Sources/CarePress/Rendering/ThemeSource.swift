import Foundation

/// The theme a build renders with: the embedded default theme, overridden file by file by the project's
/// `Templates/` and then by `--templates DIR`.
///
/// A project overrides one template by placing a file at the same relative path (`reports/consult.md.mustache`);
/// everything else still comes from the embedded theme. The files are read once, when the source is made.
public struct ThemeSource: Sendable {
    /// The layers, most specific first: `--templates`, the project's `Templates/`, the embedded theme.
    public let layers: [ThemeLayer]
    /// The effective theme: for each relative path, the file of the first layer that has it.
    public let files: [String: ThemeFile]
    /// Folders named with `--templates` that do not exist.
    public let missingFolders: [String]
    /// Errors for the files of the folder layers that were not read: not regular files (a FIFO is refused without
    /// waiting for a writer), or files that cannot be read. The theme is used without them only by a caller that
    /// ignores these; `TemplateSet.load` reports them.
    public let unreadable: [Diagnostic]

    /// The theme of a project: `--templates` (when given), then the `Templates/` folder beside the content folder
    /// (when it exists), then the embedded theme.
    public init(templates option: String?, contentPath: String) {
        var layers: [ThemeLayer] = []
        var missing: [String] = []
        if let option {
            if Self.isFolder(option) { layers.append(.option(option)) } else { missing.append(option) }
        }
        let project = Self.projectTemplates(contentPath: contentPath)
        if Self.isFolder(project),
            option.map({ Self.canonical($0) != Self.canonical(project) }) ?? true
        {
            layers.append(.project(project))
        }
        layers.append(.embedded)
        self.init(layers: layers, missingFolders: missing)
    }

    /// A theme made of the given layers, most specific first.
    public init(layers: [ThemeLayer], missingFolders: [String] = []) {
        self.layers = layers
        self.missingFolders = missingFolders
        var files: [String: ThemeFile] = [:]
        var unreadable: [Diagnostic] = []
        for layer in layers.reversed() {
            switch layer {
            case .option(let folder), .project(let folder):
                for relative in TemplateSet.listFiles(under: folder) {
                    let path = folder.appendingPathComponent(relative)
                    switch FileBytes.contents(path) {
                    case .success(let bytes):
                        files[relative] = ThemeFile(layer: layer, path: path, bytes: bytes)
                    case .failure(let failure):
                        let log = DiagnosticLog(file: path)
                        SourceFile.report(failure, log: log)
                        unreadable += log.diagnostics
                    }
                }
            case .embedded:
                for (relative, bytes) in EmbeddedFolder.theme.files {
                    files[relative] = ThemeFile(layer: layer, path: layer.path(of: relative), bytes: bytes)
                }
            }
        }
        self.files = files
        self.unreadable = unreadable
    }

    /// The embedded default theme alone.
    public static let embedded = ThemeSource(layers: [.embedded])

    /// The `Templates/` folder of the project whose content folder is `contentPath`: its sibling (`../Templates` for
    /// a content folder given as `.`).
    public static func projectTemplates(contentPath: String) -> String {
        let name = PathText.lastComponent(of: contentPath)
        let parent =
            name == "." || name == ".."
            ? contentPath.appendingPathComponent("..") : PathText.parent(of: contentPath)
        return parent.isEmpty ? "Templates" : parent.appendingPathComponent("Templates")
    }

    /// The relative paths of the effective theme, in byte order.
    public var paths: [String] {
        files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Where a file of this relative path is read from, or would be looked for first, for messages.
    public func path(of relative: String) -> String {
        files[relative]?.path ?? (layers.first ?? .embedded).path(of: relative)
    }

    /// The lookup order in words, for messages: `--templates x, then Templates, then the theme built into carepress`.
    public var lookupOrder: String {
        layers.map(\.description).joined(separator: ", then ")
    }

    /// A digest of the effective theme: every relative path with its bytes, so any change of any layer that changes
    /// what a build reads changes it, and a change hidden by a more specific layer does not.
    public var digest: ContentDigest {
        var hasher = ContentHasher()
        for relative in paths {
            hasher.combine(relative)
            hasher.combine(ContentDigest(files[relative]?.bytes ?? []))
        }
        return hasher.finalize()
    }

    /// Warnings for files of the folder layers that change nothing: a path that is no theme file, no asset (files
    /// under `assets/` are copied to the output) and no partial that a template uses; each with a did-you-mean.
    public func unusedOverrides(partialsUsed: Set<String>) -> [Diagnostic] {
        let themePaths = EmbeddedFolder.theme.paths
        var diagnostics: [Diagnostic] = []
        for relative in paths {
            guard let file = files[relative], file.layer != .embedded else { continue }
            if EmbeddedFolder.theme.files[relative] != nil || relative.hasPrefix("assets/") { continue }
            if relative.hasSuffix(".mustache"), partialsUsed.contains(String(relative.dropLast(".mustache".count))) {
                continue
            }
            let guess =
                Suggestion.closest(to: relative, in: themePaths)
                ?? Suggestion.closest(to: relative + ".mustache", in: themePaths)
            diagnostics.append(
                Diagnostic(
                    .warning, file: file.path, position: .start,
                    message: "this file overrides no theme file, and no template uses it",
                    hint: guess.map { "did you mean '\($0)'?" }
                        ?? "the theme's files are listed by 'carepress theme export DIR', which writes them out"))
        }
        return diagnostics
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
