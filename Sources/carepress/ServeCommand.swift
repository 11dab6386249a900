import ArgumentParser
import CarePress
import CarePressServe
import Foundation

/// `carepress serve`: a live preview of the site while its content and theme are edited.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on this machine, and rebuild and reload open pages on every change.",
        discussion: """
            Builds into the output folder exactly as `carepress build` does, then serves it at \
            http://127.0.0.1:8000/ and watches the content folder and the theme's folders. After a change it \
            rebuilds (only what changed) and tells open pages to reload; a stylesheet change is swapped in place. \
            Build errors show over the page until they are fixed; the last good pages stay served. The reload \
            script is added to pages as they are served, never written into the output folder. Ctrl-C stops it.
            """)

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var themeOptions: ThemeOptions

    @Option(help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output = "Output"

    @Option(
        help: ArgumentHelp(
            "The address to listen on; 0.0.0.0 makes the records reachable from the network.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "n"))
    var port = 8000

    @Flag(help: "Poll for changes instead of using inotify (for network and container file systems).")
    var poll = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Records processed at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Close a connection that has not sent a whole request head this long after it opened or after its last "
                + "response, or a request body this long after its head.", valueName: "seconds"))
    var idleTimeout = PreviewOptions.defaultIdleTimeout

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The most connections open at once; more wait to be accepted.", valueName: "n"))
    var maxConnections = PreviewOptions.defaultMaxConnections

    @Flag(help: "After each build, print how long its stages took.")
    var timings = false

    func validate() throws {
        try OptionValue.checkJobs(jobs)
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port)") }
        try OptionValue.checkSeconds(idleTimeout, option: "--idle-timeout", atMost: 86_400)
        guard maxConnections >= 1 else {
            throw ValidationError("--max-connections must be at least 1, not \(maxConnections)")
        }
    }

    func run() throws {
        let options = PreviewOptions(
            build: BuildOptions(
                contentPath: contentOptions.content, templatesPath: themeOptions.templates, outputPath: output,
                jobs: jobs ?? BuildOptions.defaultJobs),
            host: host, port: port, poll: poll, idleTimeout: idleTimeout, maxConnections: maxConnections)
        let output = self.output
        let timings = self.timings
        let failure = Mutex<PreviewServer.Failure?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do throws(PreviewServer.Failure) {
                try await PreviewServer.run(options) { message in
                    Self.print(message, output: output, timings: timings)
                }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let failure = failure.withLock({ $0 }) {
            Terminal.error(failure.description)
            throw ExitCode(1)
        }
    }

    /// Prints what the server says: builds and warnings on standard error, the address on standard output.
    static func print(_ message: PreviewMessage, output: String, timings: Bool) {
        switch message {
        case .built(let report, let changes, let diagnostics, let repeated):
            Terminal.report(diagnostics)
            if repeated > 0 {
                Terminal.error("(\(repeated) warning\(repeated == 1 ? "" : "s") printed before, not repeated)")
            }
            var line = report.buildSummary(outputPath: output)
            if let first = changes.first {
                let folder = FileManager.default.currentDirectoryPath + "/"
                let shown = first.hasPrefix(folder) ? String(first.dropFirst(folder.count)) : first
                line = "Changed \(shown)\(changes.count > 1 ? " and \(changes.count - 1) more" : ""). " + line
            }
            Terminal.error(line)
            if timings { Terminal.error("  " + report.stagesLine) }
        case .watching(_, .polling(let reason?)):
            Terminal.error("warning: \(reason); polling for changes instead")
        case .watching:
            break
        case .listening(let url, let reachableFromNetwork, let bound, let allInterfaces):
            if reachableFromNetwork {
                Terminal.error(
                    "warning: serving on all network interfaces: anyone who can reach this machine can read the "
                        + "reports, which hold patients' health records; use --host 127.0.0.1 unless you mean it")
            }
            let place = allInterfaces ? " (listening on all interfaces, \(bound))" : ""
            do {
                try StreamWriter.printLine("Serving \(output) at \(url)\(place) (Ctrl-C to stop)")
            } catch {
                // The server goes on: the address is on standard error instead.
                Terminal.error("Serving \(output) at \(url)\(place) (cannot write to standard output: \(error.reason))")
            }
        case .stopping:
            Terminal.error("Stopped.")
        }
    }
}
