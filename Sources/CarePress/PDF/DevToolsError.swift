/// Why a DevTools call did not return a result.
enum DevToolsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The browser answered with an error.
    case failed(method: String, message: String)
    /// No answer came in time.
    case timedOut(method: String, seconds: Double)
    /// The browser closed the pipe (it exited or crashed) or was never reached.
    case disconnected
    /// The answer was not what the protocol says.
    case malformedReply(method: String)

    var description: String {
        switch self {
        case .failed(let method, let message): "\(method) failed: \(message)"
        case .timedOut(let method, let seconds): "\(method) had no answer within \(PDFEngine.secondsText(seconds))"
        case .disconnected: "Chromium exited"
        case .malformedReply(let method): "\(method) gave an answer that could not be read"
        }
    }
}
