import Foundation

/// Small pieces the record pass shares: where a record's id stands, and summaries without rendering.
enum RecordCheck {
    /// Where a record's `id` value was written, for the duplicate-id error.
    static func idPosition(of record: Record) -> SourcePosition {
        switch record {
        case .consult(let consult): consult.idPosition
        case .physio(let physio): physio.idPosition
        case .stack(let stack): stack.idPosition
        }
    }
}

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
