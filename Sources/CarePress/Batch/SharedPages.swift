/// The shared pages of a site (the pipeline's Index stage): the guide, the home page, the reports index with its
/// filter data, and the theme's assets. A whole build writes them after its records; a batch's fan-in (`FanIn`)
/// writes them from what its shards published.
extension SiteBuilder {
    /// What the shared pages are given of the records: the summaries of those published, and those that failed.
    struct IndexedRecords {
        /// The digest of what the index shows of the published records: each one's kind, id and stored summary, in
        /// order.
        let digest: ContentDigest
        /// The records that failed or are not published, as the index lists them first.
        let failures: [FailedRecord]
        /// The published records' summaries (decoded through a session's cache, when there is one).
        let source: (DecodedSummaries?) -> ReportsIndexListing.Source
        /// How many summaries were read back from a manifest so far.
        let summariesRead: () -> Int
    }

    /// What the shared pages need that is known before the records are processed. The guide depends on no record:
    /// when it is to be written again, it is rendered on a thread of its own while the records are, rather than
    /// after them, when the workers have nothing else to do.
    struct SharedPagesPlan {
        /// Whether this shard writes the shared pages.
        let writes: Bool
        /// The digest of everything the guide (and the assets) are made from.
        let guideDigest: ContentDigest
        /// Whether every shared page the last build wrote is still there.
        let complete: Bool
        /// The guide, being rendered; nil when only the reports index and the home page may need writing again.
        let guide: Prefetch<Result<[OutputFile], TemplateErrors>>?

        init(_ inputs: Inputs, writer: OutputWriter, previous: BuildManifest.SharedPages) {
            let options = inputs.options
            writes = options.shard.writesSharedPages
            guideDigest = Self.guideDigest(of: inputs)
            complete = writes && !previous.outputs.isEmpty && previous.outputs.allSatisfy(writer.fileExists)
            guard writes, options.force || !complete || previous.guideDigest != guideDigest else {
                guide = nil
                return
            }
            guide = renderGuide(inputs)
        }

        /// The digest of everything the guide (and the assets) are made from.
        static func guideDigest(of inputs: Inputs) -> ContentDigest {
            var hasher = ContentHasher()
            hasher.combine(inputs.digests.shared)
            return hasher.finalize()
        }
    }

    /// The guide, rendered on a thread of its own (with more than one job) while the records are: it depends on no
    /// record. Its search shows the index of the reports' matcher, made once, by whichever asks first.
    static func renderGuide(_ inputs: Inputs) -> Prefetch<Result<[OutputFile], TemplateErrors>> {
        let reports = inputs.reports
        let guideSite = GuideSite(project: inputs.project, pages: inputs.pages) { reports.matcherIndex }
        return Prefetch(inBackground: inputs.options.jobs > 1) {
            Result { () throws(TemplateErrors) in try guideSite.render() }
        }
    }

    /// Writes the shared pages (a whole build, or the fan-in of a batch) unless nothing they are made from changed;
    /// their new state, and the pages the manifest said were being replaced meanwhile. A shard of a batch writes none
    /// and keeps what its manifest holds (the fan-in writes them).
    ///
    /// Before they are written, the manifest records that they are being replaced (owning the old pages and every
    /// page about to be written, through `commit`), so a killed build writes them again next time and leaves no page
    /// nobody knows of.
    static func writeSharedPages(
        _ inputs: Inputs, plan: SharedPagesPlan, records: IndexedRecords, writer: OutputWriter,
        previous: BuildManifest.SharedPages, assetsWritten: [BytePath: OutputWriter.Outcome] = [:],
        commit: (ManifestChanges) -> Bool, into report: inout BuildReport
    ) -> (state: BuildManifest.SharedPages, owned: [String]) {
        let options = inputs.options
        // The guide rendered ahead is waited for, whatever happens: no thread outlives the build.
        let guide = plan.guide?.take()
        guard plan.writes else { return (previous, previous.outputs) }
        let (guideDigest, complete) = (plan.guideDigest, plan.complete)
        var hasher = ContentHasher()
        hasher.combine(guideDigest)
        hasher.combine(records.digest)
        records.failures.combine(into: &hasher)
        let digest = hasher.finalize()
        if !options.force, complete, previous.digest == digest {
            if options.countsAttention {
                report.attention = ReportsIndexListing(records.source(nil), jobs: options.jobs).counts
            }
            return (previous, previous.outputs)
        }
        // Only the records' summaries changed: the guide and the assets are still right.
        let onlyIndex = guide == nil
        let listing = ReportsIndexListing(
            records.source(options.cache?.summaries), jobs: options.jobs, kept: options.cache?.listing)
        report.attention = listing.counts
        let pages = sharedPagePaths(inputs, reportCount: listing.count)
        var owned = BytePath.sortedUnique(previous.outputs + pages.map(\.text))
        guard commit(ManifestChanges(shared: BuildManifest.SharedPages(digest: nil, outputs: owned))) else {
            return (previous, previous.outputs)
        }
        var written = onlyIndex ? previous.outputs.filter { !isIndexPage($0) } : []
        var failed = false
        do {
            try renderSharedPages(
                inputs, listing: listing, failures: records.failures, pages: pages, guide: guide
            ) { file in
                if !pages.contains(BytePath(file.path)) {
                    // Not announced: record it before it is written.
                    owned = BytePath.sortedUnique(owned + [file.path])
                    guard commit(ManifestChanges(shared: BuildManifest.SharedPages(digest: nil, outputs: owned)))
                    else {
                        failed = true
                        return
                    }
                }
                written.append(file.path)
                if !assetsWritten.isEmpty, let early = assetsWritten[BytePath(file.path)] {
                    // Written with these bytes before the records were printed, and counted once.
                    if early == .unchanged { report.unchanged += 1 }
                    return
                }
                failed = !writer.write(file, counting: &report) || failed
            }
        } catch {
            report.diagnostics += error.diagnostics
            failed = true
        }
        report.summariesReadBack = records.summariesRead()
        // After a failure, keep owning the old pages too, so that nothing is removed that might still be wanted.
        let state = BuildManifest.SharedPages(
            digest: failed ? nil : digest, guideDigest: failed ? nil : guideDigest,
            outputs: failed ? BytePath.sortedUnique(written + owned) : BytePath.sortedUnique(written))
        return (state, owned)
    }

