import CarePress

/// How `carepress serve` builds, watches and listens.
public struct PreviewOptions: Sendable {
    /// The build: content, theme and output folders, jobs.
    public var build: BuildOptions
    /// The address to bind: `127.0.0.1` (this machine only) unless asked otherwise.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// Whether to poll for changes instead of using inotify.
    public var poll: Bool
    /// Seconds without a change before a rebuild starts.
    public var quiet: Double
    /// Seconds a connection may take to send a whole request head (from when it opens, or from the end of its last
    /// response: the idle timeout of a kept-alive connection), and a request's body after its head.
    public var idleTimeout: Double
    /// The most connections open at once; more wait to be accepted until one closes.
    public var maxConnections: Int

    /// The default `idleTimeout`: a browser on this machine sends a whole request in milliseconds, and reopens a
    /// kept-alive connection the server closed without a word, so ten seconds bound what a stalled or hostile client
    /// holds without costing a page anything.
    public static let defaultIdleTimeout = 10.0
    /// The default `maxConnections`: a browser opens at most six connections to a server, plus one event stream per
    /// open page, so 128 leave room for a hundred open pages, while the descriptors they hold stay far below the usual
    /// limit of 1,024 open files, which the builds need too.
    public static let defaultMaxConnections = 128

    /// Creates options; the defaults are those of `carepress serve`.
    public init(
        build: BuildOptions, host: String = "127.0.0.1", port: Int = 8000, poll: Bool = false, quiet: Double = 0.1,
        idleTimeout: Double = defaultIdleTimeout, maxConnections: Int = defaultMaxConnections
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.poll = poll
        self.quiet = quiet
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// The folders watched: the content folder and the theme's folders (`--templates`, the project's `Templates/`,
    /// which is watched for even when it does not exist yet).
    public var watchedFolders: [String] {
        [build.contentPath] + (build.templatesPath.map { [$0] } ?? [])
            + [ThemeSource.projectTemplates(contentPath: build.contentPath)]
    }
}
