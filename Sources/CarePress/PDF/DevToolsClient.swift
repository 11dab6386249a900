import Dispatch
import Foundation

/// A client of the Chrome DevTools protocol over a `DevToolsPipe`: numbered calls that wait for their reply (with a
/// time limit), and events routed to the listener of their session.
///
/// Calls may be made from any thread at once; each waits only for its own reply. Listeners run on the pipe's reader
/// thread and must not make calls themselves (they may `send`).
final class DevToolsClient: Sendable {
    /// An event the browser sent: its method and the whole message, for the listener to decode as it needs.
    struct Event: Sendable {
        /// The event's name, e.g. `Page.lifecycleEvent`; `DevToolsClient.disconnectedEvent` when the browser went.
        var method: String
        /// The message's JSON bytes.
        var message: [UInt8]

        /// Decodes the event's parameters.
        func parameters<Parameters: Decodable>(as type: Parameters.Type) -> Parameters? {
            try? JSONDecoder().decode(DevToolsMessage.Event<Parameters>.self, from: Data(message)).params
        }
    }

    /// The event every listener gets when the browser closes the pipe.
    static let disconnectedEvent = "CarePress.disconnected"

    private let router: Router
    private let pipe: DevToolsPipe

    /// Starts talking to a browser through its pipe's descriptors (ours: where we write, where we read).
    init(writingTo output: Int32, readingFrom input: Int32) {
        let router = Router()
        self.router = router
        self.pipe = DevToolsPipe(
            writingTo: output, readingFrom: input, onMessage: { router.receive($0) }, onClose: { router.close() })
    }

    /// Whether the browser still has its end of the pipe open.
    var isConnected: Bool { router.state.withLock(\.isOpen) }

    /// Calls a method and waits at most `timeout` seconds for it to succeed.
    func call(
        _ method: String, _ parameters: some Encodable = DevToolsMessage.Empty(), session: String? = nil,
        timeout: Double
    ) throws(DevToolsError) {
        _ = try call(method, parameters, session: session, timeout: timeout, returning: DevToolsMessage.Empty.self)
    }

    /// Calls a method and waits at most `timeout` seconds for its result.
    func call<Result: Decodable>(
        _ method: String, _ parameters: some Encodable = DevToolsMessage.Empty(), session: String? = nil,
        timeout: Double, returning type: Result.Type
    ) throws(DevToolsError) -> Result {
        try finish(start(method, parameters, session: session), timeout: timeout, returning: type)
    }

    /// Sends a call whose reply `finish` will wait for, so that several calls can be on their way at once (the
    /// browser answers a session's calls in the order they were sent).
    func start(
        _ method: String, _ parameters: some Encodable = DevToolsMessage.Empty(), session: String? = nil
    ) throws(DevToolsError) -> PendingCall {
        let waiter = Waiter()
        guard let id = router.register(waiter) else { throw .disconnected }
        guard let bytes = Self.encode(id: id, method, parameters, session: session), pipe.send(bytes) else {
            router.forget(id)
            throw .disconnected
        }
        return PendingCall(id: id, method: method, waiter: waiter)
    }

    /// Waits at most `timeout` seconds for the result of a call `start` sent.
    func finish<Result: Decodable>(
        _ call: PendingCall, timeout: Double, returning type: Result.Type
    ) throws(DevToolsError) -> Result {
        if call.waiter.done.wait(timeout: .now() + max(0, timeout)) == .timedOut {
            router.forget(call.id)
            throw .timedOut(method: call.method, seconds: timeout)
        }
        guard let reply = call.waiter.reply.withLock({ $0 }) else { throw .disconnected }
        let decoded: DevToolsMessage.Reply<Result>
        do {
            decoded = try JSONDecoder().decode(DevToolsMessage.Reply<Result>.self, from: Data(reply))
        } catch {
            throw .malformedReply(method: call.method)
        }
        if let failure = decoded.error { throw .failed(method: call.method, message: failure.message) }
        guard let result = decoded.result else { throw .malformedReply(method: call.method) }
        return result
    }

