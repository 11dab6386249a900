import Testing

@testable import CarePress

/// A report folder's names, looked up by their bytes.
@Suite("File name set")
struct FileNameDigestsTests {
    @Test func aNameLookedUpAsStemAndSuffixIsTheJoinedName() {
        let names = ["hl-1.md", "hl-1.html", "zoe\u{301}.md", "a-very-long-report-name-over-sixteen-bytes.html"]
        let set = FileNameDigests(digests: names.map { ContentDigest(Array($0.utf8)) })
        #expect(set.contains("hl-1", suffix: ".md"))
        #expect(set.contains("hl-1", suffix: ".html"))
        #expect(set.contains("zoe\u{301}", suffix: ".md"))
        #expect(!set.contains("zo\u{e9}", suffix: ".md"), "canonically equivalent, other bytes")
        #expect(set.contains("a-very-long-report-name-over-sixteen-bytes", suffix: ".html"))
        #expect(set.contains("a-very-long-report-name-over-sixteen-bytes.", suffix: "html"))
        #expect(!set.contains("hl-1", suffix: ".pdf"))
        #expect(!set.contains("hl-", suffix: "1.mdx"))
    }

    @Test func everyNameOfALargeFolderIsFoundAndNoOther() {
        let names = (0..<20_000).map { "hl-\($0).md" }
        let set = FileNameDigests(digests: names.map { ContentDigest(Array($0.utf8)) })
        #expect(set.count == names.count)
        #expect(names.allSatisfy { set.contains(Array($0.utf8)) })
        #expect(!(20_000..<40_000).contains { set.contains(Array("hl-\($0).md".utf8)) })
    }

    @Test func digestsThatShareTheirLowBitsAreAllFound() {
        // Every digest lands on the same first slot: each is found by probing past the others.
        let digests = (1...50).map { ContentDigest(high: UInt64($0), low: 7) }
        let set = FileNameDigests(digests: digests + digests)
        #expect(set.count == 50, "a name given twice is held once")
        #expect(digests.allSatisfy { set.contains(digest: $0) })
        #expect(!set.contains(digest: ContentDigest(high: 51, low: 7)))
        #expect(!set.contains(digest: ContentDigest(high: 1, low: 8)))
    }

    @Test func aDigestWhoseKeptBitsAreZeroIsANameLikeAnyOther() {
        let zero = ContentDigest(high: 0, low: 5)
        #expect(!FileNameDigests(digests: [ContentDigest(high: 1, low: 5)]).contains(digest: zero))
        let set = FileNameDigests(digests: [zero, zero, ContentDigest(high: 1, low: 0)])
        #expect(set.contains(digest: zero))
        #expect(set.contains(digest: ContentDigest(high: 1, low: 0)))
        #expect(set.count == 2)
    }

    @Test func anEmptySetHoldsNothing() {
        let set = FileNameDigests(digests: [])
        #expect(set.count == 0)
        #expect(!set.contains("hl-1", suffix: ".md"))
        #expect(!set.contains(digest: ContentDigest(high: 0, low: 0)))
        #expect(!set.contains(digest: ContentDigest(high: 9, low: 9)))
    }
}
