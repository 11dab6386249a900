import Atomics
import Foundation

/// A value made the first time it is asked for, once, by the thread that asks first (the others wait for it): for
/// what a build may not need at all, such as the condition matcher of a build with no physio report to render, or the
/// parsed theme of a build that renders nothing.
///
/// Once made, the value is read without a lock (swift-atomics' `ManagedAtomicLazyReference`: published with a
/// release store, read with an acquire load), since every render of a build reads the parsed theme this way.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    /// The value once made.
    private final class Made: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let lock = NSLock()
    private let make: @Sendable () -> Value
    private let made = ManagedAtomicLazyReference<Made>()

    /// A value that `make` makes when it is first asked for.
    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if it was not yet.
    var value: Value {
        if let made = made.load() { return made.value }
        lock.lock()
        defer { lock.unlock() }
        if let made = made.load() { return made.value }
        return made.storeIfNilThenLoad(Made(make())).value
    }
}
