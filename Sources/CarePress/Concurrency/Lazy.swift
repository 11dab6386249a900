import CAtomic
import Foundation

/// A value made the first time it is asked for, once, by the thread that asks first (the others wait for it): for
/// what a build may not need at all, such as the condition matcher of a build with no physio report to render, or the
/// parsed theme of a build that renders nothing.
///
/// Once made, the value is read without a lock: it is published with a release store and read with an acquire load,
/// so a reader that sees it sees it whole. Every render of a build that parses its theme this way reads it, on every
/// worker; a lock there made a forced rebuild of 12,000 records 6% slower.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    /// The value once made, held by the slot (retained by it) until the lazy value goes.
    private final class Made {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let lock = NSLock()
    private let make: @Sendable () -> Value
    /// The `Made` box, unretained in this pointer's eyes, or nil: written once, under the lock.
    private let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)

    /// A value that `make` makes when it is first asked for.
    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        slot.initialize(to: nil)
    }

    deinit {
        if let made = slot.pointee { Unmanaged<Made>.fromOpaque(made).release() }
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    /// The value, made now if it was not yet.
    var value: Value {
        if let made = carepress_load_acquire(slot) {
            return Unmanaged<Made>.fromOpaque(made).takeUnretainedValue().value
        }
        lock.lock()
        defer { lock.unlock() }
        if let made = slot.pointee { return Unmanaged<Made>.fromOpaque(made).takeUnretainedValue().value }
        let made = Made(make())
        carepress_store_release(slot, Unmanaged.passRetained(made).toOpaque())
        return made.value
    }
}
