import CarePress
import Foundation

/// A site project in a fresh temporary folder, written file by file from strings, for tests; the folder is removed
/// when the last reference to the project goes away, so test runs do not fill the disk.
final class TemporaryProject: Sendable {
    /// The project folder.
    let root: URL

    /// The repository root, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A new empty folder.
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carepress-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A project with a valid minimal knowledge store, site settings and the example questionnaire.
    static func minimal() throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Content/site.yml", Samples.site)
        try project.write("Content/knowledge/body-areas.yml", Samples.bodyAreas)
        try project.write("Content/knowledge/phases.yml", Samples.phases)
        try project.write("Content/knowledge/emergency-signs.yml", Samples.emergencySigns)
        for (name, text) in Samples.exercises { try project.write("Content/knowledge/exercises/\(name).yml", text) }
        try project.write("Content/knowledge/conditions/patellofemoral-pain-syndrome.yml", Samples.condition)
        try project.write("Content/schemas/hair-loss.json", Samples.hairLossSchema)
        return project
    }

    /// The path of a file in the project.
    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Writes a file, creating its folders.
    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    /// Writes bytes to a file, creating its folders.
    func write(_ relative: String, _ data: Data) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Reads a file of the project as text.
    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The default theme of the repository.
    static var defaultTemplates: String { repository.appendingPathComponent("Templates").path }

    /// Build options for this project, with the repository's default theme.
    func buildOptions(output: String = "Output") -> BuildOptions {
        BuildOptions(contentPath: path("Content"), templatesPath: Self.defaultTemplates, outputPath: path(output))
    }

    /// Every file under a folder of the project, as sorted relative paths.
    func files(under relative: String) -> [String] {
        Self.listFiles(under: root.appendingPathComponent(relative).path)
    }

    /// Every file under a folder, as sorted relative paths.
    static func listFiles(under base: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var result: [String] = []
        for case let file as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + file, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(file)
            }
        }
        return result.sorted()
    }
}
