/// A strict RFC 8259 JSON parser that remembers the line and column of every value and every object key.
///
/// Written over raw UTF-8 bytes because `JSONSerialization` reports no positions. Object members stay
/// in source order, duplicates included, so that readers can report duplicate keys themselves.
public enum JSONParser {
    /// How deeply arrays and objects may nest before the document is rejected (instead of overflowing the stack).
    public static let maximumDepth = 512

    /// Parses one JSON document from UTF-8 `bytes` (a leading byte order mark is ignored).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> ContentNode {
        try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) -> ContentNode in
            let start = try SourceText.validate(buffer)
            guard let base = buffer.baseAddress else {
                throw SyntaxError(at: .start, "file is empty")
            }
            var parser = JSONByteParser(base: base, count: buffer.count, contentStart: start)
            return try parser.parseDocument()
        }
    }
}
