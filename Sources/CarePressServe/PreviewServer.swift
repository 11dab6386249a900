import CarePress
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `carepress serve`: builds once, serves the output folder over HTTP with live reload, and rebuilds on every change
/// of the content or the theme until Ctrl-C.
public enum PreviewServer {
    /// Why the server could not run.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, for the terminal: whole lines (`error: ...`, then any hint).
        public var description: String
    }

    /// Builds, then serves and watches until the process gets SIGINT or SIGTERM; `report` is told what happens.
    public static func run(_ options: PreviewOptions, report: @escaping @Sendable (PreviewMessage) -> Void)
        async throws(Failure)
    {
        // Nothing is built (nor the output folder made) where there is no project, or where the server cannot listen.
        if let missing = SiteProject.missing(options.build.contentPath) {
            throw Failure(description: missing.description)
        }
        if let problem = PortProbe.problem(host: options.host, port: options.port) { throw problem }
        let channel = ReloadChannel()
        // Watch before the first build, so that a change made while it runs is not missed.
        let watcher = FileWatcher(roots: options.watchedFolders, poll: options.poll, quiet: options.quiet)
        let session = PreviewSession(
            options: options.build, channel: channel)
        report(session.built(session.build(), changes: []))
        report(.watching(roots: watcher.roots, mode: watcher.mode))

        let root = OutputWriter.absoluteRoot(options.build.outputPath)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let port = Mutex(options.port)
        let responder = LateResponder()
        var logger = Logger(label: "carepress.serve")
        logger.logLevel = .critical
        let app = Application(
            responder: responder,
            server: ConnectionLimits.server(timeout: options.idleTimeout),
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port), serverName: "carepress",
                availableConnectionsDelegate: ConnectionLimits.connections(options.maxConnections)),
            services: [PreviewService(watcher: watcher, session: session, channel: channel, report: report)],
            onServerRunning: { server in
                let bound = server.localAddress?.port ?? options.port
                port.withLock { $0 = bound }
                responder.install(
                    PreviewResponder(
                        root: root, hosts: AllowedHosts(boundHost: options.host, port: bound), channel: channel))
                let hosts = AllowedHosts(boundHost: options.host, port: bound)
                let everywhere = Self.isWildcard(options.host)
                // A wildcard address is no place to browse to; this machine's loopback reaches it.
                let shown = everywhere ? (options.host.contains(":") ? "::1" : "127.0.0.1") : options.host
                report(
                    .listening(
                        url: "http://\(Self.urlHost(shown)):\(bound)/", reachableFromNetwork: !hosts.isLoopbackOnly,
                        bound: "\(Self.urlHost(options.host)):\(bound)", allInterfaces: everywhere))
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            throw Failure(description: Self.describe(error, host: options.host, port: options.port))
        }
        report(.stopping)
    }

    /// Whether `host` is the address of every interface (`0.0.0.0`, `::`).
    static func isWildcard(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if inet_pton(AF_INET, unbracketed, &v4) == 1 { return v4.s_addr == 0 }
        if inet_pton(AF_INET6, unbracketed, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { $0.allSatisfy { $0 == 0 } }
        }
        return false
    }

    /// A host as it appears in a URL (`[::1]` for an IPv6 address).
    static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    private static func describe(_ error: any Error, host: String, port: Int) -> String {
        let text = String(describing: error)
        if text.contains("Address already in use") || text.contains("EADDRINUSE") {
            return Failure(bindFailure: EADDRINUSE, host: host, port: port).description
        }
        return "error: cannot serve on \(urlHost(host)):\(port): \(text)"
    }
}

/// The responder, installed once the server knows its port (the allowed `Host` values include it).
private final class LateResponder: HTTPResponder, Sendable {
    typealias Context = BasicRequestContext
    private let installed = Mutex<PreviewResponder?>(nil)

    func install(_ responder: PreviewResponder) {
        installed.withLock { $0 = responder }
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let responder = installed.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
        return try await responder.respond(to: request, context: context)
    }
}

/// Runs the watcher and the channel's heartbeat beside the HTTP server, and stops them with it.
private struct PreviewService: Service {
    let watcher: FileWatcher
    let session: PreviewSession
    let channel: ReloadChannel
    let report: @Sendable (PreviewMessage) -> Void

    func run() async throws {
        let session = self.session
        let report = self.report
        watcher.start { changes in
            report(session.built(session.build(after: changes), changes: changes))
        }
        // Until the server stops: a heartbeat every 15 seconds, so that connections of closed pages are noticed.
        var seconds = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await Task.sleep(for: .seconds(1))
            seconds += 1
            if seconds % 15 == 0 { channel.heartbeat() }
        }
        watcher.stop()
        channel.finish()
    }
}
