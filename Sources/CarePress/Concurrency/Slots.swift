/// Fixed slots that parallel workers fill by index, so results keep their input order whatever the scheduling.
final class Slots<Value>: @unchecked Sendable {
    private let values: Mutex<[Value?]>

    /// `count` empty slots.
    init(count: Int) {
        values = Mutex(Array(repeating: nil, count: count))
    }

    /// The value in a slot, nil while it is empty.
    subscript(index: Int) -> Value? {
        get { values.withLock { $0[index] } }
        set { values.withLock { $0[index] = newValue } }
    }

    /// The value in a slot, leaving it empty (so the slots no longer hold it).
    func take(_ index: Int) -> Value? {
        values.withLock { values in
            defer { values[index] = nil }
            return values[index]
        }
    }
}
