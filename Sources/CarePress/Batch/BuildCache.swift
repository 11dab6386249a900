/// What one session of builds into the same output folder keeps between them (`carepress serve`), so that a rebuild
/// after a small edit does not redo work whose inputs did not change.
///
/// Everything kept is looked up by the whole of what made it (a file's bytes, a page's inputs), never by a time or a
/// size, so a build with the cache writes what a build without it writes.
public final class BuildCache: Sendable {
    /// Parsed YAML files: the site settings and the knowledge store.
    public let yaml = YAMLCache()
    /// The pages of the reports index, by what each shows.
    public let indexPages = RenderedIndexPages()
    /// The encoded rows of the reports index's filter data, a page of the index at a time.
    public let indexRows = EncodedIndexRows()
    /// The last listing of the reports index (its order), updated where the summaries changed.
    public let listing = KeptIndexListing()
    /// The records' summaries as decoded from the manifest, by their stored bytes.
    public let summaries = DecodedSummaries()

    /// The project, theme and digests of the last build, for a build after which only record files changed.
    let project = Mutex<KeptProject?>(nil)

    /// The manifest the last build left open, with its path: the next build takes it from there when nothing else
    /// wrote to it meanwhile (see `BuildManifest.reopened`).
    let manifest = Mutex<(path: String, manifest: BuildManifest)?>(nil)

    /// An empty cache.
    public init() {}
}
