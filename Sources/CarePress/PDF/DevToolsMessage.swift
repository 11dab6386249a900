/// The shapes of the DevTools protocol's messages: commands out; replies and events in.
enum DevToolsMessage {
    /// A command: `{"id", "method", "params", "sessionId"}` (no `sessionId` for the browser's own commands).
    struct Command<Parameters: Encodable>: Encodable {
        var id: Int
        var method: String
        var params: Parameters
        var sessionId: String?
    }

    /// What every incoming message is read as first, to route it: replies have an id, events a method.
    struct Envelope: Decodable {
        var id: Int?
        var method: String?
        var sessionId: String?
    }

    /// A reply: its result, or an error.
    struct Reply<Result: Decodable>: Decodable {
        var result: Result?
        var error: Failure?
    }

    /// The error of a reply.
    struct Failure: Decodable {
        var code: Int
        var message: String
    }

    /// An event and its parameters.
    struct Event<Parameters: Decodable>: Decodable {
        var params: Parameters
    }

    /// No parameters, or a result nothing is read from.
    struct Empty: Codable, Sendable {}
}
