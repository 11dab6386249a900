import Foundation

/// Builds a site project: validates everything, then writes the guide, every valid record's report and the indexes.
///
/// A one-way pipeline, in `build`: Plan (`SiteBuilder+Plan.swift`: load, lock, read the manifest, scan the records),
/// Render and publish the records (`RecordBatch`), Index (`SharedPages.swift`: the shared pages), then Finish (remove
/// what nothing makes any more, flush, mark the build finished). A batch's fan-in (`FanIn`) runs the Index stage
/// alone, from what its shards published.
///
/// The build is incremental and streams: a manifest in the output folder (see `BuildManifest`) says what each output
/// file was made from, so a record that did not change is not rendered again; records are loaded, rendered and
/// written by a pool of workers and never all held in memory (see `RecordBatch`). One build at a time writes into an
/// output folder, or the shards of one batch side by side (see `BuildLock`).
public enum SiteBuilder {
    /// Builds the output folder (this shard's part of it). Every valid record is written even when others have
    /// errors; records whose inputs did not change since the last build are not rendered again (unless `force`).
    public static func build(_ options: BuildOptions) -> BuildReport {
        if options.shard.isFanIn { return FanIn.build(options) }
        let start = Stopwatch()
        var report = BuildReport()
        // Plan: the project and theme, the output folder's lock and manifest, and which records to render.
        guard let plan = plan(options, into: &report) else { return stopped(report, start) }
        report.timings.scan = start.seconds - report.timings.wait
        let (inputs, writer, batch, manifest) = (plan.inputs, plan.writer, plan.batch, plan.manifest)
        defer { withExtendedLifetime(plan.lock) {} }

        // Render and publish the records, a chunk at a time: each chunk's files are staged, then committed to the
        // manifest as they land, so a killed build loses nothing it finished. The guide renders meanwhile.
        let recordsStart = Stopwatch()
        let sharedPlan = SharedPagesPlan(inputs, writer: writer, previous: plan.contents.shared)
        batch.processRecords()
        batch.settleContests()
        if case .engine(let engine, _) = plan.printer {
            // Asked before the engine is shut down, which forgets why it did not start.
            if let failure = engine.startFailure { report.pdfEngineError = failure }
            engine.shutdown()
        }
        batch.addResults(to: &report)
        report.timings.records = recordsStart.seconds

        // Index: the shared pages, from the published records' summaries and the failures.
        let sharedStart = Stopwatch()
        let shared = writeSharedPages(
            inputs, plan: sharedPlan, records: batch.indexedRecords(), writer: writer, previous: plan.contents.shared,
            assetsWritten: plan.assetsWritten, commit: { batch.commit($0, to: manifest) }, into: &report)
        // Finish: remove what nothing makes any more, flush, and mark the build finished in the manifest.
        finish(
            batch, writer: writer, manifest: manifest, contents: plan.contents, shared: shared.state,
            owned: shared.owned, into: &report)
        if let failure = batch.manifestFailure {
            report.diagnostics.append(Diagnostic(.error, file: plan.manifestFile, position: .start, message: failure))
        }
        report.timings.shared = sharedStart.seconds
        report.templateFallbacks = inputs.templates.fallbacks.total
        return finished(report, start)
    }

    /// The entries of the output folder that builds write (everything below them is theirs too).
    static let ownedEntries = [BuildManifest.folder, "reports", "guide", "assets", HomePage.path]

    /// Every template a build renders.
    public static let requiredTemplates =
        [PageRenderer.layout, CalloutMarkdown.template, HomePage.template] + ReportsIndex.templates
        + ReportRenderer.templates
        + GuideSite.templates

    /// Removes the files nothing makes any more, flushes the output folder to disk (when the build flushes, or
    /// removed files), and commits the build's last changes, marking it finished.
    private static func finish(
        _ batch: RecordBatch, writer: OutputWriter, manifest: BuildManifest, contents: BuildManifest.Contents,
        shared: BuildManifest.SharedPages, owned: [String], into report: inout BuildReport
    ) {
        var closing = batch.closingChanges()
        let sharedDropped = BuildManifest.Outputs.dropped(from: owned, keeping: shared.outputs)
        let listedOrphans = BytePath.sortedUnique(contents.orphans + batch.orphans)
        var failedRemovals: [String] = []
        for path in batch.removable(listedOrphans + closing.orphans + sharedDropped, currentShared: shared.outputs) {
            if !writer.remove(path, counting: &report) { failedRemovals.append(path) }
        }
        let legacy = BuildManifest.legacyPath(for: batch.options.shard)
        if writer.fileExists(legacy) { _ = try? writer.remove(legacy) }
        // What could not be removed stays listed, for the next build to try again.
        let failed = Set(failedRemovals.map(BytePath.init))
        closing.orphans = failedRemovals
        closing.settledOrphans = listedOrphans.filter { !failed.contains(BytePath($0)) }
        if shared != contents.shared { closing.shared = shared }
        batch.flushing?.wait()
        let files = flush(writer, before: closing, to: manifest, options: batch.options, report: report)
        batch.commit(closing, to: manifest, finishing: true, files: files)
    }

    /// The report with its diagnostics sorted and its total time.
    /// The report of a build that stopped before writing any report or page (see `BuildReport.stoppedEarly`).
    static func stopped(_ report: BuildReport, _ start: Stopwatch) -> BuildReport {
        var report = report
        report.stoppedEarly = true
        return finished(report, start)
    }

    static func finished(_ report: BuildReport, _ start: Stopwatch) -> BuildReport {
        var report = report
        report.diagnostics.sort()
        report.timings.total = start.seconds
        return report
    }
}
