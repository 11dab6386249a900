import Dispatch

extension PrintTab {
    /// What the tab's session reports, read by the printing thread: loads, a crash, blocked requests.
    final class Events: Sendable {
        struct State {
            var loaded: Set<String> = []
            var crashed = false
            var disconnected = false
            var blocked: [String] = []
        }

        let state = Mutex(State())
        let changed = DispatchSemaphore(value: 0)

        /// Forgets the last page's loads and blocked requests.
        func startPage() {
            state.withLock { state in
                state.loaded = []
                state.blocked = []
            }
        }

        /// The blocked requests of the current page.
        func blockedRequests() -> [String] { state.withLock(\.blocked) }

        /// Handles one event of the session, on the pipe's reader thread.
        func handle(_ event: DevToolsClient.Event, session: String, client: DevToolsClient, policy: NetworkPolicy) {
            switch event.method {
            case "Fetch.requestPaused":
                guard let paused = event.parameters(as: RequestPaused.self) else { return }
                // Every paused request is answered at once, one way or the other.
                if policy.allows(paused.request.url) {
                    client.send("Fetch.continueRequest", RequestID(requestId: paused.requestId), session: session)
                } else {
                    client.send(
                        "Fetch.failRequest", FailRequest(requestId: paused.requestId, errorReason: "BlockedByClient"),
                        session: session)
                    state.withLock { $0.blocked.append(paused.request.url) }
                }
            case "Page.lifecycleEvent":
                guard let lifecycle = event.parameters(as: Lifecycle.self), lifecycle.name == "load" else { return }
                state.withLock { _ = $0.loaded.insert(lifecycle.loaderId) }
                changed.signal()
            case "Inspector.targetCrashed":
                state.withLock { $0.crashed = true }
                changed.signal()
            case DevToolsClient.disconnectedEvent, "Inspector.detached":
                state.withLock { $0.disconnected = true }
                changed.signal()
            default:
                break
            }
        }

        /// Waits until the document of `loader` has loaded, the page crashed or the browser went.
        func waitForLoad(of loader: String, until deadline: DispatchTime, timeout: Double) throws(PDFPrintFailure) {
            while true {
                let (loaded, crashed, disconnected) = state.withLock {
                    ($0.loaded.contains(loader), $0.crashed, $0.disconnected)
                }
                if crashed { throw .pageCrashed }
                if disconnected { throw .browserFailed("Chromium exited") }
                if loaded { return }
                if changed.wait(timeout: deadline) == .timedOut {
                    throw .timedOut(stage: "loading the page", seconds: timeout)
                }
            }
        }

        /// The failure a call's error means for the page: a crash when the renderer crashed meanwhile.
        func failure(for error: DevToolsError, stage: String, timeout: Double) -> PDFPrintFailure {
            let (crashed, disconnected) = state.withLock { ($0.crashed, $0.disconnected) }
            if crashed { return .pageCrashed }
            switch error {
            case .timedOut: return .timedOut(stage: stage, seconds: timeout)
            case .disconnected: return .browserFailed("Chromium exited")
            case .failed, .malformedReply:
                return disconnected ? .browserFailed("Chromium exited") : .browserFailed("\(error)")
            }
        }
    }
}
