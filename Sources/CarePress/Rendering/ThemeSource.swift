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
    /// Folders and files of the folder layers that could not be listed or read, for a reason other than their absence
    /// (`too many open files (EMFILE)`, a link that loops, a file where the folder should be, a FIFO, which is refused
    /// without waiting for a writer): errors, so that the theme built into carepress never silently stands in for them.
    public let failures: [Diagnostic]

    /// The theme of a project: `--templates` (when given), then the `Templates/` folder beside the content folder
    /// (when it exists), then the embedded theme.
    public init(templates option: String?, contentPath: String) {
        var layers: [ThemeLayer] = []
        var missing: [String] = []
        var failures: [Diagnostic] = []
        if let option {
            switch Self.folderState(option) {
            case .folder: layers.append(.option(option))
            case .missing: missing.append(option)
            case .failed(let code): failures.append(FileSystemFailure.unlisted(option, errno: code))
            }
        }
        let project = Self.projectTemplates(contentPath: contentPath)
        if option.map({ Self.canonical($0) != Self.canonical(project) }) ?? true {
            switch Self.folderState(project) {
            case .folder: layers.append(.project(project))
            case .missing: break
            case .failed(let code): failures.append(FileSystemFailure.unlisted(project, errno: code))
            }
        }
        layers.append(.embedded)
        self.init(layers: layers, missingFolders: missing, failures: failures)
    }

    /// A theme made of the given layers, most specific first; `failures` are those found before (see `failures`).
    public init(layers: [ThemeLayer], missingFolders: [String] = [], failures: [Diagnostic] = []) {
        self.layers = layers
        self.missingFolders = missingFolders
        var failures = failures
        var files: [String: ThemeFile] = [:]
        for layer in layers.reversed() {
            switch layer {
            case .option(let folder), .project(let folder):
                let listing = Self.listFiles(under: folder)
                failures += listing.failures
                for relative in listing.files {
                    let path = folder.appendingPathComponent(relative)
                    switch FileBytes.contents(path) {
                    case .success(let bytes):
                        files[relative] = ThemeFile(layer: layer, path: path, bytes: bytes)
                    case .failure(.system(ENOENT)):
                        // Removed since it was listed: no longer there.
                        continue
                    case .failure(let failure):
                        let log = DiagnosticLog(file: path)
                        SourceFile.report(failure, log: log)
                        failures += log.diagnostics
                    }
                }
            case .embedded:
                for (relative, bytes) in EmbeddedFolder.theme.files {
                    files[relative] = ThemeFile(layer: layer, path: layer.path(of: relative), bytes: bytes)
                }
            }
        }
        self.files = files
        self.failures = failures
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

    /// What is at a theme folder's path: a folder (or a link to one), nothing, or something that fails (its `errno`,
    /// `ENOTDIR` for a file).
    private enum FolderState {
        case folder
        case missing
        case failed(Int32)
    }

    private static func folderState(_ path: String) -> FolderState {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? .missing : .failed(errno) }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .failed(ENOTDIR)
    }

    /// Every regular file under a folder (following links to files, not to folders), as sorted relative paths,
    /// skipping hidden names; and the errors of what could not be listed or looked at, or is neither a file nor a
    /// folder (a FIFO, a socket), for a reason other than its absence.
    static func listFiles(under folder: String) -> (files: [String], failures: [Diagnostic]) {
        var files: [String] = []
        var failures: [Diagnostic] = []
        let unwalked = FolderWalker(links: .toFiles).walk(folder) { entry in
            if entry.kind == .file {
                files.append(entry.path)
            } else if case .other(let type) = entry.kind {
                let log = DiagnosticLog(file: folder.appendingPathComponent(entry.path))
                log.report(SourceFile.notRegularFile(FileBytes.kind(of: type)))
                failures += log.diagnostics
            }
            return true
        }
        for failure in unwalked {
            switch failure.stage {
            case .listing: failures.append(FileSystemFailure.unlisted(failure.path, errno: failure.errno))
            case .lookingAt: failures.append(FileSystemFailure.unreadable(failure.path, errno: failure.errno))
            }
        }
        return (files.sorted(), failures)
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
