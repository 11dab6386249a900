import Dispatch
import Foundation

/// One tab of the browser, in a browser context of its own, that prints one page at a time.
///
/// Every request its pages make is paused (`Fetch.enable`) and answered: continued when the `NetworkPolicy` allows
/// it, failed as blocked otherwise, so no request leaves the machine and no page waits for an answer that never
/// comes. A tab is used by one thread at a time; after a failure, or after its batch of pages, it is closed with its
/// context (which frees what its pages held) and a new one is opened.
///
/// A page is loaded by navigating to its file, or, when the tab shows a page of the same folder and neither page
/// has a script (`PrintTab.writable`), by writing it into the document shown (`Page.setDocumentContent`): its
/// addresses resolve as they would from its own file, and its PDF is the same, byte for byte, for less of
/// Chromium's CPU than a navigation (no new frame, script context or navigation through the browser process).
final class PrintTab: Sendable {
    /// The browser context, the tab and the flat session that drives it.
    let context: String
    let target: String
    let session: String
    /// How many pages the tab has printed.
    let printed = Mutex(0)
    /// How many pages the tab has loaded by navigating to their file (the others were written into its document).
    let navigations = Mutex(0)
    /// The page the tab shows now, as far as the next page is concerned.
    private let shown = Mutex(Shown.nothingReusable)
    /// The most one read of a PDF asks for, in bytes.
    let readSize: Int
    private let client: DevToolsClient
    private let events: Events

    /// The most one read of a PDF asks for by default: 1 MB (base64 makes its message a third larger).
    static let defaultReadSize = 1 << 20

    /// What the tab shows: a page whose document the next page of its folder may be written into, or not.
    private enum Shown {
        case nothingReusable
        /// A script-free page of `folder` (its absolute path), in the tab's main frame `frame`.
        case reusable(frame: String, folder: String)
    }

    private init(
        client: DevToolsClient, context: String, target: String, session: String, events: Events, readSize: Int
    ) {
        self.client = client
        self.context = context
        self.target = target
        self.session = session
        self.events = events
        self.readSize = readSize
    }

    /// Opens a tab in a new browser context, with the network limited by `policy`; PDFs are read `readSize`
    /// bytes at a time.
    static func open(
        client: DevToolsClient, policy: NetworkPolicy, timeout: Double, readSize: Int = defaultReadSize
    ) throws(DevToolsError) -> PrintTab {
        let context = try client.call(
            "Target.createBrowserContext", CreateContext(), timeout: timeout, returning: ContextCreated.self
        ).browserContextId
        let target: String
        do {
            target = try client.call(
                "Target.createTarget", CreateTarget(url: "about:blank", browserContextId: context), timeout: timeout,
                returning: TargetCreated.self
            ).targetId
        } catch {
            try? client.call("Target.disposeBrowserContext", ContextID(browserContextId: context), timeout: timeout)
            throw error
        }
        let events = Events()
        let tab: PrintTab
        do {
            let session = try client.call(
                "Target.attachToTarget", Attach(targetId: target, flatten: true), timeout: timeout,
                returning: Attached.self
            ).sessionId
            tab = PrintTab(
                client: client, context: context, target: target, session: session, events: events,
                readSize: max(1, readSize))
            // Weakly: the client keeps its listeners, and must not be kept alive by one.
            client.listen(to: session) { [weak client] event in
                guard let client else { return }
                events.handle(event, session: session, client: client, policy: policy)
            }
            try client.call("Page.enable", session: session, timeout: timeout)
            try client.call(
                "Page.setLifecycleEventsEnabled", Enabled(enabled: true), session: session, timeout: timeout)
            // Pages are laid out for print from the start: printing then finds the styles it needs already computed
            // (less of the renderer's CPU, for the same PDF bytes).
            try client.call(
                "Emulation.setEmulatedMedia", EmulatedMedia(media: "print"), session: session, timeout: timeout)
            try client.call("Fetch.enable", FetchPatterns(), session: session, timeout: timeout)
        } catch {
            try? client.call("Target.closeTarget", TargetID(targetId: target), timeout: timeout)
            try? client.call("Target.disposeBrowserContext", ContextID(browserContextId: context), timeout: timeout)
            throw error
        }
        return tab
    }

