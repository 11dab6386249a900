import Testing

@testable import CarePress

/// The pool the batch spreads its records over: every index once, whatever the number of workers and the batch size.
@Suite("Worker pool")
struct WorkerPoolTests {
    @Test(arguments: [(1, 1), (2, 1), (2, 64), (3, 7), (4, 1000)])
    func everyIndexIsVisitedOnce(jobs: Int, batch: Int) {
        for count in [0, 1, 63, 64, 65, 1000] {
            let visits = DisjointSlots<Int>(count: count)
            let total = Mutex(0)
            WorkerPool.run(jobs: jobs, count: count, batch: batch) { index in
                // Each index is visited by one worker, so its slot is written by that worker alone.
                visits[index] = (visits[index] ?? 0) + 1
                total.withLock { $0 += 1 }
            }
            #expect(total.withLock { $0 } == count, "jobs \(jobs), batch \(batch), count \(count)")
            #expect((0..<count).allSatisfy { visits[$0] == 1 }, "jobs \(jobs), batch \(batch), count \(count)")
        }
    }
}
