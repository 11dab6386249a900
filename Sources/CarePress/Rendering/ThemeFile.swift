/// One file of the effective theme: its bytes and the layer they came from.
public struct ThemeFile: Sendable, Hashable {
    /// The layer the file was read from.
    public let layer: ThemeLayer
    /// The path for messages: the file on disk, or `<embedded theme>/...`.
    public let path: String
    /// The file's bytes.
    public let bytes: [UInt8]
}
