import CarePress
import Foundation

/// The reload channel: the last build's state, and the open pages listening for the next one (Server-Sent Events).
public final class ReloadChannel: Sendable {
    /// One listening page's stream of event-stream text.
    public typealias Events = AsyncStream<String>

    private struct Listeners {
        var state = PreviewState()
        var next = 0
        var open: [Int: Events.Continuation] = [:]
        var finished = false
    }

    private let listeners = Mutex(Listeners())

    /// Creates a channel with nobody listening.
    public init() {}

    /// The state of the last build.
    public var state: PreviewState { listeners.withLock { $0.state } }

    /// How many pages are listening.
    public var listenerCount: Int { listeners.withLock { $0.open.count } }

    /// A new listener's events, starting with the current state; `id` is for `close`.
    public func listen() -> (id: Int, events: Events) {
        let (events, continuation) = Events.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = listeners.withLock { listeners -> Int in
            if listeners.finished {
                continuation.finish()
                return -1
            }
            let id = listeners.next
            listeners.next += 1
            listeners.open[id] = continuation
            continuation.yield("retry: 1000\n\n" + Self.event("state", listeners.state))
            return id
        }
        return (id, events)
    }

    /// Stops one listener's events.
    public func close(_ id: Int) {
        listeners.withLock { $0.open.removeValue(forKey: id) }?.finish()
    }

    /// Records a build's state and tells every listener.
    public func publish(_ state: PreviewState) {
        listeners.withLock { listeners in
            listeners.state = state
            let text = Self.event("build", state)
            for continuation in listeners.open.values { continuation.yield(text) }
        }
    }

    /// Sends a comment to every listener, so that connections that went away are noticed and closed.
    public func heartbeat() {
        listeners.withLock { listeners in
            for continuation in listeners.open.values { continuation.yield(": heartbeat\n\n") }
        }
    }

    /// Ends every listener's events, and those of listeners that come later (the server is stopping).
    public func finish() {
        let open = listeners.withLock { listeners in
            listeners.finished = true
            defer { listeners.open = [:] }
            return Array(listeners.open.values)
        }
        for continuation in open { continuation.finish() }
    }

    /// One event in event-stream format: `event: NAME` and the state as JSON on one `data:` line.
    static func event(_ name: String, _ state: PreviewState) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // JSONEncoder escapes line breaks inside strings, so the data is one line.
        return "event: \(name)\ndata: \(json)\n\n"
    }
}
