/// The order and the counts of the reports index, made in one pass over the summaries while holding only a small key
/// per report, so the index's pages can then be rendered a page at a time from summaries decoded for that page.
///
/// At 100,000 records, holding every decoded summary (and sorted copies of them) for the index was most of a build's
/// memory; the listing holds a key and a report path per report instead.
struct ReportsIndexListing: Sendable {
    /// Where the summaries come from: `count` of them, by position, each made (decoded) when asked for.
    struct Source: Sendable {
        /// How many positions there are.
        let count: Int
        /// The summary at a position; nil when it cannot be had (bytes that are not a summary): left out of the index.
        let summary: @Sendable (Int) -> ReportSummary?
        /// What the listing needs of the summary at a position, when that is cheaper to have than the summary (only
        /// these fields decoded); nil exactly when `summary` is nil.
        let fields: @Sendable (Int) -> Fields?

        /// The digest of each position's stored summary (its bytes), when known (a session's build): two positions
        /// with the same digest have the same summary, byte for byte, so what was made from one holds for the other.
        let digests: [ContentDigest]?

        /// Summaries made by a function, and (if cheaper) their fields by another; with `digests`, one per position.
        init(
            count: Int, summary: @escaping @Sendable (Int) -> ReportSummary?,
            fields: (@Sendable (Int) -> Fields?)? = nil, digests: [ContentDigest]? = nil
        ) {
            self.count = count
            self.summary = summary
            self.fields = fields ?? { summary($0).map(Fields.init) }
            self.digests = digests
        }

        /// Summaries already in memory.
        init(_ summaries: [ReportSummary]) {
            self.init(count: summaries.count, summary: { summaries[$0] })
        }

        /// The summaries at some positions, in their order; every position is one the listing has a summary for.
        func summaries(at positions: some Sequence<Int32>) -> [ReportSummary] {
            positions.compactMap { summary(Int($0)) }
        }

        /// The digests of the summaries at some positions, in their order; nil when the digests are not known.
        func digests(at positions: some Sequence<Int32>) -> [ContentDigest]? {
            digests.map { digests in positions.map { digests[Int($0)] } }
        }
    }

    /// What the listing reads of a summary: what orders it, and its report's path. Read from a stored summary
    /// (`SummaryCodec.fields`) without reading the other fields.
    struct Fields: Sendable {
        /// The attention level alone.
        struct Level: Sendable {
            var level: Attention.Level
        }

        var kind: RecordKind
        var id: String
        var date: Timestamp?
        var htmlPath: String
        var attention: Level

        /// The fields, one by one.
        init(kind: RecordKind, id: String, date: Timestamp?, htmlPath: String, level: Attention.Level) {
            (self.kind, self.id, self.date, self.htmlPath) = (kind, id, date, htmlPath)
            attention = Level(level: level)
        }

        /// A summary's fields.
        init(_ summary: ReportSummary) {
            (kind, id, date, htmlPath) = (summary.kind, summary.id, summary.date, summary.htmlPath)
            attention = Level(level: summary.attention.level)
        }
    }

    /// What orders one report in the index (see `ReportsIndex.ordered`).
    struct Key: Sendable {
        var level: Attention.Level
        var epochSeconds: Int?
        var id: String
        var kind: RecordKind
        /// The summary's position in the source: the last tie-break, as the stable sort over file order had it.
        var position: Int32

        /// The key of the summary with these fields at a position of the source.
        init(_ fields: Fields, position: Int) {
            (level, epochSeconds, id) = (fields.attention.level, fields.date?.epochSeconds, fields.id)
            (kind, self.position) = (fields.kind, Int32(position))
        }

        /// Whether `self` comes before `other`: attention level, then newest first, then id, kind and position.
        func precedes(_ other: Key) -> Bool {
            if level != other.level { return level < other.level }
            switch (epochSeconds, other.epochSeconds) {
            case let (x?, y?) where x != y: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default:
                if id != other.id { return id < other.id }
                if kind != other.kind { return kind < other.kind }
                return position < other.position
            }
        }
    }

