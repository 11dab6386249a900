import Dispatch
import Foundation

/// Work run on a thread of its own while the caller goes on (with its worker pool), then waited for. A thread, not a
/// global queue: `WorkerPool` already takes the global queue's threads, and the two must not wait for each other.
struct Overlapped: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let finished = Mutex(false)

    /// Starts `work` at once on a new thread.
    init(_ work: @escaping @Sendable () -> Void) {
        let (done, finished) = (self.done, self.finished)
        Thread {
            work()
            finished.withLock { $0 = true }
            done.signal()
        }.start()
    }

    /// Whether the work has finished (`wait` would not wait).
    var isFinished: Bool { finished.withLock { $0 } }

    /// Returns once the work has finished.
    func wait() {
        done.wait()
        done.signal()
    }
}
