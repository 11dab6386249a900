import Dispatch
import Testing

@testable import CarePress

@Suite("Lazy")
struct LazyTests {
    /// Made once, by the first thread that asks, however many ask at once; every thread gets that value, and it goes
    /// when the lazy value goes.
    @Test func isMadeOnceForEveryThreadAndFreedWithIt() {
        final class Box: Sendable {
            let number: Int
            init(_ number: Int) { self.number = number }
        }
        let made = Mutex(0)
        weak var kept: Box?
        do {
            let lazy = Lazy { () -> Box in
                let count = made.withLock { count in
                    count += 1
                    return count
                }
                return Box(count)
            }
            #expect(made.withLock { $0 } == 0)
            let seen = Mutex<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 64) { _ in
                let box = lazy.value
                seen.withLock { _ = $0.insert(ObjectIdentifier(box)) }
            }
            #expect(made.withLock { $0 } == 1)
            #expect(seen.withLock { $0.count } == 1)
            withExtendedLifetime(lazy) {
                #expect(lazy.value.number == 1)
                kept = lazy.value
                #expect(kept != nil)
            }
        }
        #expect(kept == nil)
    }
}
