import CarePressTestSupport
import Testing

@testable import CarePress

/// The page-wide byte search answers as a plain scan of every offset does, patterns at either end and longer than
/// the buffer included.
@Suite("Byte search")
struct ByteSearchTests {
    static func reference(_ pattern: [UInt8], in bytes: [UInt8]) -> Bool {
        guard pattern.count <= bytes.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    @Test func findsWhatAScanOfEveryOffsetFinds() {
        var generator = SplitMix64(seed: 21)
        var found = 0
        for _ in 0..<5_000 {
            // A small alphabet, so that partial matches and repeated first bytes are common.
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0x3C...0x3F, using: &generator)
            }
            var pattern = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                UInt8.random(in: 0x3C...0x3F, using: &generator)
            }
            if !bytes.isEmpty, Bool.random(using: &generator) {
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                pattern = Array(bytes[start..<min(bytes.count, start + Int.random(in: 1...6, using: &generator))])
            }
            let expected = Self.reference(pattern, in: bytes)
            #expect(
                bytes.withUnsafeBufferPointer { ByteSearch.contains(pattern, in: $0) } == expected,
                "\(bytes) \(pattern)")
            if expected { found += 1 }
        }
        #expect(found > 1_000)
    }
}
