import Dispatch

/// A fixed pool of workers pulling indexes from a shared counter.
enum WorkerPool {
    /// Calls `body` for every index below `count`, on at most `jobs` threads at once (the caller's among them).
    ///
    /// A worker takes `batch` consecutive indexes at a time from the shared counter: for work of a few microseconds
    /// an index, where taking the counter's lock for each had the workers queue on it and take turns.
    static func run(jobs: Int, count: Int, batch: Int = 1, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = SerialCounter()
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count { body(index) }
            return
        }
        let batch = max(1, batch)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = (next.next() - 1) * batch
                guard start < count else { return }
                for index in start..<min(start + batch, count) { body(index) }
            }
        }
    }
}
