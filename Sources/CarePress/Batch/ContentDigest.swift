import CXXHash

/// A 128-bit fingerprint of bytes, for telling whether an input changed since the last build.
///
/// It detects change, not tampering: XXH3-128 is fast and well mixed, but not cryptographic, so someone who
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

/// Computes a `ContentDigest` incrementally: XXH3-128 (Debian's `libxxhash`), streamed. Feeding the same bytes in
/// different chunks gives the same digest. Separate fields with `combine(_:)` of strings or digests, which add a
/// length, so that `"ab" + "c"` and `"a" + "bc"` differ.
///
/// A hasher is a value: a copy goes on from where the original was (the state is copied when one of them changes).
public struct ContentHasher: Sendable {
    /// libxxhash's streaming state, owned by one hasher at a time.
    private final class State: @unchecked Sendable {
        let pointer: OpaquePointer

        init() {
            guard let pointer = XXH3_createState() else { fatalError("out of memory for an XXH3 state") }
            self.pointer = pointer
            XXH3_128bits_reset(pointer)
        }

        init(copying other: State) {
            guard let pointer = XXH3_createState() else { fatalError("out of memory for an XXH3 state") }
            self.pointer = pointer
            XXH3_copyState(pointer, other.pointer)
        }

        deinit { XXH3_freeState(pointer) }
    }

    private var state = State()

    /// A hasher with no input yet.
    public init() {}

    /// The state, copied first if another hasher shares it.
    private mutating func unique() -> OpaquePointer {
        if !isKnownUniquelyReferenced(&state) { state = State(copying: state) }
        return state.pointer
    }

    /// Adds raw bytes (no length; use for one field, or for data split across calls).
    public mutating func combine(bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            combine(buffer: UnsafeRawBufferPointer(buffer))
        }
        if handled == nil { combine(buffer: Array(bytes)) }
    }

    private mutating func combine(buffer bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(buffer: $0) }
    }

    /// Adds the bytes of a buffer.
    public mutating func combine(buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        XXH3_128bits_update(unique(), buffer.baseAddress, buffer.count)
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
        let hash = XXH3_128bits_digest(state.pointer)
        return ContentDigest(high: hash.high64, low: hash.low64)
    }

    /// Adds a word's eight bytes, least significant first.
    private mutating func combine(word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { combine(buffer: $0) }
    }
}
