import Dispatch

/// Items made on worker threads and handed on in order on the caller's thread, while the workers make the next ones:
/// the caller's work on each item (writing a page) then overlaps the making of the items after it, rather than
/// leaving the workers waiting.
enum OrderedWork {
    /// Makes the items `0..<count` with `make` on `jobs` threads, at most `window` items ahead of the one handed on,
    /// and hands each to `handOn` in order on the caller's thread. Stops at the first item that fails, after handing
    /// on those before it, and throws its error; no item after it is started once it has failed, and no worker is
    /// left running on return.
    ///
    /// With one job (or one item) the items are made and handed on one after the other, on the caller's thread.
    static func run<Value, Failure: Error>(
        count: Int, jobs: Int, window: Int, make: @escaping @Sendable (Int) -> Result<Value, Failure>,
        handOn: (Value) -> Void
    ) throws(Failure) {
        guard jobs > 1, count > 1 else {
            for index in 0..<count { handOn(try make(index).get()) }
            return
        }
        let line = Line<Value, Failure>(count: count, window: max(1, window))
        let workers = BackgroundWork(inBackground: true) {
            DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
                while let index = line.nextToMake() { line.made(index, make(index)) }
            }
        }
        defer {
            line.stop()
            workers.wait()
        }
        for index in 0..<count { handOn(try line.handOn(index).get()) }
    }

    /// The items being made: workers take indexes in order, at most `window` ahead of the caller, who takes each item
    /// in order once it is made.
    private final class Line<Value, Failure: Error>: @unchecked Sendable {
        private let items: Slots<Result<Value, Failure>>
        private let ready: [DispatchSemaphore]
        private let room: DispatchSemaphore
        private let next = SerialCounter()
        private let stopped = Mutex(false)

        init(count: Int, window: Int) {
            items = Slots(count: count)
            ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
            room = DispatchSemaphore(value: window)
        }

        /// The next item for a worker to make, once there is room for it; nil when every item is taken, or after an
        /// item failed or the caller stopped.
        func nextToMake() -> Int? {
            room.wait()
            guard !stopped.withLock({ $0 }) else {
                room.signal()
                return nil
            }
            let index = next.next() - 1
            guard index < ready.count else {
                room.signal()
                return nil
            }
            return index
        }

        /// A worker's item: after a failure, no later item is started.
        func made(_ index: Int, _ item: Result<Value, Failure>) {
            if case .failure = item { stopped.withLock { $0 = true } }
            items[index] = item
            ready[index].signal()
        }

        /// Item `index`, once made, leaving room for one more. The items before it were handed on.
        func handOn(_ index: Int) -> Result<Value, Failure> {
            ready[index].wait()
            defer { room.signal() }
            guard let item = items.take(index) else { preconditionFailure("item \(index) was handed on twice") }
            return item
        }

        /// Lets every worker return: none starts another item. One more room is enough, as each worker that finds
        /// the line stopped gives its room back to the next.
        func stop() {
            stopped.withLock { $0 = true }
            room.signal()
        }
    }
}
