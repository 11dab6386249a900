extension SiteBuilder {
    /// Checks a project as `build` would build it into `outputPath`, without writing anything; `templatesPath` is the
    /// `--templates` folder, if any. See `check(_:)`.
    public static func check(
        contentPath: String, templatesPath: String? = nil, outputPath: String = "Output",
        jobs: Int = BuildOptions.defaultJobs
    ) -> BuildReport {
        check(
            BuildOptions(contentPath: contentPath, templatesPath: templatesPath, outputPath: outputPath, jobs: jobs))
    }

    /// Checks a project by doing everything a clean, whole build into `options.outputPath` does short of writing:
    /// the same loading of the project and the theme, every record loaded and its report rendered (templates, the
    /// guardrail, its links), then the guide, the reports index and the home page rendered and their links checked,
    /// all in memory, a record at a time on `options.jobs` workers. So it reports every error and warning that build
    /// reports, but those of writing (the output folder, its lock and manifest, a full disk, PDFs). The output path
    /// only names pages in diagnostics: nothing is read from it or written anywhere.
    public static func check(_ options: BuildOptions) -> BuildReport {
        let start = Stopwatch()
        var options = options
        (options.force, options.shard, options.pdf, options.cache) = (true, .all, .none, nil)
        options.progress = nil
        var report = BuildReport()
        if let missing = SiteProject.missing(options.contentPath) {
            report.diagnostics.append(missing)
            report.stoppedEarly = true
            return finished(report, start)
        }
        guard let loaded = loadProject(options, into: &report) else { return finished(report, start) }
        let (project, templates, site) = (loaded.project, loaded.templates, loaded.site)
        // A record folder that cannot be listed (build also stops on one that vanished since its last build).
        report.diagnostics += RecordFolderCheck.check(project, allowsEmpty: false).diagnostics
        let inputs = Inputs(project: project, templates: templates, site: site, options: options)
        let batch = RecordBatch(project: project, options: options, mode: .check(renderer: inputs.reports))
        var none: [(path: String, entry: BuildManifest.Entry)] = []
        batch.scan(previous: &none)
        let guide = renderGuide(inputs)
        batch.processRecords()
        batch.settleContests()
        batch.addResults(to: &report)
        let listing = ReportsIndexListing(batch.summarySource(), jobs: options.jobs)
        do {
            try renderSharedPages(
                inputs, listing: listing, pages: sharedPagePaths(inputs, reportCount: listing.count),
                guide: guide.take(), emit: { _ in })
        } catch {
            report.diagnostics += error.diagnostics
        }
        return finished(report, start)
    }

    /// Loads and checks every record of a project that stops the build before anything is rendered (its theme or
    /// its settings have errors), without rendering them, so that the build (and `check`) still names every broken
    /// record rather than only what stopped it. Nothing is written.
    static func checkRecords(of project: SiteProject, _ options: BuildOptions, into report: inout BuildReport) {
        var options = options
        (options.force, options.shard, options.cache) = (true, .all, nil)
        options.progress = nil
        let batch = RecordBatch(project: project, options: options, mode: .check(renderer: nil))
        var none: [(path: String, entry: BuildManifest.Entry)] = []
        batch.scan(previous: &none)
        batch.processRecords()
        batch.settleContests()
        batch.addResults(to: &report)
    }
}
