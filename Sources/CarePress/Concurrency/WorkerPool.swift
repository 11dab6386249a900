import Dispatch

/// A fixed pool of workers pulling indexes from a shared counter.
enum WorkerPool {
    /// Calls `body` for every index below `count`, on at most `jobs` threads at once (the caller's among them).
    static func run(jobs: Int, count: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = SerialCounter()
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count { body(index) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.next() - 1
                guard index < count else { return }
                body(index)
            }
        }
    }
}
