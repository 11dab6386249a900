import Foundation

/// A fresh temporary folder for a test (a project, an output folder, scratch space), written file by file from
/// strings; removed when the last reference to it goes away, so test runs do not fill the disk. The one way the test
/// targets make temporary folders (`TemporaryProject.minimal()` and the samples add a project's files to one).
public final class TemporaryProject: Sendable {
    /// The folder, with the symbolic links on the way to it resolved, so its paths compare with what the code under
    /// test sees.
    public let root: URL

    /// The repository root, found from this file's path.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A new empty folder, `carepress-<label>-<UUID>` in the system's temporary folder.
    public init(_ label: String = "test") throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carepress-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        root = url.resolvingSymlinksInPath()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The folder's absolute path.
    public var path: String { root.path }

    /// The path of a file in the folder.
    public func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The URL of a file in the folder.
    public func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Writes a file, creating its folders.
    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    /// Writes bytes to a file, creating its folders.
    public func write(_ relative: String, _ data: Data) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Reads a file of the folder as text.
    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under a folder of the project, as sorted relative paths.
    public func files(under relative: String) -> [String] {
        Self.listFiles(under: root.appendingPathComponent(relative).path)
    }

    /// Every file under a folder, as sorted relative paths.
    public static func listFiles(under base: String) -> [String] {
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
