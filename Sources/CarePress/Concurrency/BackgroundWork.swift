import Dispatch
import Foundation

/// Work done on a thread of its own while the caller does something else, then waited for: a value computed ahead
/// (the manifest read while the inputs are digested), or work overlapped with the caller's (a chunk's commit while
/// the workers render the next one).
///
/// A thread, not a global queue: `WorkerPool` takes the global queue's threads, and work queued behind it would not
/// start until the pool is done, which is exactly when it was meant to be finished.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Value?>(nil)
    private let finished = Mutex(false)

    /// Starts `work` on a new thread, or runs it now when `inBackground` is false.
    init(inBackground: Bool, _ work: @escaping @Sendable () -> Value) {
        guard inBackground else {
            finish(work())
            return
        }
        // The thread holds the work only while it runs: what the work captured (a build's manifest, through its
        // batch) is let go before the caller is told the work is done, so it is closed by the caller's last use, not
        // whenever the thread ends; a process that exits right after would otherwise leave it open.
        let pending = Mutex<(@Sendable () -> Value)?>(work)
        Thread { self.finish(Self.run(pending)) }.start()
    }

    /// Runs the pending work, which it no longer holds once this returns.
    private static func run(_ pending: Mutex<(@Sendable () -> Value)?>) -> Value {
        guard
            let work = pending.withLock({ state in
                defer { state = nil }; return state
            })
        else {
            preconditionFailure("the work ran twice")
        }
        return work()
    }

    private func finish(_ value: Value) {
        result.withLock { $0 = value }
        finished.withLock { $0 = true }
        done.signal()
    }

    /// Whether the work has finished (`value` would not wait).
    var isFinished: Bool { finished.withLock { $0 } }

    /// The value, once `work` has finished.
    var value: Value {
        done.wait()
        defer { done.signal() }
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the work finished without a value") }
        return value
    }

    /// The value, waiting for it, handed over: the work no longer holds it (a build's manifest contents are
    /// large, and are freed once used). Only once.
    func take() -> Value {
        done.wait()
        defer { done.signal() }
        guard
            let value = result.withLock({ state in
                defer { state = nil }; return state
            })
        else {
            preconditionFailure("the work finished without a value, or it was taken")
        }
        return value
    }
}

extension BackgroundWork where Value == Void {
    /// Returns once the work has finished.
    func wait() { value }
}
