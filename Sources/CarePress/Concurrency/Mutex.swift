import Foundation

/// State shared between threads, reached only inside `withLock`, so every access holds the lock.
///
/// The one lock abstraction of the library (as swift-argument-parser's `Utilities/Mutex.swift`): never pair
/// `NSLock` calls by hand. `Synchronization.Mutex` would do, but it needs macOS 15.
public final class Mutex<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    /// Protects an initial state.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state and returns what it returns; not reentrant.
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
