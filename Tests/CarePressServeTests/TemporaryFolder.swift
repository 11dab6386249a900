import Foundation

/// A fresh temporary folder for a test, removed when the last reference goes away.
final class TemporaryFolder: Sendable {
    /// The folder's absolute path, symbolic links resolved (so paths compare with what the code under test sees).
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carepress-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.resolvingSymlinksInPath().path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of a file in the folder.
    func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes a file, creating its folders.
    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Reads a file as text.
    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }
}
