/// Why one report's PDF was not made; the other reports are still printed.
public enum PDFPrintFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A step of printing did not finish in time (the page hung, or the browser stopped answering).
    case timedOut(stage: String, seconds: Double)
    /// The page's renderer crashed.
    case pageCrashed
    /// The page could not be loaded (Chromium's error, e.g. `net::ERR_FILE_NOT_FOUND`).
    case loadFailed(String)
    /// The browser failed or exited while printing, and could not be started again.
    case browserFailed(String)

    /// What went wrong, for a located error line.
    public var description: String {
        switch self {
        case .timedOut(let stage, let seconds):
            "the PDF was not made: \(stage) did not finish within \(PDFEngine.secondsText(seconds))"
        case .pageCrashed: "the PDF was not made: the page crashed in Chromium"
        case .loadFailed(let reason): "the PDF was not made: Chromium could not load the page (\(reason))"
        case .browserFailed(let reason): "the PDF was not made: \(reason)"
        }
    }
}