    /// Whether a shared page lists the records (the home page counts them): the pages written again when only the
    /// records' summaries changed.
    static func isIndexPage(_ path: String) -> Bool {
        path == HomePage.path || path == ReportsIndexData.path
            || (path.hasPrefix("reports/index") && !path.dropFirst("reports/".count).contains("/"))
    }

    /// The shared pages a build writes: the guide, the home page, the assets and every page of the reports index.
    static func sharedPagePaths(_ inputs: Inputs, reportCount: Int) -> Set<BytePath> {
        let pageCount = ReportsIndex.pageCount(reports: reportCount, pageSize: inputs.options.indexPageSize)
        var paths = Set(
            sharedPaths(project: inputs.project, templates: inputs.templates, pages: inputs.pages).map(BytePath.init))
        paths.formUnion((1...pageCount).map { BytePath(ReportsIndex.path(page: $0)) })
        return paths
    }

    /// Renders the pages every shard shares, handing each file to `emit` as it is made: the `guide` (rendered), the
    /// reports index (which lists every valid record, from `listing`, a page of summaries at a time), the home page
    /// and the theme's assets; without `guide`, only the reports index and the home page.
    ///
    /// Every link of these pages must lead to a file the build writes (one of the shared `pages`, or a report file the
    /// listing lists); the pages are still written, and the broken links are thrown as errors naming the page.
    static func renderSharedPages(
        _ inputs: Inputs, listing: ReportsIndexListing, failures: [FailedRecord] = [], pages known: Set<BytePath>,
        guide: Result<[OutputFile], TemplateErrors>?, emit: (OutputFile) -> Void
    ) throws(TemplateErrors) {
        // Everything these pages may link to is known before they are made, so each page is checked and handed on
        // as it is made, and no page is held longer than that. A failed record's last good report is still there.
        var broken: [Diagnostic] = []
        let outputFolder = inputs.options.outputPath
        let lastGood = Set(failures.compactMap { $0.lastGood?.htmlPath }.map(BytePath.init))
        let checkLinks: @Sendable (OutputFile) -> [Diagnostic] = { file in
            LinkCheck.diagnostics(
                for: file, outputFolder: outputFolder,
                exists: {
                    known.contains(BytePath($0)) || listing.listsReportFile($0) || lastGood.contains(BytePath($0))
                })
        }
        func check(_ file: OutputFile) {
            broken += checkLinks(file)
            emit(file)
        }
        let (project, pages) = (inputs.project, inputs.pages)
        if let guide {
            for file in try guide.get() { check(file) }
        }
        // A session's pages are used again only with the same failures.
        let earlier = inputs.options.cache.map { cache in
            var hasher = ContentHasher()
            hasher.combine(inputs.digests.shared)
            failures.combine(into: &hasher)
            return (cache.indexPages, hasher.finalize())
        }
        var data = ReportsIndexData.Stream()
        let pageSize = inputs.options.indexPageSize
        try ReportsIndex.renderPages(
            listing, failures: failures, with: pages, pageSize: pageSize, jobs: inputs.options.jobs, reusing: earlier,
            checkLinks: checkLinks
        ) { page in
            data.add(page, of: listing, reusing: inputs.options.cache?.indexRows)
            broken += page.brokenLinks
            emit(page.file)
        }
        inputs.options.cache?.indexRows.keepOnly(
            pageCount: ReportsIndex.pageCount(reports: listing.count, pageSize: pageSize))
        check(data.takeFile())
        check(try HomePage.render(reportCount: listing.count, project: project, with: pages))
        for asset in inputs.templates.assets where guide != nil {
            if let bytes = inputs.templates.asset(asset) {
                check(OutputFile(path: "assets/\(asset)", bytes: bytes))
            }
        }
        if !broken.isEmpty { throw TemplateErrors(diagnostics: broken) }
    }

    /// What reports may link to besides their own files: the guide, the home page, the reports index, the assets.
    static func sharedPaths(project: SiteProject, templates: TemplateSet, pages: PageRenderer) -> Set<String> {
        Set(
            GuideSite(project: project, pages: pages).paths + [HomePage.path, ReportsIndex.path, ReportsIndexData.path]
        )
        .union(templates.assets.map { "assets/\($0)" })
    }
}
