/// YAML files already parsed, kept between the builds of one session (`carepress serve`), so that a rebuild does not
/// parse the knowledge store and the site settings again when their bytes did not change.
///
/// A file's entry is its bytes and what parsing them gave (a tree, or the syntax error); it is used only when the
/// file's bytes now are the same bytes, so an edit of any kind (even one that keeps the size and the modification
/// time) is parsed again. Parsing is a pure function of the bytes, so a build with the cache reads what a build
/// without it reads.
public final class YAMLCache: Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var parsed: Result<ContentNode, SyntaxError>
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// An empty cache.
    public init() {}

    /// How many files the cache holds.
    public var count: Int { entries.withLock { $0.count } }

    /// What parsing `bytes` (the file at `path`) gives: the cached result when the file's bytes are the ones parsed
    /// last, or `parse`'s, which is kept.
    func parsed(
        _ path: String, bytes: [UInt8], parse: ([UInt8]) -> Result<ContentNode, SyntaxError>
    ) -> Result<ContentNode, SyntaxError> {
        if let entry = entries.withLock({ $0[path] }), entry.bytes == bytes { return entry.parsed }
        let parsed = parse(bytes)
        entries.withLock { $0[path] = Entry(bytes: bytes, parsed: parsed) }
        return parsed
    }
}
