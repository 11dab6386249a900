/// What one session of builds into the same output folder keeps between them (`carepress serve`): the reports index
/// as the last build made it, so that a rebuild after a small edit updates it rather than making it again. Each
/// rebuild otherwise reads the project, the manifest and the record files as `carepress build` does.
///
/// Everything kept is looked up by the whole of what made it (a file's bytes, a page's inputs), never by a time or a
/// size, so a build with the cache writes what a build without it writes.
public final class BuildCache: Sendable {
    /// The pages of the reports index, by what each shows.
    public let indexPages = RenderedIndexPages()
    /// The encoded rows of the reports index's filter data, a page of the index at a time.
    public let indexRows = EncodedIndexRows()
    /// The last listing of the reports index (its order), updated where the summaries changed.
    public let listing = KeptIndexListing()
    /// The records' summaries as decoded from the manifest, by their stored bytes.
    public let summaries = DecodedSummaries()

    /// An empty cache.
    public init() {}
}
