/// Shares one copy of string lists that many records repeat, such as dependency lists; thread-safe.
final class StringInterner: Sendable {
    private let lists = Mutex<[[UInt8]: [String]]>([:])

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
        if let shared = lists.withLock({ $0[key] }) { return shared }
        let list = split(key)
        return lists.withLock { lists in
            if let shared = lists[key] { return shared }
            lists[key] = list
            return list
        }
    }
}