    /// Whether the tab is one of this connection's browser's.
    func belongs(to client: DevToolsClient) -> Bool { self.client === client }

    /// Closes the tab and disposes of its context (each step waiting at most `timeout` seconds).
    func close(timeout: Double) {
        client.stopListening(to: session)
        try? client.call("Target.closeTarget", TargetID(targetId: target), timeout: timeout)
        try? client.call("Target.disposeBrowserContext", ContextID(browserContextId: context), timeout: timeout)
    }

    /// Loads a report, waits for its fonts (at most `fontTimeout` seconds), turns its links into text, and prints
    /// it; the whole within `timeout` seconds.
    func print(_ job: PrintJob, timeout: Double, fontTimeout: Double) throws(PDFPrintFailure) -> PrintedPDF {
        let deadline = DispatchTime.now() + timeout
        func remaining() -> Double {
            let now = DispatchTime.now().uptimeNanoseconds
            return deadline.uptimeNanoseconds > now ? Double(deadline.uptimeNanoseconds - now) / 1e9 : 0
        }
        func step<Result>(_ stage: String, _ body: () throws(DevToolsError) -> Result) throws(PDFPrintFailure) -> Result
        {
            do {
                return try body()
            } catch {
                throw events.failure(for: error, stage: stage, timeout: timeout)
            }
        }
        events.startPage()
        defer { printed.withLock { $0 += 1 } }

        let folder = PathText.parent(of: job.htmlPath)
        let text = FileBytes.read(job.htmlPath).flatMap(Self.writable)
        let frame: String?
        let script: String
        if case .reusable(let shownFrame, let shownFolder) = shown.withLock({ $0 }), shownFolder == folder,
            let text
        {
            shown.withLock { $0 = .nothingReusable }
            try step("loading the page") { () throws(DevToolsError) in
                try client.call(
                    "Page.setDocumentContent", SetDocumentContent(frameId: shownFrame, html: text), session: session,
                    timeout: remaining())
            }
            frame = shownFrame
            script = Self.prepareScript(fontTimeout: fontTimeout, waitingForLoad: true)
        } else {
            shown.withLock { $0 = .nothingReusable }
            navigations.withLock { $0 += 1 }
            let url = URL(fileURLWithPath: job.htmlPath).absoluteString
            let navigation = try step("loading the page") { () throws(DevToolsError) in
                try client.call(
                    "Page.navigate", Navigate(url: url), session: session, timeout: remaining(),
                    returning: Navigated.self)
            }
            if let error = navigation.errorText { throw .loadFailed(error) }
            guard let loader = navigation.loaderId else {
                throw .loadFailed("the navigation did not start a new page")
            }
            try events.waitForLoad(of: loader, until: deadline, timeout: timeout)
            frame = navigation.frameId
            script = Self.prepareScript(fontTimeout: fontTimeout, waitingForLoad: false)
        }

        let evaluated = try step("waiting for the page's fonts") { () throws(DevToolsError) in
            try client.call(
                "Runtime.evaluate", Evaluate(expression: script), session: session, timeout: remaining(),
                returning: Evaluated.self)
        }
        let pdf = PrintToPDF(job)
        let stream = try step("printing") { () throws(DevToolsError) in
            try client.call("Page.printToPDF", pdf, session: session, timeout: remaining(), returning: Printed.self)
        }.stream
        let bytes = try read(stream, timeout: timeout, remaining: remaining)
        if text != nil, let frame {
            shown.withLock { $0 = .reusable(frame: frame, folder: folder) }
        }
        return PrintedPDF(
            bytes: PDFNormalizer.normalized(bytes), blockedRequests: events.blockedRequests(),
            fontsTimedOut: evaluated.result?.value == "timeout")
    }

