import Foundation

/// Fixed slots that parallel workers fill by index, so results keep their input order whatever the scheduling.
final class Slots<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return values[index]
        }
        set {
            lock.lock()
            values[index] = newValue
            lock.unlock()
        }
    }
}
