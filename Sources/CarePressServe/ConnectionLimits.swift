import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// What a client may hold of the preview: connections that send nothing, or a request a byte at a time, are closed
/// after a bound, and at most so many connections are open at once (more wait in the system's queue of connections
/// to accept until one closes), so the descriptors they take stay far below what a rebuild needs.
enum ConnectionLimits {
    /// HTTP/1.1 with Hummingbird's idle timeout, which closes a connection that has not sent a whole request head
    /// within `timeout` of opening or of the end of its last response (a head sent in part is no request; a response
    /// still being written, such as the reload channel's event stream, is never cut), and a request body's deadline.
    static func server(timeout seconds: Double) -> HTTPServerBuilder {
        let timeout = TimeAmount.nanoseconds(Int64(seconds * 1_000_000_000))
        return .http1(
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [RequestBodyDeadline(timeout)], idleTimeout: timeout))
    }

    /// Accepts at most `maximum` connections at once.
    static func connections(_ maximum: Int) -> MaximumAvailableConnections {
        MaximumAvailableConnections(maximum)
    }
}

/// Closes a connection whose request has not ended `limit` after its head. Hummingbird's idle timeout counts from the
/// last part read, so without this a body sent a byte at a time would hold its connection for ever.
final class RequestBodyDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let limit: TimeAmount
    private var deadline: Scheduled<Void>?

    init(_ limit: TimeAmount) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { context.close(promise: nil) }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }
}
