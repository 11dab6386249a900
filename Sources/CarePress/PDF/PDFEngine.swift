import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints reports to PDF with one headless Chromium, driven over the DevTools protocol through a pipe.
///
/// One browser serves a whole build; `tabs` pages print at once, each in a tab with its own browser context, which
/// is closed and replaced after `pagesPerContext` pages (to bound the memory pages leave behind) and after any
/// failure. Pages load only files of one folder (`NetworkPolicy`); each has `pageTimeout` seconds, so a page that
/// hangs or crashes fails alone. Should the browser itself exit, it is started again (up to `restarts` times) for
/// the pages still to come. `print` may be called from many threads at once.
public final class PDFEngine: Sendable {
    /// How the engine runs.
    public struct Options: Sendable {
        /// The folder whose files pages may load (the output folder); everything else is blocked.
        public var root: String
        /// Pages printed at once, each in its own tab.
        public var tabs: Int
        /// The longest one page may take, from loading to the last byte of its PDF, in seconds.
        public var pageTimeout: Double
        /// How long to wait for a page's fonts before printing it anyway, in seconds.
        public var fontTimeout: Double
        /// Pages a tab prints before its browser context is recycled. A tab's memory stops growing after a few dozen
        /// reports (Chromium 156: the same from 50 to 300 pages), while opening a new context costs about as much
        /// as printing a few reports; the default of 200 keeps that cost small and the memory bounded all the same.
        public var pagesPerContext: Int
        /// The browser's executable; nil finds it (`ChromiumLocator`).
        public var executable: String?
        /// How many times a browser that exited is started again.
        public var restarts: Int
        /// The most one read of a PDF from the browser asks for, in bytes.
        var readSize = PrintTab.defaultReadSize

        /// Options for a folder; the rest have working defaults.
        public init(
            root: String, tabs: Int = 2, pageTimeout: Double = PDFEngine.defaultPageTimeout, fontTimeout: Double = 5,
            pagesPerContext: Int = 200, executable: String? = nil, restarts: Int = 2
        ) {
            self.root = root
            self.tabs = max(1, tabs)
            self.pageTimeout = pageTimeout
            self.fontTimeout = fontTimeout
            self.pagesPerContext = max(1, pagesPerContext)
            self.executable = executable
            self.restarts = restarts
        }
    }

    /// The default limit for one page, in seconds.
    public static let defaultPageTimeout = 60.0

    /// The engine's options.
    public let options: Options
    private let executable: String
    private let policy: NetworkPolicy
    private let browser: Mutex<Browser>
    private let idleTabs: Mutex<[PrintTab?]>
    private let tabTurns: DispatchSemaphore

    /// The running browser, and how many times it has been started.
    private enum Browser {
        case running(ChromiumProcess, starts: Int)
        case failed(String)
        case shutDown
    }

    /// Starts the browser; throws when there is none, or it does not start (the caller exits with status 2).
    public static func start(_ options: Options) throws(PDFEngineError) -> PDFEngine {
        let executable: String
        if let given = options.executable {
            executable = given
        } else {
            switch ChromiumLocator.locate() {
            case .success(let found): executable = found
            case .failure(let error): throw error
            }
        }
        // A write to a browser that has just died must fail with EPIPE, not kill the build.
        signal(SIGPIPE, SIG_IGN)
        let process = try ChromiumProcess.launch(executable: executable, timeout: startTimeout)
        return PDFEngine(options: options, executable: executable, process: process)
    }

    private init(options: Options, executable: String, process: ChromiumProcess) {
        self.options = options
        self.executable = executable
        self.policy = NetworkPolicy(root: options.root)
        self.browser = Mutex(.running(process, starts: 1))
        self.idleTabs = Mutex(Array(repeating: nil, count: options.tabs))
        self.tabTurns = DispatchSemaphore(value: options.tabs)
    }

    /// How long the browser has to start and answer, and each tab to open or close, in seconds.
    static let startTimeout = 30.0

    /// Prints one report; waits for a free tab first.
    public func print(_ job: PrintJob) -> Result<PrintedPDF, PDFPrintFailure> {
        tabTurns.wait()
        defer { tabTurns.signal() }
        var tab = idleTabs.withLock { $0.popLast() ?? nil }
        defer { idleTabs.withLock { $0.append(tab) } }
        let process: ChromiumProcess
        switch runningBrowser() {
        case .success(let running): process = running
        case .failure(let failure):
            tab = nil
            return .failure(failure)
        }
        if let open = tab, !open.belongs(to: process.client) {
            tab = nil
        }
        if tab == nil {
            do {
                tab = try PrintTab.open(
                    client: process.client, policy: policy, timeout: Self.startTimeout, readSize: options.readSize)
            } catch {
                return .failure(.browserFailed("Chromium could not open a tab (\(error))"))
            }
        }
        guard let current = tab else { return .failure(.browserFailed("no tab")) }
        let result: Result<PrintedPDF, PDFPrintFailure>
        do {
            result = .success(
                try current.print(job, timeout: options.pageTimeout, fontTimeout: options.fontTimeout))
        } catch {
            result = .failure(error)
        }
        if case .failure = result {
            current.close(timeout: 5)
            tab = nil
        } else if current.printed.withLock({ $0 }) >= options.pagesPerContext {
            current.close(timeout: Self.startTimeout)
            tab = nil
        }
        return result
    }

    /// Closes every tab and the browser; the engine prints nothing more.
    public func shutdown() {
        let tabs = idleTabs.withLock { tabs in
            defer { tabs = [] }
            return tabs.compactMap { $0 }
        }
        let process = browser.withLock { state -> ChromiumProcess? in
            defer { state = .shutDown }
            if case .running(let process, _) = state { return process }
            return nil
        }
        guard let process else { return }
        for tab in tabs where process.client.isConnected { tab.close(timeout: 5) }
        process.shutdown(grace: 5)
    }

    /// The browser, started again if it exited (within the allowed restarts).
    private func runningBrowser() -> Result<ChromiumProcess, PDFPrintFailure> {
        browser.withLock { state in
            switch state {
            case .shutDown:
                return .failure(.browserFailed("the PDF engine was shut down"))
            case .failed(let reason):
                return .failure(.browserFailed(reason))
            case .running(let process, let starts):
                if process.client.isConnected { return .success(process) }
                process.shutdown(grace: 0)
                guard starts <= options.restarts else {
                    state = .failed("Chromium exited, and was restarted \(options.restarts) times already")
                    return .failure(.browserFailed("Chromium exited"))
                }
                let launched = Result { () throws(PDFEngineError) in
                    try ChromiumProcess.launch(executable: executable, timeout: Self.startTimeout)
                }
                switch launched {
                case .success(let restarted):
                    state = .running(restarted, starts: starts + 1)
                    return .success(restarted)
                case .failure(let error):
                    let reason = "Chromium exited and could not be started again: \(error.message)"
                    state = .failed(reason)
                    return .failure(.browserFailed(reason))
                }
            }
        }
    }

    /// The running browser's process id, if it runs (for diagnostics and tests).
    var browserProcessID: Int32? {
        browser.withLock { state in
            if case .running(let process, _) = state { return process.pid }
            return nil
        }
    }

    /// Seconds as a short text: "30 s", "0.5 s".
    static func secondsText(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