    /// Where the summaries come from.
    let source: Source
    /// The reports in index order (positions in `source`).
    let order: [Int32]
    /// The attention level of each report in index order (a page's sections need the level before its first entry).
    let levels: [Attention.Level]
    /// How many reports each attention level has.
    let counts: [Attention.Level: Int]
    /// The HTML reports' paths (for the link check), by digest (at 100,000 reports a set of the paths was 10 MB of
    /// the peak of a build that renders the index); a path not ending in `.html` is listed with its Markdown file.
    private let reportFiles: FileNameDigests

    /// How many reports the index lists.
    var count: Int { order.count }

    /// The count line, e.g. "12 reports need attention (3 urgent)."
    var countLine: String { ReportsIndex.countLine(counts: counts) }

    /// "1 report", "1,102 reports".
    var total: String { ReportsIndex.reportCount(count) }

    /// Lists the summaries of a source, decoding them on `jobs` threads a thousand at a time and keeping only their
    /// keys and report paths. With a session's `kept` listing and a source that knows its summaries' digests, the
    /// kept listing is updated where the digests changed, if it can be (see `KeptIndexListing`), and kept otherwise.
    init(_ source: Source, jobs: Int = BuildOptions.defaultJobs, kept: KeptIndexListing? = nil) {
        self.source = source
        let digests = kept == nil ? nil : source.digests
        if let kept, let digests, let listed = kept.updated(to: source, digests: digests) {
            order = listed.keys.map(\.position)
            levels = listed.keys.map(\.level)
            counts = Self.counts(of: levels)
            reportFiles = listed.reportFiles
            return
        }
        let chunk = 1_000
        let chunks = (source.count + chunk - 1) / chunk
        // Only a session keeps each position's path, for its next listing.
        let keepsPaths = digests != nil
        let slots = Slots<(keys: [Key], files: [ContentDigest], paths: [String])>(count: chunks)
        WorkerPool.run(jobs: jobs, count: chunks) { index in
            var keys: [Key] = []
            var files: [ContentDigest] = []
            var paths: [String] = []
            for position in (index * chunk)..<min((index + 1) * chunk, source.count) {
                guard let summary = source.fields(position) else { continue }
                keys.append(Key(summary, position: position))
                files.append(ContentDigest(summary.htmlPath.utf8))
                if !summary.htmlPath.hasSuffix(".html") {
                    files.append(ContentDigest(Self.markdownPath(of: summary.htmlPath).utf8))
                }
                if keepsPaths { paths.append(summary.htmlPath) }
            }
            slots[index] = (keys, files, paths)
        }
        var keys: [Key] = []
        keys.reserveCapacity(source.count)
        var files: [ContentDigest] = []
        files.reserveCapacity(source.count)
        var paths: [String?] = keepsPaths ? Array(repeating: nil, count: source.count) : []
        for index in 0..<chunks {
            guard let found = slots.take(index) else { continue }
            for (key, path) in zip(found.keys, found.paths) { paths[Int(key.position)] = path }
            keys += found.keys
            files += found.files
        }
        keys.sort { $0.precedes($1) }
        order = keys.map(\.position)
        levels = keys.map(\.level)
        counts = Self.counts(of: levels)
        reportFiles = FileNameDigests(digests: files)
        if let kept, let digests {
            kept.keep(KeptIndexListing.Listed(digests: digests, keys: keys, paths: paths, reportFiles: reportFiles))
        }
    }

    /// Whether a path is a report's HTML or Markdown file (what the index links to).
    func listsReportFile(_ path: String) -> Bool {
        if reportFiles.contains(path.utf8) { return true }
        guard path.hasSuffix(".md") else { return false }
        return reportFiles.contains(String(path.dropLast(".md".count)), suffix: ".html")
    }

    /// How many reports each attention level has.
    private static func counts(of levels: [Attention.Level]) -> [Attention.Level: Int] {
        var counts: [Attention.Level: Int] = [:]
        for level in levels { counts[level, default: 0] += 1 }
        return counts
    }

    /// The Markdown file beside an HTML report: its path without `.html`, with `.md`.
    static func markdownPath(of htmlPath: String) -> String {
        String(htmlPath.dropLast(".html".count)) + ".md"
    }
}
