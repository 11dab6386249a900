import Foundation

/// A path compared, hashed and ordered byte for byte, never as Unicode text.
///
/// Swift's `String` `==`, `<` and hashing treat canonically equivalent text as equal, but `café.json` spelled with
/// U+00E9 and with `e` + U+0301 are two different files on Linux: the batch keeps paths in sets and orders them with
/// this type, so such twins stay two paths (in the same order as the manifest's SQLite `BLOB` keys).
struct BytePath: Sendable, Hashable, Comparable {
    /// The path.
    let text: String

    /// Wraps a path.
    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: BytePath, rhs: BytePath) -> Bool {
        lhs.text.hasSameUTF8(as: rhs.text)
    }

    static func < (lhs: BytePath, rhs: BytePath) -> Bool {
        // One `memcmp` for native strings; a byte at a time otherwise.
        let precedes = lhs.text.utf8.withContiguousStorageIfAvailable { first in
            rhs.text.utf8.withContiguousStorageIfAvailable { second in Self.precedes(first, second) }
        }
        return (precedes ?? nil) ?? lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    /// Whether one run of bytes comes before another: `memcmp` over the shorter length, then the shorter first (the
    /// order of byte arrays, and of SQLite's `BLOB` keys).
    static func precedes(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = one.baseAddress, let second = other.baseAddress else { return one.count < other.count }
        let order = memcmp(first, second, min(one.count, other.count))
        return order != 0 ? order < 0 : one.count < other.count
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
        hasher.combine(text.utf8.count)
    }

    /// Paths in byte order, each once.
    static func sortedUnique(_ paths: some Sequence<String>) -> [String] {
        Set(paths.map(BytePath.init)).sorted().map(\.text)
    }
}

extension String {
    /// Whether two strings are the same bytes (`==` is canonical equivalence, which this is not): one `memcmp` for
    /// native strings, a byte at a time otherwise.
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { one in
            other.utf8.withContiguousStorageIfAvailable { two in
                guard let one = one.baseAddress, let two = two.baseAddress else { return true }
                return memcmp(one, two, utf8.count) == 0
            }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
