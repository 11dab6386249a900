import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One headless Chromium, started with `--remote-debugging-pipe` and spoken to through a `DevToolsClient`.
///
/// The browser reads commands from its file descriptor 3 and writes replies and events to its descriptor 4; both are
/// pipes to this process, so when this process dies (even by `kill -9`) the browser reads the end of its input and
/// exits with it. It runs in a process group of its own, with a fresh profile in a temporary folder, its output
/// discarded except a log kept for startup errors.
final class ChromiumProcess: Sendable {
    /// The browser's process id (also its process group's).
    let pid: pid_t
    /// The DevTools connection.
    let client: DevToolsClient
    /// The temporary profile folder, removed at shutdown.
    let profileFolder: String

    /// The switches every browser is started with: headless, no first-run work, no background networking, no
    /// throttling of background tabs (several tabs print at once), and a resolver that finds no host at all, so
    /// the browser itself cannot reach the network either. The omnibox's WebUI popups are switched off: a headless
    /// Chromium 156 otherwise keeps two renderers of its own for them, which take about half a second of CPU at
    /// start and then work on every page a tab loads (about a tenth of the CPU a printed report takes). The
    /// compositor runs on the renderer's main thread (`--disable-threaded-compositing`): the pages are never shown,
    /// and a compositor thread of its own makes frames for every page loaded (a quarter of the renderer's CPU, and
    /// most of the GPU process's, for a headless shell); the printed PDF is the same, byte for byte. The spare
    /// renderer that a full Chromium keeps warm is switched off: it is started again for almost every page printed.
    static let switches = [
        "--headless",
        "--remote-debugging-pipe",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--disable-component-extensions-with-background-pages",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-default-apps",
        "--disable-domain-reliability",
        "--disable-sync",
        "--disable-client-side-phishing-detection",
        "--disable-breakpad",
        "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "--disable-threaded-compositing",
        "--disable-features=Translate,MediaRouter,OptimizationHints,InterestFeedContentSuggestions,"
            + "CalculateNativeWinOcclusion,WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--no-proxy-server",
        "--mute-audio",
        "--hide-scrollbars",
    ]

    private init(pid: pid_t, client: DevToolsClient, profileFolder: String) {
        self.pid = pid
        self.client = client
        self.profileFolder = profileFolder
    }

    /// Starts a browser and waits (at most `timeout` seconds) until it answers over the pipe.
    static func launch(executable: String, timeout: Double) throws(PDFEngineError) -> ChromiumProcess {
        let template = NSTemporaryDirectory().appendingPathComponent("carepress-chromium-XXXXXX")
        var templateBytes = Array(template.utf8CString)
        guard let made = mkdtemp(&templateBytes) else {
            throw .chromiumDidNotStart("cannot make a temporary profile folder: \(String(cString: strerror(errno)))")
        }
        let profile = String(cString: made)
        var arguments = [executable] + switches + ["--user-data-dir=\(profile)"]
        // Chromium's sandbox refuses to run as root; as root it is started without it, as every container does.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("about:blank")

        // commands: we write, the browser reads (its fd 3); events: the browser writes (its fd 4), we read.
        guard let commands = pipePair(), let events = pipePair() else {
            try? FileManager.default.removeItem(atPath: profile)
            throw .chromiumDidNotStart("cannot make the DevTools pipes: \(String(cString: strerror(errno)))")
        }
        let spawned = spawn(
            arguments, descriptors: [(commands.read, 3), (events.write, 4)], log: profile + "/chromium.log")
        closeDescriptor(commands.read)
        closeDescriptor(events.write)
        guard case .success(let pid) = spawned else {
            closeDescriptor(commands.write)
            closeDescriptor(events.read)
            try? FileManager.default.removeItem(atPath: profile)
            if case .failure(let error) = spawned {
                throw .chromiumDidNotStart("cannot start \(executable): \(String(cString: strerror(error.code)))")
            }
            throw .chromiumDidNotStart("cannot start \(executable)")
        }
        let process = ChromiumProcess(
            pid: pid, client: DevToolsClient(writingTo: commands.write, readingFrom: events.read),
            profileFolder: profile)
        do {
            try process.client.call("Browser.getVersion", timeout: timeout)
        } catch {
            let log = process.logTail()
            process.shutdown(grace: 0)
            throw .chromiumDidNotStart(
                "\(executable) did not answer over its DevTools pipe (\(error))"
                    + (log.isEmpty ? "" : "; it said: \(log)"))
        }
        return process
    }

    /// Whether the browser process has exited (reaping it if so).
    var hasExited: Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result < 0 && errno == ECHILD)
    }

    /// Closes the browser: asks it to close, closes the pipe, waits up to `grace` seconds, then kills its process
    /// group; removes the profile folder.
    func shutdown(grace: Double) {
        if grace > 0 { client.send("Browser.close", DevToolsMessage.Empty(), session: nil) }
        client.close()
        let deadline = Date().addingTimeInterval(grace)
        while !hasExited && Date() < deadline { usleep(20_000) }
        if !hasExited {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        } else {
            // Helpers (zygote, renderers) leave with the browser; make sure none outlives it.
            kill(-pid, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: profileFolder)
    }

    /// The last lines the browser wrote to its log, for an error message.
    func logTail() -> String {
        guard let bytes = FileBytes.read(profileFolder + "/chromium.log") else { return "" }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").suffix(3)
        return lines.joined(separator: " / ")
    }

    /// A pipe whose two ends are numbered 10 or more and close on exec, so that moving them onto 3 and 4 in the
    /// child always clears close-on-exec, and no other child inherits them.
    private static func pipePair() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let read = fcntl(ends[0], F_DUPFD_CLOEXEC, 10)
        let write = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        closeDescriptor(ends[0])
        closeDescriptor(ends[1])
        guard read >= 0, write >= 0 else {
            if read >= 0 { closeDescriptor(read) }
            if write >= 0 { closeDescriptor(write) }
            return nil
        }
        return (read, write)
    }

    /// Starts a program in a process group of its own, with `descriptors` moved onto the given numbers, standard
    /// input and output on /dev/null and standard error into `log`; returns its pid or the error number.
    private static func spawn(_ arguments: [String], descriptors: [(Int32, Int32)], log: String) -> Result<
        pid_t, SpawnError
    > {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        for (from, to) in descriptors { posix_spawn_file_actions_adddup2(&actions, from, to) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The child starts with default signal handling (this process ignores SIGPIPE) and nothing blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }

    /// The error number `posix_spawn` returned.
    private struct SpawnError: Error {
        var code: Int32
    }
}
