/// Shares one copy of string lists that many records repeat, such as dependency lists; thread-safe.
final class StringInterner: Sendable {
    private let lists = Mutex<[[UInt8]: [String]]>([:])

    /// Creates an empty table.
    init() {}

    /// The shared copy of a list of strings, compared byte for byte (canonically equivalent strings are not merged).
    func intern(_ list: [String]) -> [String] {
        guard !list.isEmpty else { return [] }
        let key = Array(list.joined(separator: "\u{0}").utf8)
        return lists.withLock { lists in
            if let shared = lists[key] { return shared }
            lists[key] = list
            return list
        }
    }
}
