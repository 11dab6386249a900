/// A file a build produces, by its path in the output folder.
public struct OutputFile: Sendable, Hashable {
    /// The path relative to the output folder.
    public var path: String
    /// The contents.
    public var bytes: [UInt8]

    /// A file with text contents.
    public init(path: String, text: String) {
        self.path = path
        self.bytes = Array(text.utf8)
    }

    /// A file with binary contents.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
