import CarePress

/// What the preview server has to say to the person running it, for the command line to print.
public enum PreviewMessage: Sendable {
    /// A build finished; `changes` are the files whose change started it (empty for the first build).
    case built(BuildReport, changes: [String])
    /// The folders watched, and how.
    case watching(roots: [String], mode: FileWatcher.Mode)
    /// The server listens at `url`; `reachableFromNetwork` when it is bound to more than loopback.
    case listening(url: String, reachableFromNetwork: Bool)
    /// The server is stopping (Ctrl-C).
    case stopping
}
