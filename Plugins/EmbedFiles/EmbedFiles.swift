import Foundation
import PackagePlugin

/// Embeds the default theme (`Templates/`), the sample project (`Content/`) and the matcher's source
/// (`Sources/CarePress/Matching/`) in the CarePress library, so that a binary copied alone has them.
///
/// The generated Swift file is rebuilt whenever one of those files changes, so it can never drift from them.
/// A second generated file holds the git commit of the package, read from `.git` when there is one (a source
/// archive has none, and then the commit is simply unknown), for `carepress --version`.
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
        let tool = try context.tool(named: "carepress-embed").url
        let commitFile = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Embedding the theme, the sample project and the matcher source",
                executable: tool, arguments: arguments, inputFiles: inputs, outputFiles: [output]),
            // The tool reads the commit from the git files; they are its inputs, so it runs again after a commit or a
            // checkout (a file that is missing, such as .git outside a checkout, counts as an input too).
            .buildCommand(
                displayName: "Recording the git commit",
                executable: tool, arguments: ["--commit", commitFile.path, package.path],
                inputFiles: Self.gitFiles(of: package), outputFiles: [commitFile]),
        ]
    }

    /// The files that say which commit the package's git work tree has checked out: `HEAD` and its reflog, the
    /// branch's loose ref and `packed-refs` (found through `.git`, a folder, or a file `gitdir: <path>` in a linked
    /// work tree).
    static func gitFiles(of package: URL) -> [URL] {
        let dotGit = package.appending(path: ".git")
        var gitDirectory = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        var common = gitDirectory
        if let text = try? String(contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDirectory.appending(path: path)
        }
        // The reflog of HEAD changes with every commit and checkout, even when the branch's ref is packed.
        var files = [
            dotGit, gitDirectory.appending(path: "HEAD"), gitDirectory.appending(path: "logs/HEAD"),
            common.appending(path: "packed-refs"),
        ]
        if let head = try? String(contentsOf: gitDirectory.appending(path: "HEAD"), encoding: .utf8),
            head.hasPrefix("ref:")
        {
            let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files += [gitDirectory.appending(path: ref), common.appending(path: ref)]
        }
        // Only files that exist: a missing input stops the build. Outside a checkout there are none, and the
        // commit is recorded as unknown.
        var isDirectory: ObjCBool = false
        return files.filter {
            FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
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
