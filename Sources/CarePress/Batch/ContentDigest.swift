/// A 128-bit fingerprint of bytes, for telling whether an input changed since the last build.
///
/// It detects change, not tampering: the function is fast and well mixed, but not cryptographic, so someone who
/// wants two different files with the same digest can make them. The manifest only uses it to decide what to
/// render again, and a collision can at worst keep one stale report until `--force`.
public struct ContentDigest: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The two 64-bit lanes.
    public var high: UInt64, low: UInt64

    /// Creates a digest from its lanes.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of a byte sequence.
    public init(_ bytes: some Sequence<UInt8>) {
        var hasher = ContentHasher()
        hasher.combine(bytes: bytes)
        self = hasher.finalize()
    }

    /// The digest of a string's UTF-8 bytes.
    public init(_ text: String) {
        var hasher = ContentHasher()
        hasher.combine(text)
        self = hasher.finalize()
    }

    /// 32 lower-case hexadecimal digits.
    public var description: String { Self.hex(high) + Self.hex(low) }

    /// Parses 32 hexadecimal digits.
    public init?(hex text: some StringProtocol) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            guard count < 32, let digit = Self.value(ofHexDigit: byte) else { return nil }
            if count < 16 {
                high = high << 4 | UInt64(digit)
            } else {
                low = low << 4 | UInt64(digit)
            }
            count += 1
        }
        guard count == 32 else { return nil }
        self.init(high: high, low: low)
    }

    public static func < (lhs: ContentDigest, rhs: ContentDigest) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ value: UInt64) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        var rest = value
        for index in (0..<16).reversed() {
            bytes[index] = digits[Int(rest & 0xF)]
            rest >>= 4
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    private static func value(ofHexDigit byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// Computes a `ContentDigest` incrementally, eight bytes at a time, in two independently mixed lanes.
///
/// Each 64-bit little-endian word goes into both lanes with different multipliers and rotations (in the style of
/// xxHash64's rounds); the tail is padded and carries the total length; each lane is finished with MurmurHash3's
/// 64-bit finaliser and the two are cross-mixed. Feeding the same bytes in different chunks gives the same digest.
/// Separate fields with `combine(_:)` of strings or digests, which add a length, so that `"ab" + "c"` and
/// `"a" + "bc"` differ.
public struct ContentHasher: Sendable {
    private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length: UInt64 = 0

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63

    /// A hasher with no input yet.
    public init() {}

    /// Adds raw bytes (no length; use for one field, or for data split across calls).
    public mutating func combine(bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            combine(buffer: UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            for byte in bytes { combine(byte: byte) }
        }
    }

    /// Adds the bytes of a buffer.
    public mutating func combine(buffer: UnsafeRawBufferPointer) {
        var index = 0
        let count = buffer.count
        // Eight bytes at a time, whatever is pending (`combine(word:)` shifts them in): the manifest's rows are fields
        // of a few bytes each, and taking them a byte at a time until a word boundary was half of checking a row.
        while index + 8 <= count {
            combine(word: buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
            index += 8
        }
        while index < count {
            combine(byte: buffer[index])
            index += 1
        }
    }

    /// Adds a string's UTF-8 bytes followed by its length, so consecutive strings cannot run together.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(buffer: UnsafeRawBufferPointer($0)) }
        combine(length: text.utf8.count)
    }

    /// Adds strings as one field, as `combine(_:)` adds the string they make one after another, without making it.
    public mutating func combine(concatenationOf parts: [String]) {
        var count = 0
        for var part in parts {
            part.withUTF8 { combine(buffer: UnsafeRawBufferPointer($0)) }
            count += part.utf8.count
        }
        combine(length: count)
    }

    /// Adds another digest as one field.
    public mutating func combine(_ digest: ContentDigest) {
        combine(word: digest.high)
        combine(word: digest.low)
    }

    /// Adds an integer as one field.
    public mutating func combine(length value: Int) {
        combine(word: UInt64(bitPattern: Int64(value)) ^ 0xA5A5_A5A5_A5A5_A5A5)
    }

    /// The digest of everything added.
    public func finalize() -> ContentDigest {
        var first = self.first
        var second = self.second
        let tail = pending ^ (length << 56)
        first = Self.round(first, tail ^ length)
        second = Self.round(second ^ first, tail &* Self.prime3)
        let a = Self.avalanche(first &+ second &* Self.prime4)
        let b = Self.avalanche(second ^ (first >> 29) ^ length &* Self.prime1)
        return ContentDigest(high: a, low: Self.avalanche(b ^ a))
    }

    /// Adds a word's eight bytes, least significant first, as `combine(byte:)` eight times would.
    private mutating func combine(word: UInt64) {
        if pendingCount == 0 {
            mix(word)
        } else {
            let shift = UInt64(8 * pendingCount)
            mix(pending | word << shift)
            pending = word >> (64 - shift)
        }
    }

    @inline(__always)
    private mutating func combine(byte: UInt8) {
        pending |= UInt64(byte) << (8 * UInt64(pendingCount))
        pendingCount += 1
        length &+= 1
        if pendingCount == 8 {
            let word = pending
            pending = 0
            pendingCount = 0
            length &-= 8
            mix(word)
        }
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        length &+= 8
        first = Self.round(first, word)
        second = Self.round(second, word ^ (first >> 32)) &+ word &* Self.prime3
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        var value = accumulator &+ input &* prime2
        value = (value << 31) | (value >> 33)
        return value &* prime1
    }

    @inline(__always)
    private static func avalanche(_ input: UInt64) -> UInt64 {
        var value = input
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
