/// The fan-in of a sharded batch (`build --fan-in N`): the pipeline's Index stage on its own, run once after the
/// N shards (the map), each of which rendered and published only its own records.
///
/// It reads every shard's manifest and the content, renders no record, and writes the shared pages (home, guide,
/// reports index with its filter data, assets) as a whole build would. The index never lies: a record is a link only
/// when its shard published this very version of it (the same file, made from the same theme, settings and tool,
/// with its report files there); a record whose shard failed it, has not run, was stopped before reaching it, or ran
/// before the record changed is listed with the failures, first, saying so, with its last good report when one is
/// still there. The fan-in then exits with an error, so a scheduler sees the batch is not complete. Rerunning the
/// failed shard and then the fan-in gives the files of one whole build.
///
/// A folder that holds the manifests of another shard count (a whole build's, or a batch of another size) stops the
/// fan-in before it writes anything: its N is not the batch's.
enum FanIn {
    static func build(_ options: BuildOptions) -> BuildReport {
        let start = Stopwatch()
        var report = BuildReport()
        if let missing = SiteProject.missing(options.contentPath) {
            report.diagnostics.append(missing)
            return SiteBuilder.stopped(report, start)
        }
        guard var writer = SiteBuilder.outputWriter(options, into: &report) else {
            return SiteBuilder.stopped(report, start)
        }
        var options = options
        options.outputIsLocal = options.outputIsLocal ?? LocalFileSystem.contains(writer.root)
        (options.cache, options.pdf) = (nil, .none)
        guard var loaded = SiteBuilder.loadProject(options, into: &report) else {
            return SiteBuilder.stopped(report, start)
        }
        guard let (lock, waited) = SiteBuilder.lockOutputFolder(options, writer: writer, into: &report) else {
            return SiteBuilder.stopped(report, start)
        }
        defer { withExtendedLifetime(lock) {} }
        if waited {
            // A shard ran meanwhile: read the project as it is now.
            report.diagnostics = []
            guard let now = SiteBuilder.loadProject(options, into: &report) else {
                return SiteBuilder.stopped(report, start)
            }
            loaded = now
        }
        let (project, templates, site) = (loaded.project, loaded.templates, loaded.site)
        writer.access = site.outputAccess
        let count = options.shard.count
        let others = BuildManifest.otherShardCounts(than: options.shard, in: writer)
        if let other = others.first {
            let holder =
                BuildManifest.shard(ofManifestNamed: String(other.split(separator: "/").last ?? ""))
                .map { $0.isWhole ? "a whole build" : "a batch of \($0.count) shards" } ?? "another build"
            report.diagnostics.append(
                Diagnostic(
                    .error, file: writer.root + "/" + other, position: .start,
                    message: "this folder was last built by \(holder), not by a batch of \(count); nothing was written",
                    hint: "run every shard with --shard K/\(count) first, or the fan-in with the batch's own count"))
            return SiteBuilder.stopped(report, start)
        }
        report.diagnostics += writer.applyAccessReporting(owned: SiteBuilder.ownedEntries)
        let inputs = SiteBuilder.Inputs(project: project, templates: templates, site: site, options: options)
        let strings = StringInterner()
        let manifestFile = writer.root + "/" + BuildManifest.path(for: options.shard)
        guard
            case (let manifest, let contents)? = SiteBuilder.openedManifest(
                SiteBuilder.openManifest(at: manifestFile, strings: strings, options: options), at: manifestFile,
                into: &report)
        else { return SiteBuilder.stopped(report, start) }
        if options.outputIsLocal == true { manifest.vouchByBoot() }
        writer.applyAccess(toFiles: BuildManifest.files(for: options.shard))
        writer.removeLeftoverTemporaryFiles(in: sharedFolders(writer))

        let shards = ShardManifests.read(count: count, writer: writer, strings: strings)
        report.diagnostics += shards.diagnostics
        // A record folder that vanished while the shards list its records: the index would drop them all.
        let folders = RecordFolderCheck.check(project, allowsEmpty: options.allowsEmptyRecordFolders) {
            RecordFolderCheck.count(of: $0, in: shards.allEntries)
        }
        report.diagnostics += folders.diagnostics
        if folders.stops { return SiteBuilder.stopped(report, start) }
        report.timings.scan = start.seconds - report.timings.wait

        let recordsStart = Stopwatch()
        let plan = SiteBuilder.SharedPagesPlan(inputs, writer: writer, previous: contents.shared)
        let records = PublishedRecords.find(in: inputs, shards: shards, writer: writer, into: &report)
        report.timings.records = recordsStart.seconds

        let sharedStart = Stopwatch()
        var commitFailure: String?
        let (shared, owned) = SiteBuilder.writeSharedPages(
            inputs, plan: plan, records: records.indexed, writer: writer, previous: contents.shared,
            commit: { changes in
                do {
                    try manifest.commit(changes)
                    return true
                } catch {
                    commitFailure = commitFailure ?? "cannot write the build manifest: \(error)"
                    return false
                }
            }, into: &report)
        finish(
            manifest: manifest, contents: contents, shared: shared, owned: owned, claims: records.claims,
            writer: writer, options: options, failure: &commitFailure, into: &report)
        if let commitFailure {
            report.diagnostics.append(Diagnostic(.error, file: manifestFile, position: .start, message: commitFailure))
        }
        report.timings.shared = sharedStart.seconds
        report.templateFallbacks = inputs.templates.fallbacks.total
        return SiteBuilder.finished(report, start)
    }

    /// The folders the shared pages are written into, relative to the output folder: where a killed fan-in may have
    /// left temporary files.
    private static func sharedFolders(_ writer: OutputWriter) -> [String] {
        ["", BuildManifest.folder, "reports", "guide", "assets"] + writer.subfolders(of: "guide")
            + writer.subfolders(of: "assets")
    }

    /// Removes the shared pages the fan-in no longer writes and the orphans it was handed (unless a record claims
    /// them, or a shared page is made there), then commits the shared pages' state, marking the fan-in finished.
    private static func finish(
        manifest: BuildManifest, contents: BuildManifest.Contents, shared: BuildManifest.SharedPages,
        owned: [String], claims: Set<ContentDigest>, writer: OutputWriter, options: BuildOptions,
        failure: inout String?, into report: inout BuildReport
    ) {
        guard failure == nil else { return }
        var closing = ManifestChanges()
        let current = Set(shared.outputs.map(BytePath.init))
        let candidates = BytePath.sortedUnique(
            contents.orphans + BuildManifest.Outputs.dropped(from: owned, keeping: shared.outputs))
        var failedRemovals: [String] = []
        for path in candidates where !current.contains(BytePath(path)) {
            // A report file some record makes, or may make, is its shard's.
            if RecordBatch.stems(of: path).contains(where: { claims.contains(ContentDigest($0)) }) { continue }
            if !writer.remove(path, counting: &report) { failedRemovals.append(path) }
        }
        let failed = Set(failedRemovals.map(BytePath.init))
        closing.orphans = failedRemovals
        closing.settledOrphans = contents.orphans.filter { !failed.contains(BytePath($0)) }
        if shared != contents.shared { closing.shared = shared }
        let files = SiteBuilder.flush(writer, before: closing, to: manifest, options: options, report: report)
        do {
            try manifest.commit(closing, finishing: true, files: files)
        } catch {
            failure = "cannot write the build manifest: \(error)"
        }
    }
}
