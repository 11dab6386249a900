/// The rows of the reports index's filter data (`reports/index-data.js`) that earlier builds of a session encoded, a
/// page of the index at a time, used again when a page lists the same reports after the same table entries: an edit
/// of one record encodes the rows of the page that lists it, not every report's (and every page's when the pages
/// shift or an earlier page adds a title, status or reason to the tables).
///
/// A page's rows depend only on its summaries and on the tables of strings as the pages before it left them (rows
/// refer to table entries by position; a page adds the strings it is first to use). So a page is found by its number,
/// the digests of its stored summaries (their bytes: never a summary for another that merely compares equal) and the
/// tables before it; what is kept is its rows, encoded and made safe for a script, and the entries it added.
public final class EncodedIndexRows: Sendable {
    /// The table entries a page added, or found before it.
    struct Entries: Sendable, Equatable {
        var titles: [String]
        var statuses: [String]
        var reasons: [String]
    }

    /// One page's encoded rows and what they were made from.
    struct Page: Sendable {
        /// The digests of the page's stored summaries, in index order.
        var digests: [ContentDigest]
        /// The tables when the page began.
        var before: Entries
        /// The rows, comma-separated, without brackets; empty for no row.
        var rows: [UInt8]
        /// How many rows.
        var count: Int
        /// The entries the page added to the tables.
        var added: Entries
    }

    private struct State {
        var pages: [Int: Page] = [:]
        var reused = 0
    }

    private let state = Mutex(State())

    /// None yet.
    public init() {}

    /// How many pages' rows were used again rather than encoded, over the session.
    public var reusedCount: Int { state.withLock { $0.reused } }

    /// The rows kept for page `number` when they were made from summaries with these digests after these tables.
    func page(_ number: Int, digests: [ContentDigest], before: Entries) -> Page? {
        state.withLock { state in
            guard let kept = state.pages[number], kept.digests == digests, kept.before == before else { return nil }
            state.reused += 1
            return kept
        }
    }

    /// Keeps the rows of page `number`.
    func keep(_ page: Page, number: Int) {
        state.withLock { $0.pages[number] = page }
    }

    /// Forgets the pages after the last one.
    func keepOnly(pageCount: Int) {
        state.withLock { state in state.pages = state.pages.filter { $0.key <= pageCount } }
    }
}