    /// Gives up on a call `start` sent: its reply, whenever it comes, is dropped.
    func abandon(_ call: PendingCall) {
        router.forget(call.id)
    }

    /// Sends a command without waiting for its reply (the reply is dropped); false when the browser has gone.
    @discardableResult
    func send(_ method: String, _ parameters: some Encodable, session: String?) -> Bool {
        guard let id = router.nextID(), let bytes = Self.encode(id: id, method, parameters, session: session) else {
            return false
        }
        return pipe.send(bytes)
    }

    /// Routes the events of a session (`nil`: the browser's own) to a listener, replacing any earlier one.
    func listen(to session: String?, _ listener: @escaping @Sendable (Event) -> Void) {
        router.state.withLock { $0.listeners[session ?? ""] = listener }
    }

    /// Stops routing a session's events.
    func stopListening(to session: String?) {
        _ = router.state.withLock { $0.listeners.removeValue(forKey: session ?? "") }
    }

    /// Closes our end of the pipe; the browser then shuts down.
    func close() {
        pipe.close()
    }

    private static func encode(id: Int, _ method: String, _ parameters: some Encodable, session: String?) -> [UInt8]? {
        let command = DevToolsMessage.Command(id: id, method: method, params: parameters, sessionId: session)
        return try? Array(JSONEncoder().encode(command))
    }

    /// A call on its way: sent by `start`, its reply waited for by `finish` (or dropped by `abandon`).
    struct PendingCall: Sendable {
        fileprivate let id: Int
        fileprivate let method: String
        fileprivate let waiter: Waiter
    }

    /// A call waiting for its reply.
    fileprivate final class Waiter: Sendable {
        let done = DispatchSemaphore(value: 0)
        let reply = Mutex<[UInt8]?>(nil)
    }

    /// The calls in flight and the listeners, shared by the callers and the reader thread.
    private final class Router: Sendable {
        struct State {
            var nextID = 1
            var waiting: [Int: Waiter] = [:]
            var listeners: [String: @Sendable (Event) -> Void] = [:]
            var isOpen = true
        }

        let state = Mutex(State())

        /// A new call id, or nil when the browser has gone.
        func nextID() -> Int? {
            state.withLock { state in
                guard state.isOpen else { return nil }
                defer { state.nextID += 1 }
                return state.nextID
            }
        }

        /// A new call id with a waiter for its reply, or nil when the browser has gone.
        func register(_ waiter: Waiter) -> Int? {
            state.withLock { state in
                guard state.isOpen else { return nil }
                defer { state.nextID += 1 }
                state.waiting[state.nextID] = waiter
                return state.nextID
            }
        }

        /// Drops a call that timed out or could not be sent.
        func forget(_ id: Int) {
            _ = state.withLock { $0.waiting.removeValue(forKey: id) }
        }

        /// Hands a reply to its waiter, or an event to its session's listener.
        func receive(_ message: [UInt8]) {
            guard let envelope = try? JSONDecoder().decode(DevToolsMessage.Envelope.self, from: Data(message)) else {
                return
            }
            if let id = envelope.id {
                guard let waiter = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
                waiter.reply.withLock { $0 = message }
                waiter.done.signal()
            } else if let method = envelope.method {
                let listener = state.withLock { $0.listeners[envelope.sessionId ?? ""] }
                listener?(Event(method: method, message: message))
            }
        }

        /// The browser has gone: every waiting call fails, and every listener hears of it.
        func close() {
            let (waiters, listeners) = state.withLock { state in
                state.isOpen = false
                defer { state.waiting = [:] }
                return (Array(state.waiting.values), Array(state.listeners.values))
            }
            for waiter in waiters { waiter.done.signal() }
            for listener in listeners { listener(Event(method: DevToolsClient.disconnectedEvent, message: [])) }
        }
    }
}
