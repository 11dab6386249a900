/// The warnings a session's builds (`carepress serve`) have printed, so that a rebuild prints only what is new: every
/// error (it still stops the record), and the warnings the build before did not have. A warning that goes and comes
/// back, or moves (another line, another message), is new again.
public final class WarningsShown: Sendable {
    private let shown = Mutex(Set<Diagnostic>())

    /// None yet.
    public init() {}

    /// What of a build's diagnostics to print, in their order, and how many warnings were left out because the last
    /// build printed them; remembers this build's warnings for the next.
    public func unseen(in diagnostics: [Diagnostic]) -> (print: [Diagnostic], repeated: Int) {
        let warnings = Set(diagnostics.filter { $0.severity == .warning })
        let earlier = shown.withLock { shown in
            defer { shown = warnings }
            return shown
        }
        let print = diagnostics.filter { $0.severity == .error || !earlier.contains($0) }
        return (print, diagnostics.count - print.count)
    }
}
