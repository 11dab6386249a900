#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run of bytes looked for in a whole page: `memchr` finds each place its first byte is, and `memcmp` compares the
/// rest there. The callout pass and the report guardrail search rendered pages this way.
enum ByteSearch {
    /// Whether `bytes` contains `pattern` (an empty pattern is in every buffer).
    static func contains(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: pattern, in: bytes) != nil
    }

    /// Where `pattern` first starts in `bytes` at or after `from` (an empty pattern at `from`), or nil.
    static func firstIndex(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        guard let first = pattern.first else { return from }
        guard let base = bytes.baseAddress, bytes.count >= pattern.count else { return nil }
        let lastStart = bytes.count - pattern.count
        var start = from
        while start <= lastStart, let hit = memchr(base + start, Int32(first), lastStart + 1 - start) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + offset, pattern, pattern.count) == 0 { return offset }
            start = offset + 1
        }
        return nil
    }

    /// Where `pattern` first starts in `bytes` at or after `from`, or nil.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { firstIndex(of: pattern, in: $0, from: from) }
    }
}
