import Testing

@testable import CarePress

/// How a batch is cut into chunks, each committed to the manifest (and synced to disk) once.
@Suite("Record chunks between manifest commits")
struct RecordChunkTests {
    /// The number of chunks, so of synced commits, for a number of records.
    static func chunks(for records: Int) -> [Int] {
        var sizes: [Int] = []
        var done = 0
        while done < records {
            let size = min(RecordBatch.chunkSize(after: done, of: records), records - done)
            sizes.append(size)
            done += size
        }
        return sizes
    }

    @Test func aLargeBatchCommitsAFewTimesAndASmallOneStillMoreThanOnce() {
        // 12,000 records (the benchmark's) once committed 47 times, each waiting about 5 ms for the disk.
        #expect(Self.chunks(for: 12_000).count <= 13)
        #expect(Self.chunks(for: 100_000).count <= 56)
        // The kill loop's 600 records are still committed in several chunks, so kills land between commits.
        #expect(Self.chunks(for: 600) == [128, 128, 256, 88])
        #expect(Self.chunks(for: 12_000).max() == 2_048)
    }

    /// The last chunk's commit has no rendering to overlap, so the chunks shrink towards the end: it is small.
    @Test func theLastChunkIsSmall() {
        for records in [2_000, 12_000, 100_000] {
            let chunks = Self.chunks(for: records)
            #expect(chunks.last! <= 256, "\(records) records: \(chunks)")
            #expect(chunks.reduce(0, +) == records)
        }
    }
}
