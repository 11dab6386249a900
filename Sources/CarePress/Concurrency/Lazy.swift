/// A value made the first time it is asked for, once, by the thread that asks first (the others wait for it): for
/// what a build may not need at all, such as the condition matcher of a build with no physio report to render.
final class Lazy<Value: Sendable>: Sendable {
    private let state = Mutex<Value?>(nil)
    private let make: @Sendable () -> Value

    /// A value that `make` makes when it is first asked for.
    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if it was not yet.
    var value: Value {
        state.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
