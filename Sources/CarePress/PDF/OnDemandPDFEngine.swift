/// A `PDFEngine` started by the first page to print, so that a build with nothing to print (a no-op nightly
/// rebuild) never starts a browser; the Chromium to use is found up front.
public final class OnDemandPDFEngine: Sendable {
    private enum State {
        case notStarted
        case running(PDFEngine)
        case failed(PDFEngineError)
        case shutDown
    }

    private let options: PDFEngine.Options
    private let state = Mutex(State.notStarted)

    /// Finds the browser now (throwing when there is none) and starts it when the first page is printed.
    public init(_ options: PDFEngine.Options) throws(PDFEngineError) {
        var options = options
        if options.executable == nil {
            switch ChromiumLocator.locate() {
            case .success(let found): options.executable = found
            case .failure(let error): throw error
            }
        }
        self.options = options
    }

    /// Why the browser did not start, if it was started and failed.
    public var startFailure: PDFEngineError? {
        state.withLock { state in
            if case .failed(let error) = state { return error }
            return nil
        }
    }

    /// Prints one report, starting the browser first if this is the first.
    public func print(_ job: PrintJob) -> Result<PrintedPDF, PDFPrintFailure> {
        let engine = state.withLock { state -> Result<PDFEngine, PDFPrintFailure> in
            switch state {
            case .running(let engine):
                return .success(engine)
            case .failed(let error):
                return .failure(.browserFailed(error.message))
            case .shutDown:
                return .failure(.browserFailed("the PDF engine was shut down"))
            case .notStarted:
                let started = Result { () throws(PDFEngineError) in try PDFEngine.start(options) }
                switch started {
                case .success(let engine):
                    state = .running(engine)
                    return .success(engine)
                case .failure(let error):
                    state = .failed(error)
                    return .failure(.browserFailed(error.message))
                }
            }
        }
        return engine.flatMap { $0.print(job) }
    }

    /// Shuts the browser down, if it was started.
    public func shutdown() {
        let engine = state.withLock { state -> PDFEngine? in
            defer { state = .shutDown }
            if case .running(let engine) = state { return engine }
            return nil
        }
        engine?.shutdown()
    }
}
