/// A run of bytes looked for in a whole page (the callout pass and the report guardrail search rendered pages).
enum ByteSearch {
    /// Whether `bytes` contains `pattern` (an empty pattern is in every buffer).
    static func contains(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.isEmpty || bytes.firstRange(of: pattern) != nil
    }
}
