/// Shares one copy of string lists that many records repeat, such as dependency lists; thread-safe.
final class StringInterner: Sendable {
    private let lists = Mutex<[Key: [String]]>([:])

    /// A joined list's bytes as a dictionary key, hashed in one call over the buffer: `[UInt8]`'s own `Hashable`
    /// feeds the hasher a byte at a time, which was most of the time a no-op build spent interning its 12,000 rows'
    /// dependency lists.
    private struct Key: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Creates an empty table.
    init() {}

    /// The shared copy of a list of strings, compared byte for byte (canonically equivalent strings are not merged).
    func intern(_ list: [String]) -> [String] {
        guard !list.isEmpty else { return [] }
        return intern(joined: ManifestRow.joined(list)) { _ in list }
    }

    /// The shared copy of the list whose strings, joined by NUL bytes, are `joined` (as a manifest row holds it);
    /// `split` makes the list only when no copy is held yet.
    func intern(joined key: [UInt8], split: ([UInt8]) -> [String]) -> [String] {
        guard !key.isEmpty else { return [] }
        let key = Key(bytes: key)
        if let shared = lists.withLock({ $0[key] }) { return shared }
        let list = split(key.bytes)
        return lists.withLock { lists in
            if let shared = lists[key] { return shared }
            lists[key] = list
            return list
        }
    }
}
