import Foundation
import Testing

@testable import CarePress

@Suite("Reading files for the build")
struct FileBytesTests {
    /// The executable's fingerprint is digested a megabyte at a time; it must be the digest of the whole file, across
    /// chunk boundaries and with a tail that is not a multiple of eight bytes.
    @Test func digestReadInChunksEqualsTheDigestOfTheWholeFile() throws {
        let temporary = try TemporaryProject("filebytes")
        defer { withExtendedLifetime(temporary) {} }
        let folder = temporary.root
        var generator = SystemRandomNumberGenerator()
        for size in [0, 7, (1 << 20) - 3, (1 << 20) * 2 + 13] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = folder.appendingPathComponent("f\(size)").path
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            #expect(FileBytes.digest(of: file) == ContentDigest(bytes))
        }
        #expect(FileBytes.digest(of: folder.appendingPathComponent("missing").path) == nil)
    }
}
