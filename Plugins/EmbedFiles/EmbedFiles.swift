import Foundation
import PackagePlugin

/// Embeds the default theme (`Templates/`), the sample project (`Content/`) and the matcher's source
/// (`Sources/CarePress/Matching/`) in the CarePress library, so that a binary copied alone has them.
///
/// The generated Swift file is rebuilt whenever one of those files changes, so it can never drift from them.
@main
struct EmbedFiles: BuildToolPlugin {
    /// The folders embedded, by the name the library knows them by, relative to the package.
    static let folders = [
        ("theme", "Templates"),
        ("sample", "Content"),
        ("matcher", "Sources/CarePress/Matching"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        var arguments = [output.path]
        var inputs: [URL] = []
        for (name, folder) in Self.folders {
            let root = package.appending(path: folder)
            arguments += [name, root.path]
            inputs += Self.files(under: root)
        }
        return [
            .buildCommand(
                displayName: "Embedding the theme, the sample project and the matcher source",
                executable: try context.tool(named: "carepress-embed").url,
                arguments: arguments, inputFiles: inputs, outputFiles: [output])
        ]
    }

    /// Every visible file under a folder.
    static func files(under root: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files
    }
}
