import Foundation
import Testing

@testable import CarePress

/// Paths compare and order byte for byte (the fast comparison agrees with a byte-at-a-time one).
@Suite("Byte paths")
struct BytePathTests {
    static let paths = [
        "", "a", "a/b", "a/b.html", "a/b.md", "a/bc", "ab", "B", "b", "caf\u{E9}.json", "cafe\u{301}.json",
        "cafe.json", "reports/consults/hl-1.html", "reports/consults/hl-1.html.tmp", "\u{1F600}", "z",
    ]

    @Test func orderAndEqualityAreThoseOfTheBytes() {
        for first in Self.paths {
            for second in Self.paths {
                let (one, other) = (BytePath(first), BytePath(second))
                #expect((one < other) == first.utf8.lexicographicallyPrecedes(second.utf8), "\(first) < \(second)")
                #expect((one == other) == first.utf8.elementsEqual(second.utf8), "\(first) == \(second)")
            }
        }
        // Canonically equivalent spellings are two paths.
        #expect(BytePath("caf\u{E9}.json") != BytePath("cafe\u{301}.json"))
    }
}
