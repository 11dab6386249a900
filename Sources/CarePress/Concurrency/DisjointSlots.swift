/// One slot per index for work spread over `WorkerPool.run`, written without a lock: each slot is written by the one
/// worker that has its index, and read only once `run` has returned (which waits for every worker).
///
/// For work of a few microseconds an index (the scan's `stat` of a record file, the reuse of an unchanged record),
/// where a lock per slot had the workers queue on it and take turns rather than run side by side. `Slots` is the type
/// for anything else: a slot read while other slots are written, or written by more than one thread.
final class DisjointSlots<Value>: @unchecked Sendable {
    private let values: UnsafeMutableBufferPointer<Value?>

    /// `count` empty slots.
    init(count: Int) {
        values = .allocate(capacity: count)
        values.initialize(repeating: nil)
    }

    deinit {
        values.deinitialize()
        values.deallocate()
    }

    /// The value in a slot, nil while it is empty; written only by the worker of its index, read only after `run`.
    subscript(index: Int) -> Value? {
        get { values[index] }
        set { values[index] = newValue }
    }
}
