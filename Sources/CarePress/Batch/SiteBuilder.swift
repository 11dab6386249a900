import Foundation

/// Builds a site project: validates everything, then writes the guide, every valid record's report and the indexes.
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
        // No project, no output folder: nothing is created before the content folder is found.
        if let missing = SiteProject.missing(options.contentPath) {
            report.diagnostics.append(missing)
            return stopped(report, start)
        }
        guard var writer = outputWriter(options, into: &report) else { return stopped(report, start) }
        let options = {
            var options = options
            options.outputIsLocal = options.outputIsLocal ?? LocalFileSystem.contains(writer.root)
            return options
        }()
        let manifestFile = writer.root + "/" + BuildManifest.path(for: options.shard)
        let strings = StringInterner()
        // Nothing is written, not even the lock, for a project whose theme or settings stop the build. A folder built
        // before already has its lock files, so taking them writes nothing: they are taken first (unless another
        // build holds them), and its manifest, if it can be read as it is, is read while the project loads.
        let earlyLock = BuildLock.acquireIfBuiltBefore(in: writer, shard: options.shard)
        // Not when manifests of other shard counts are to be taken over first (see `takeOverOtherShardCounts`).
        let readAhead = earlyLock.flatMap { _ in
            BuildManifest.otherShardCounts(than: options.shard, in: writer).isEmpty
                ? BackgroundWork(inBackground: options.jobs > 1) {
                    BuildManifest.openAsItIs(at: manifestFile, strings: strings, boot: options.boot)
                } : nil
        }
        // A folder built before may have been built with this very theme, which then parsed: its templates are
        // parsed when one is first rendered, which a no-op build never does, unless the manifest says otherwise.
        let parsing: TemplateSet.Parsing = readAhead == nil ? .now : .whenRendered
        guard var loaded = loadProject(options, parsing: parsing, into: &report) else {
            // The manifest read ahead is closed before the build returns, leaving the folder as it was.
            _ = readAhead?.take()
            return stopped(report, start)
        }
        writer.access = loaded.site.outputAccess
        let lock: BuildLock
        if let earlyLock {
            lock = earlyLock
        } else {
            guard let (taken, waited) = lockOutputFolder(options, writer: writer, into: &report) else {
                return stopped(report, start)
            }
            lock = taken
            if waited {
                // Another build ran meanwhile: read the project as it is now.
                report.diagnostics = []
                guard let now = loadProject(options, into: &report) else { return stopped(report, start) }
                loaded = now
                writer.access = loaded.site.outputAccess
            }
        }
        defer { withExtendedLifetime(lock) {} }
        guard takeOverOtherShardCounts(options, writer: writer, strings: strings, into: &report) else {
            return stopped(report, start)
        }
        report.diagnostics += writer.applyAccessReporting(owned: ownedEntries)
        // Otherwise the manifest is read while the shared inputs are digested: neither needs the other.
        let opening = BackgroundWork(inBackground: options.jobs > 1) {
            () -> Result<(BuildManifest, BuildManifest.Contents), SQLiteError>? in
            if let read = readAhead?.take() { return .success(read) }
            // A manifest that cannot be read as it is gets mended or made again: not before the theme is known to
            // parse, as nothing is written for a theme that does not.
            guard case .now = parsing else { return nil }
            return openManifest(at: manifestFile, strings: strings, options: options)
        }
        let inputs = Inputs(project: loaded.project, templates: loaded.templates, site: loaded.site, options: options)
        // Templates left to be parsed when rendered are parsed now, before anything is written, unless the last
        // finished build wrote the guide from the same theme (and the same tool and content): they parsed then.
        let taken = opening.take()
        if case .whenRendered = parsing {
            var parsedBefore = false
            if case .success((_, let contents))? = taken {
                parsedBefore = contents.shared.guideDigest == SharedPagesPlan.guideDigest(of: inputs)
            }
            if !parsedBefore {
                do throws(TemplateErrors) {
                    try inputs.templates.parse()
                } catch {
                    report.diagnostics += error.diagnostics
                    checkRecords(of: inputs.project, options, into: &report)
                    return stopped(report, start)
                }
            }
        }
        let opened = (consume taken) ?? openManifest(at: manifestFile, strings: strings, options: options)
        // Consumed: a copy left here would keep the manifest's entries (at 100,000 records, 30 MB) alive after the scan
        // lets go of them.
        guard case (let manifest, var contents)? = openedManifest(consume opened, at: manifestFile, into: &report)
        else {
            return stopped(report, start)
        }
        if options.outputIsLocal == true { manifest.vouchByBoot() }
        // A record folder that vanished while the manifest lists its records stops the build: nothing is removed.
        let folders = RecordFolderCheck.check(inputs.project, allowsEmpty: options.allowsEmptyRecordFolders) {
            RecordFolderCheck.count(of: $0, in: contents.entries)
        }
        report.diagnostics += folders.diagnostics
        if folders.stops { return stopped(report, start) }
        writer.applyAccess(toFiles: BuildManifest.files(for: options.shard))
        // The temporary files a killed build may have left are removed; the report folders (tens of thousands of
        // files) are swept by the listing the scan makes of them anyway.
        let reportFolders = Set(RecordKind.allCases.map { BytePath(RecordBatch.reportFolder(of: $0)) })
        writer.removeLeftoverTemporaryFiles(
            in: foldersWritten(by: contents, writer: writer).filter { !reportFolders.contains(BytePath($0)) })

        let assetsWritten =
            options.pdf != .none ? writeAssetsForPrinting(inputs.templates, with: writer, counting: &report) : [:]
        let printer = startPrinter(options.pdf, writer: writer, site: inputs.site, jobs: options.jobs, into: &report)
        let batch = RecordBatch(
            project: inputs.project, options: options,
            mode: .build(writer: writer, inputs: inputs.digests, renderer: inputs.reports, manifest: manifest),
            printer: printer, strings: strings)
        batch.scan(previous: &contents.entries)
        report.timings.scan = start.seconds - report.timings.wait

        let recordsStart = Stopwatch()
        let sharedPlan = SharedPagesPlan(inputs, writer: writer, previous: contents.shared)
        batch.processRecords()
        batch.settleContests()
        if case .engine(let engine, _) = printer {
            // Asked before the engine is shut down, which forgets why it did not start.
            if let failure = engine.startFailure { report.pdfEngineError = failure }
            engine.shutdown()
        }
        batch.addResults(to: &report)
        report.timings.records = recordsStart.seconds

        let sharedStart = Stopwatch()
        let shared = writeSharedPages(
            inputs, plan: sharedPlan, records: batch.indexedRecords(), writer: writer, previous: contents.shared,
            assetsWritten: assetsWritten, commit: { batch.commit($0, to: manifest) }, into: &report)
        finish(
            batch, writer: writer, manifest: manifest, contents: contents, shared: shared.state, owned: shared.owned,
            into: &report)
        if let failure = batch.manifestFailure {
            report.diagnostics.append(Diagnostic(.error, file: manifestFile, position: .start, message: failure))
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

    /// The folders a build writes into, relative to the output folder: where a killed build may have left
    /// temporary files.
    private static func foldersWritten(by contents: BuildManifest.Contents, writer: OutputWriter) -> [String] {
        var folders: Set<BytePath> = [BytePath(""), BytePath(BuildManifest.folder), BytePath("reports")]
        for kind in RecordKind.allCases { folders.insert(BytePath("reports/\(kind.folder)")) }
        for top in ["guide", "assets"] {
            folders.insert(BytePath(top))
            folders.formUnion(writer.subfolders(of: top).map(BytePath.init))
        }
        // Standard report files are in reports/<kind>/, already listed; other files add their own folders.
        var listed = contents.shared.outputs + contents.orphans
        for (_, entry) in contents.entries {
            if case .listed(let paths)? = entry.outputs { listed += paths }
        }
        for path in listed {
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folders.insert(BytePath(String(path[..<slash])))
            }
        }
        return folders.sorted().map(\.text)
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
