/// Pages of the reports index rendered by earlier builds of a session, used again when everything a page shows is
/// the same: an edit of one record re-renders only the page that lists it (and every page when the counts, the number
/// of pages, the theme or the settings change).
public final class RenderedIndexPages: Sendable {
    /// Everything one page of the index is made from.
    struct Key: Equatable {
        /// The digest of the shared inputs: the settings, the knowledge store, the theme, the tool.
        var inputs: ContentDigest
        var page: Int
        var pageCount: Int
        var countLine: String
        var total: String
        var counts: [Attention.Level: Int]
        /// The attention level of the report before the page's first, which says whether a section continues.
        var previousLevel: Attention.Level?
        var items: Items
    }

    /// The reports a page lists.
    enum Items: Equatable {
        /// By the digests of their stored summaries (a session's build): byte for byte, and without decoding them.
        case digests([ContentDigest])
        /// The summaries themselves.
        case summaries([ReportSummary])
    }

    private struct State {
        /// Each page with what made it, and what the link check found in it once it was checked.
        var pages: [Int: (key: Key, file: OutputFile, links: [Diagnostic]?)] = [:]
        var reused = 0
    }

    private let state = Mutex(State())

    /// An empty set of pages.
    public init() {}

    /// How many pages were used again rather than rendered, over the session.
    public var reusedCount: Int { state.withLock { $0.reused } }

    /// The page made from `key` by an earlier build, if any.
    func file(for key: Key) -> OutputFile? {
        state.withLock { state in
            guard let kept = state.pages[key.page], kept.key == key else { return nil }
            state.reused += 1
            return kept.file
        }
    }

    /// Keeps a page just rendered from `key`.
    func keep(_ file: OutputFile, for key: Key) {
        state.withLock { $0.pages[key.page] = (key, file, nil) }
    }

    /// Notes what the link check found in a page kept (and just checked), so that the page is not checked again when
    /// it is used again: its links lead to the same files, since everything it shows is the same.
    func keepLinks(_ diagnostics: [Diagnostic], page: Int) {
        state.withLock { state in state.pages[page]?.links = diagnostics }
    }

    /// What the link check found in a kept page, if it was checked.
    func links(page: Int) -> [Diagnostic]? {
        state.withLock { $0.pages[page]?.links }
    }

    /// Forgets the pages after the last one.
    func keepOnly(pageCount: Int) {
        state.withLock { state in state.pages = state.pages.filter { $0.key <= pageCount } }
    }
}
