import Testing

@testable import CarePress

/// A report folder's names, looked up by their bytes.
@Suite("File name set")
struct FileNameSetTests {
    @Test func aNameLookedUpAsStemAndSuffixIsTheJoinedName() {
        let names = ["hl-1.md", "hl-1.html", "zoe\u{301}.md", "a-very-long-report-name-over-sixteen-bytes.html"]
        let set = FileNameSet(digests: names.map { ContentDigest(Array($0.utf8)) })
        #expect(set.contains("hl-1", suffix: ".md"))
        #expect(set.contains("hl-1", suffix: ".html"))
        #expect(set.contains("zoe\u{301}", suffix: ".md"))
        #expect(!set.contains("zo\u{e9}", suffix: ".md"), "canonically equivalent, other bytes")
        #expect(set.contains("a-very-long-report-name-over-sixteen-bytes", suffix: ".html"))
        #expect(set.contains("a-very-long-report-name-over-sixteen-bytes.", suffix: "html"))
        #expect(!set.contains("hl-1", suffix: ".pdf"))
        #expect(!set.contains("hl-", suffix: "1.mdx"))
    }
}
