/// Finds a record's id without parsing the whole file, so a build knows which records claim which report files
/// before it renders any.
///
/// For a valid record the result is exactly the id the loader reads (the same string decoding, escapes and all).
/// For a broken file it may be nil or a guess: that is harmless, because only valid records can own a report file,
/// and a wrong guess only makes the build load that record before settling who owns the file.
enum RecordIDScanner {
    /// The string value of the top-level `"id"` member, if the bytes start like a JSON object that has one.
    static func id(in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let start = try? SourceText.validate(buffer) else { return nil }
            var parser = JSONByteParser(base: base, count: buffer.count, contentStart: start)
            guard parser.enterObject() else { return nil }
            while let key = parser.nextKey() {
                if key == "id" { return parser.readString() }
                guard parser.skipValue() else { return nil }
            }
            return nil
        }
    }
}
