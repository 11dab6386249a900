/// A run of bytes looked for in a whole page (the callout pass and the report guardrail search rendered pages).
enum ByteSearch {
    /// Whether `bytes` contains `pattern` (an empty pattern is in every buffer).
    static func contains(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: pattern, in: bytes) != nil
    }

    /// Where `pattern` first starts in `bytes` at or after `from` (an empty pattern at `from`), or nil.
    static func firstIndex(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        guard !pattern.isEmpty else { return from }
        guard from <= bytes.count else { return nil }
        return bytes[from...].firstRange(of: pattern)?.lowerBound
    }

    /// Where `pattern` first starts in `bytes` at or after `from`, or nil.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { firstIndex(of: pattern, in: $0, from: from) }
    }
}
