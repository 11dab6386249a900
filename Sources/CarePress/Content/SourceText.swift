/// Turns the bytes of a content file into text, rejecting empty files and bytes that are not UTF-8.
///
/// The UTF-8 check is done here, byte by byte, rather than by `String(validating:)`, so that the
/// first bad byte can be reported at its exact line and column.
public enum SourceText {
    /// The hint given with every encoding error.
    static let encodingHint = "save the file as UTF-8"

    /// Decodes UTF-8 `bytes`, dropping a leading byte order mark.
    ///
    /// Throws "file is empty" at 1:1 for a file that holds nothing but whitespace, and an error at the
    /// first byte that does not start a valid UTF-8 character otherwise.
    public static func decode(_ bytes: [UInt8]) throws(SyntaxError) -> String {
        let start = try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in try validate(buffer) }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Checks that `buffer` is non-blank UTF-8 and returns the offset where the content starts (after a BOM).
    static func validate(_ buffer: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> Int {
        let start = bomLength(buffer)
        var index = start
        while index < buffer.count, isBlank(buffer[index]) {
            index += 1
        }
        if index == buffer.count {
            throw SyntaxError(at: .start, "file is empty")
        }
        if let bad = firstInvalidUTF8Offset(buffer, from: index) {
            throw encodingError(buffer, contentStart: start, badOffset: bad)
        }
        return start
    }

    /// The length of a UTF-8 byte order mark at the start of `buffer`: 3 or 0.
    static func bomLength(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            return 3
        }
        return 0
    }

    /// Whether `byte` is JSON (and YAML) insignificant whitespace.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The error for an ill-formed UTF-8 sequence starting at `badOffset`.
    static func encodingError(
        _ buffer: UnsafeBufferPointer<UInt8>, contentStart: Int, badOffset: Int
    ) -> SyntaxError {
        let position = position(in: buffer, contentStart: contentStart, offset: badOffset)
        let byte = buffer[badOffset]
        return SyntaxError(
            at: position,
            "the file is not valid UTF-8: byte \(hex(byte)) at byte offset \(badOffset) does not start a valid character",
            hint: encodingHint)
    }

    /// The line and column of byte `offset`, counting lines at LF and columns in Unicode scalars.
    ///
    /// Slow (it scans from the start of the content); meant for error paths only.
    static func position(in buffer: UnsafeBufferPointer<UInt8>, contentStart: Int, offset: Int) -> SourcePosition {
        var line = 1
        var column = 1
        var index = contentStart
        let end = min(offset, buffer.count)
        while index < end {
            let byte = buffer[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// `0xAB`.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// The offset of the first byte of the first ill-formed UTF-8 sequence at or after `start`, if any.
    ///
    /// Follows the Unicode table of well-formed byte sequences, so overlong forms, surrogates, code
    /// points above U+10FFFF and truncated sequences are all ill-formed.
    static func firstInvalidUTF8Offset(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let count = buffer.count
        var index = start
        while index < count {
            // ASCII fast path: 32, then eight bytes at a time.
            while index + 32 <= count {
                let block = UnsafeRawPointer(base + index)
                let word =
                    block.loadUnaligned(as: UInt64.self) | block.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | block.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    | block.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 32
            }
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { return nil }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(base, count: count, at: index)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed multi-byte sequence at `index`, or 0 if it is ill-formed.
    @inline(__always)
    static func sequenceLength(_ base: UnsafePointer<UInt8>, count: Int, at index: Int) -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard index + length <= count else { return 0 }
        let second = base[index + 1]
        guard second >= low, second <= high else { return 0 }
        var offset = 2
        while offset < length {
            if base[index + offset] & 0xC0 != 0x80 { return 0 }
            offset += 1
        }
        return length
    }

    /// `U+00A0`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
