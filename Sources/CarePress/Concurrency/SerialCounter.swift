/// A thread-safe increasing counter: work indexes for a pool, unique temporary file names within one process.
final class SerialCounter: Sendable {
    private let value = Mutex(0)

    /// A counter whose first `next()` is 1.
    init() {}

    /// How many numbers were given.
    var count: Int { value.withLock { $0 } }

    /// The next number: 1, 2, 3, ...
    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
