import Testing

@testable import CarePress

/// `ScannedBytes`: the record files the scan keeps for their loads, up to a budget.
@Suite("Scanned bytes")
struct ScannedBytesTests {
    static func file(_ count: Int) -> ScannedBytes.File {
        ScannedBytes.File(bytes: [UInt8](repeating: 0x7B, count: count), stamp: nil)
    }

    @Test func filesAreKeptUpToTheBudgetAndTakenOnce() {
        let kept = ScannedBytes(budget: 100)
        kept.keep(0, Self.file(60))
        kept.keep(1, Self.file(50))  // 110 > 100: read again by its load
        kept.keep(2, Self.file(40))
        #expect(kept.size == 100)
        #expect(kept.take(1) == nil)
        #expect(kept.take(0)?.bytes.count == 60)
        #expect(kept.take(0) == nil)
        #expect(kept.size == 40)
        // Taking a file makes room for another.
        kept.keep(3, Self.file(60))
        #expect(kept.size == 100)
        #expect(kept.take(3)?.bytes.count == 60)
    }

    @Test func theFilesOfRecordsNotLoadedAreLetGo() {
        let kept = ScannedBytes(budget: 1_000)
        for index in 0..<6 { kept.keep(index, Self.file(10)) }
        kept.drop { $0.isMultiple(of: 2) == false }
        #expect(kept.size == 30)
        #expect(kept.take(0) == nil)
        #expect(kept.take(1)?.bytes.count == 10)
        kept.drop { _ in false }
        #expect(kept.size == 0)
        #expect(kept.take(3) == nil)
    }
}