    /// Reads a stream to its end and closes it, within `remaining()` seconds. Chromium marks the end only on a read
    /// that finds nothing left, so the next read is always on its way before the last one's reply is in: a PDF
    /// that fits in one chunk (most do) costs one round trip to the browser, not two.
    private func read(_ stream: String, timeout: Double, remaining: () -> Double) throws(PDFPrintFailure) -> [UInt8] {
        var inFlight: [DevToolsClient.PendingCall] = []
        defer {
            for call in inFlight { client.abandon(call) }
            client.send("IO.close", Handle(handle: stream), session: session)
        }
        func sendRead() throws(PDFPrintFailure) {
            do {
                inFlight.append(try client.start("IO.read", Read(handle: stream, size: readSize), session: session))
            } catch {
                throw events.failure(for: error, stage: "reading the PDF", timeout: timeout)
            }
        }
        try sendRead()
        try sendRead()
        var bytes: [UInt8] = []
        while true {
            if inFlight.isEmpty { try sendRead() }
            let call = inFlight.removeFirst()
            let chunk: Chunk
            do {
                chunk = try client.finish(call, timeout: remaining(), returning: Chunk.self)
            } catch {
                throw events.failure(for: error, stage: "reading the PDF", timeout: timeout)
            }
            let data: [UInt8]
            if chunk.base64Encoded == true {
                guard let decoded = Data(base64Encoded: chunk.data) else {
                    throw .browserFailed("IO.read gave data that is not base64")
                }
                data = Array(decoded)
            } else {
                data = Array(chunk.data.utf8)
            }
            bytes += data
            if chunk.eof { return bytes }
            // A full chunk may be followed by more: keep one read ahead.
            if data.count >= readSize { try sendRead() }
        }
    }

    /// The script run before printing: it waits for the `load` event when asked (a page written into the document
    /// shown loads its stylesheets after the write), moves every link's address from `href` to `data-href` (so the
    /// PDF has no link annotations, and the print stylesheet shows web addresses as text), then waits for the fonts.
    static func prepareScript(fontTimeout: Double, waitingForLoad: Bool) -> String {
        let milliseconds = Int((fontTimeout * 1000).rounded())
        let load =
            waitingForLoad
            ? "if (document.readyState !== 'complete') await new Promise(resolve => "
                + "addEventListener('load', resolve, { once: true }));"
            : ""
        return """
            (async () => {
              \(load)
              for (const link of document.querySelectorAll('a[href]')) {
                link.setAttribute('data-href', link.getAttribute('href'));
                link.removeAttribute('href');
              }
              return Promise.race([
                document.fonts.ready.then(() => 'ready'),
                new Promise(resolve => setTimeout(() => resolve('timeout'), \(milliseconds))),
              ]);
            })()
            """
    }

    /// A page's text, when it may be written into the document of another page of its folder: valid UTF-8 that
    /// says it is (`charset="utf-8"`), with no `<script` and no `on…=` event handler attribute, so that neither it
    /// nor the page before it leaves anything running, or any state, in the window they share. Otherwise nil, and
    /// the page is loaded by navigating to its file. The test is cautious: text that merely looks like a handler
    /// makes the page navigate, which gives the same PDF.
    static func writable(_ html: [UInt8]) -> String? {
        let lowered = html.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        func has(_ needle: String) -> Bool {
            let bytes = Array(needle.utf8)
            return lowered.indices.contains { start in lowered[start...].starts(with: bytes) }
        }
        guard has("charset=\"utf-8\"") || has("charset=utf-8"), !has("<script"), !hasEventHandler(lowered) else {
            return nil
        }
        return String(validating: html, as: UTF8.self)
    }

    /// Whether lowercased HTML has white space, `on`, letters, optional white space and `=`: an event handler
    /// attribute, or text that looks like one.
    private static func hasEventHandler(_ lowered: [UInt8]) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
        }
        func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        var index = 0
        while index + 3 < lowered.count {
            defer { index += 1 }
            guard isSpace(lowered[index]) || lowered[index] == 0x2F, lowered[index + 1] == 0x6F,
                lowered[index + 2] == 0x6E,
                isLetter(lowered[index + 3])
            else { continue }
            var next = index + 3
            while next < lowered.count, isLetter(lowered[next]) { next += 1 }
            while next < lowered.count, isSpace(lowered[next]) { next += 1 }
            if next < lowered.count, lowered[next] == 0x3D { return true }
        }
        return false
    }
}
