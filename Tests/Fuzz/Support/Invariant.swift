import CarePress

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a fuzz target asserts: a broken invariant prints why and aborts, so libFuzzer saves the input as a crash.
public enum Invariant {
    /// Aborts with `message` unless `condition` holds.
    public static func require(
        _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition else { return }
        fail(message(), file: file, line: line)
    }

    /// Prints an invariant failure to stderr and aborts.
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        var report = "INVARIANT FAILED at \(file):\(line): \(message)\n"
        report.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// Requires every position to lie inside `bytes` read as text: line at least 1 and at most one more than the
    /// line breaks (`\n`, `\r`, U+0085, U+2028, U+2029), column at least 1 and at most one past the last byte.
    public static func requireLocated(
        _ positions: [SourcePosition], in bytes: [UInt8], file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !positions.isEmpty else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let breaks = text.unicodeScalars.reduce(0) { count, scalar in
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": count + 1
            default: count
            }
        }
        for position in positions {
            require(
                position.line >= 1 && position.line <= breaks + 1 && position.column >= 1
                    && position.column <= bytes.count + 1,
                "position \(position) is outside the input (\(breaks + 1) lines, \(bytes.count) bytes)",
                file: file, line: line)
        }
    }

    /// Requires that a reader which gave no value said why: a broken item is reported, never silently dropped.
    public static func requireReported<Value>(
        _ value: Value?, _ diagnostics: [Diagnostic], _ what: String, file: StaticString = #fileID, line: UInt = #line
    ) {
        require(
            value != nil || diagnostics.contains { $0.severity == .error },
            "\(what) was rejected without an error", file: file, line: line)
    }
}
