/// What may have changed since the last build of a session (`carepress serve`), as its file watcher saw it.
///
/// A build told exactly what changed reads only that: the records that did not change are taken from the manifest
/// without reading their files, and when nothing but record files changed, the settings, knowledge store, theme
/// and digests the session keeps (see `BuildCache`) are used again. A set that misses a change makes a stale build.
public enum ChangedFiles: Sendable, Equatable {
    /// Not known (a first build, events lost, polling, a build outside a session): every file is read.
    case unknown
    /// Only these files of the content folder changed (paths relative to it, e.g. `consults/hl-1.json`), and the
    /// theme's files did not (`theme` false) or may have (`theme` true).
    case known(content: Set<String>, theme: Bool)

    /// The content files named, or nil when not known.
    var content: Set<String>? {
        guard case .known(let content, _) = self else { return nil }
        return content
    }

    /// These changes followed by `later` ones: what changed since the build before both.
    public func then(_ later: ChangedFiles) -> ChangedFiles {
        guard case .known(let content, let theme) = self, case .known(let more, let moreTheme) = later else {
            return .unknown
        }
        return .known(content: content.union(more), theme: theme || moreTheme)
    }
}
