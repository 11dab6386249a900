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

    /// Creates options; the defaults are those of `carepress serve`.
    public init(
        build: BuildOptions, host: String = "127.0.0.1", port: Int = 8000, poll: Bool = false, quiet: Double = 0.1
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.poll = poll
        self.quiet = quiet
    }

    /// The folders watched: the content folder and the theme's folders (`--templates`, the project's `Templates/`,
    /// which is watched for even when it does not exist yet).
    public var watchedFolders: [String] {
        [build.contentPath] + (build.templatesPath.map { [$0] } ?? [])
            + [ThemeSource.projectTemplates(contentPath: build.contentPath)]
    }
}
