import Dispatch

/// A value computed on another thread while the caller does something else, then waited for.
final class Prefetch<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on a global queue, or runs it now when `inBackground` is false.
    init(inBackground: Bool, _ work: @escaping @Sendable () -> Value) {
        guard inBackground else {
            result.withLock { $0 = work() }
            done.signal()
            return
        }
        DispatchQueue.global().async {
            let value = work()
            self.result.withLock { $0 = value }
            self.done.signal()
        }
    }

    /// The value, once `work` has finished.
    var value: Value {
        done.wait()
        defer { done.signal() }
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the work finished without a value") }
        return value
    }

    /// The value, waiting for it, handed over: the prefetch no longer holds it (a build's manifest contents are
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
