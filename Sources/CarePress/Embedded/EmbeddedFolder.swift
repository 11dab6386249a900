import Foundation

/// The files compiled into the binary by the EmbedFiles plugin (see Plugins/EmbedFiles), as base64 literals.
enum EmbeddedFiles {}

/// A folder of files compiled into the binary, so that a `carepress` copied alone to any folder still has them.
public struct EmbeddedFolder: Sendable {
    /// Each file's bytes, by its path relative to the folder.
    public let files: [String: [UInt8]]

    /// The default theme: the repository's `Templates/`.
    public static let theme = EmbeddedFolder(EmbeddedFiles.themeFiles)
    /// The sample site project: the repository's `Content/`.
    public static let sample = EmbeddedFolder(EmbeddedFiles.sampleFiles)
    /// The condition matcher's Swift source: the repository's `Sources/CarePress/Matching/`.
    public static let matcher = EmbeddedFolder(EmbeddedFiles.matcherFiles)

    private init(_ encoded: [(path: String, base64: String)]) {
        var files: [String: [UInt8]] = [:]
        for (path, base64) in encoded {
            files[path] = Data(base64Encoded: base64).map { Array($0) } ?? []
        }
        self.files = files
    }

    /// The relative paths of the files, in byte order.
    public var paths: [String] {
        files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// A file's text, decoded as UTF-8; nil when the folder has no such file.
    public func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }
}
