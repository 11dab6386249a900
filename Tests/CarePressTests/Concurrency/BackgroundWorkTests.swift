import Foundation
import Testing

@testable import CarePress

/// `BackgroundWork` lets go of its work before it says the work is done, so what the work captured (a build's
/// manifest, whose connection closes when it goes) is gone by the caller's next step: a process that exits then leaves
/// no database open (the kill loop saw a manifest's `-wal` left behind by a build that had finished).
@Suite("Background work")
struct BackgroundWorkTests {
    /// Counts its live instances.
    final class Tracked: Sendable {
        static let live = Mutex(0)
        init() { Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
        func use() {}
    }

    @Test func whatTheWorkCapturedIsGoneWhenTheWaitReturns() {
        for _ in 0..<300 {
            let work: BackgroundWork<Void>
            do {
                let tracked = Tracked()
                work = BackgroundWork(inBackground: true) { tracked.use() }
            }
            work.wait()
            // No sleep: the thread may still be running, but it no longer holds the work.
            #expect(Tracked.live.withLock { $0 } == 0)
        }
    }

    @Test func theValueIsHandedOverOnceAndTheWorkRunsOnce() {
        let runs = Mutex(0)
        let work = BackgroundWork(inBackground: true) { () -> [Int] in
            runs.withLock { $0 += 1 }
            return [1, 2, 3]
        }
        #expect(work.take() == [1, 2, 3])
        #expect(runs.withLock { $0 } == 1)
        let now = BackgroundWork(inBackground: false) { 7 }
        #expect(now.isFinished && now.value == 7)
    }
}
