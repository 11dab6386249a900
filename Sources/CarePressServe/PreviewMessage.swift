import CarePress

/// What the preview server has to say to the person running it, for the command line to print.
public enum PreviewMessage: Sendable {
    /// A build finished; `changes` are the files whose change started it (empty for the first build); `diagnostics`
    /// are those of its diagnostics to print (errors, and warnings the build before did not have), `repeated` the
    /// number of warnings left out as printed before (see `WarningsShown`).
    case built(BuildReport, changes: [String], diagnostics: [Diagnostic], repeated: Int)
    /// The folders watched, and how.
    case watching(roots: [String], mode: FileWatcher.Mode)
    /// The server listens at `url` (an address to browse to); `reachableFromNetwork` when it is bound to more than
    /// loopback; `bound` is the address and port it is bound to (`0.0.0.0:8000`), `allInterfaces` when that is every
    /// interface of the machine (and `url` then names its loopback).
    case listening(url: String, reachableFromNetwork: Bool, bound: String, allInterfaces: Bool)
    /// The server is stopping (Ctrl-C).
    case stopping
}
