import Foundation

/// Builds a site project: validates everything, then writes the guide, every valid record's report and the indexes.
///
/// The build is incremental and streams: a manifest in the output folder (see `BuildManifest`) says what each output
/// file was made from, so a record that did not change is not rendered again; records are loaded, rendered and
/// written by a pool of workers and never all held in memory (see `RecordBatch`). The two places where pages are
/// made are `renderRecord` (each record) and `renderSharedPages` (home, guide, reports index, assets).
public enum SiteBuilder {
    /// Checks a project's content without rendering or writing anything, a record at a time on `jobs` workers.
    public static func check(contentPath: String, jobs: Int = BuildOptions.defaultJobs) -> BuildReport {
        let start = Stopwatch()
        let project = SiteProject.load(from: contentPath)
        var report = BuildReport()
        report.diagnostics = project.diagnostics
        if project.site == nil && !project.diagnostics.hasErrors {
            report.diagnostics.append(
                Diagnostic(
                    .error, file: contentPath.appendingPathComponent("site.yml"), position: .start,
                    message: "site settings could not be loaded"))
        }
        let batch = RecordBatch(
            project: project, options: BuildOptions(contentPath: contentPath, jobs: jobs), writer: nil, inputs: nil,
            renderer: nil)
        batch.scan(previous: BuildManifest())
        batch.processRecords()
        batch.settleContests()
        batch.addResults(to: &report)
        report.diagnostics.sort()
        report.timings.total = start.seconds
        return report
    }

    /// Builds the output folder (this shard's part of it). Every valid record is written even when others have
    /// errors; records whose inputs did not change since the last build are not rendered again (unless `force`).
    public static func build(_ options: BuildOptions) -> BuildReport {
        let start = Stopwatch()
        var report = BuildReport()
        // The manifest is read while the project loads: both are serial, and neither needs the other.
        let manifestPath = BuildManifest.path(for: options.shard)
        let manifestFile = OutputWriter.absoluteRoot(options.outputPath) + "/" + manifestPath
        let manifestRead = Prefetch(inBackground: options.jobs > 1) {
            Result { () throws(BuildManifest.Unreadable) in try BuildManifest.read(from: manifestFile) }
        }
        let project = SiteProject.load(from: options.contentPath)
        report.diagnostics = project.diagnostics
        let templates: TemplateSet
        switch TemplateSet.load(from: options.templatesPath, requiring: requiredTemplates) {
        case .success(let set): templates = set
        case .failure(let errors):
            report.diagnostics += errors.diagnostics
            report.diagnostics.sort()
            return report
        }
        guard let site = project.site else {
            report.diagnostics.sort()
            return report
        }
        let writer: OutputWriter
        do {
            writer = try OutputWriter(
                root: options.outputPath,
                temporaryTag: options.shard.isWhole ? nil : "s\(options.shard.index)of\(options.shard.count)")
        } catch {
            report.diagnostics.append(
                Diagnostic(.error, file: options.outputPath, position: .start, message: error.reason))
            return report
        }
        let pages = PageRenderer(templates: templates, site: site)
        var inputs = BuildInputs(
            project: project, templates: templates, templatesPath: options.templatesPath,
            tool: CarePressVersion.fingerprint)
        inputs.printsPDFs = options.pdf != .none
        let previous = manifest(manifestRead.value, at: writer.root + "/" + manifestPath, into: &report)
        var manifest = previous ?? BuildManifest()
        writer.removeLeftoverTemporaryFiles(in: foldersWritten(by: manifest, writer: writer))

        if options.pdf != .none { writeAssetsForPrinting(templates, with: writer) }
        let printer = startPrinter(options.pdf, writer: writer, site: site, jobs: options.jobs, into: &report)
        let batch = RecordBatch(
            project: project, options: options, writer: writer, inputs: inputs,
            renderer: ReportRenderer(
                project: project, pages: pages,
                linkTargets: (options.outputPath, sharedPaths(project: project, templates: templates, pages: pages))),
            printer: printer)
        batch.scan(previous: manifest)
        manifest.entries = []
        report.timings.scan = start.seconds

        let recordsStart = Stopwatch()
        batch.processRecords()
        batch.settleContests()
        if case .engine(let engine, _) = printer {
            engine.shutdown()
            if let failure = engine.startFailure { report.pdfEngineError = failure }
        }
        batch.addResults(to: &report)
        report.timings.records = recordsStart.seconds

        let sharedStart = Stopwatch()
        var next = BuildManifest()
        if options.shard.writesSharedPages {
            var hasher = ContentHasher()
            hasher.combine(inputs.shared)
            batch.combineSummaries(into: &hasher)
            let digest = hasher.finalize()
            if !options.force, manifest.sharedDigest == digest, !manifest.sharedOutputs.isEmpty,
                manifest.sharedOutputs.allSatisfy(writer.fileExists)
            {
                next.sharedDigest = digest
                next.sharedOutputs = manifest.sharedOutputs
            } else {
                var written: [String] = []
                var failed = false
                do {
                    try renderSharedPages(
                        project: project, templates: templates, pages: pages, summaries: batch.summaries(),
                        outputFolder: options.outputPath, jobs: options.jobs
                    ) { file in
                        written.append(file.path)
                        failed = !write(file, with: writer, into: &report) || failed
                    }
                } catch {
                    report.diagnostics += error.diagnostics
                    failed = true
                }
                // After a failure, keep the old list too, so that nothing is removed that might still be wanted.
                next.sharedDigest = failed ? nil : digest
                next.sharedOutputs = failed ? Array(Set(written + manifest.sharedOutputs)).sorted() : written
            }
        }
        let stale = batch.staleOutputs(previousShared: manifest.sharedOutputs, currentShared: next.sharedOutputs)
        for path in stale {
            do {
                if try writer.remove(path) { report.deleted += 1 }
            } catch {
                report.diagnostics.append(
                    Diagnostic(.error, file: writer.root + "/" + path, position: .start, message: error.reason))
            }
        }
        do {
            // A build that changed nothing (the nightly common case for most shards) leaves the manifest alone.
            let sharedChanged =
                next.sharedDigest != manifest.sharedDigest || next.sharedOutputs != manifest.sharedOutputs
            if previous == nil || batch.changed || sharedChanged || !stale.isEmpty {
                try writer.write(
                    chunks: next.lines(shard: options.shard, entries: batch.manifestEntries()), to: manifestPath)
            }
        } catch {
            report.diagnostics.append(
                Diagnostic(
                    .error, file: writer.root + "/" + manifestPath, position: .start,
                    message: "cannot write the build manifest: \(error.reason)"))
        }
        report.timings.shared = sharedStart.seconds
        report.templateFallbacks = templates.fallbacks.total
        report.diagnostics.sort()
        report.timings.total = start.seconds
        return report
    }

    /// Renders one valid record's report: the one place a record becomes files.
    static func renderRecord(_ record: Record, with reports: ReportRenderer) throws(TemplateErrors) -> (
        files: [OutputFile], summary: ReportSummary
    ) {
        try reports.render(record)
    }

    /// Renders the pages every shard shares, handing each file to `emit` as it is made: the guide, the reports index
    /// (which lists every valid record, from `summaries`), the home page and the theme's assets.
    ///
    /// Every link of these pages must lead to a file the build writes (a shared page, or a report listed in
    /// `summaries`); the pages are still written, and the broken links are thrown as errors naming the page.
    static func renderSharedPages(
        project: SiteProject, templates: TemplateSet, pages: PageRenderer, summaries: [ReportSummary],
        outputFolder: String, jobs: Int, emit: (OutputFile) -> Void
    ) throws(TemplateErrors) {
        // Everything these pages may link to is known before they are made, so each page is checked and handed on
        // as it is made, and no page is held longer than that.
        let pageCount = max(1, (summaries.count + ReportsIndex.pageSize - 1) / ReportsIndex.pageSize)
        let known = sharedPaths(project: project, templates: templates, pages: pages)
            .union((1...pageCount).map(ReportsIndex.path(page:)))
            .union(summaries.flatMap { [$0.htmlPath, String($0.htmlPath.dropLast(".html".count)) + ".md"] })
        var broken: [Diagnostic] = []
        func check(_ file: OutputFile) {
            broken += LinkCheck.diagnostics(for: file, outputFolder: outputFolder, exists: known.contains)
            emit(file)
        }
        for file in try GuideSite(project: project, pages: pages).render() { check(file) }
        for file in try ReportsIndex.render(summaries, with: pages, jobs: jobs) { check(file) }
        check(ReportsIndexData(summaries).file)
        check(try HomePage.render(reportCount: summaries.count, project: project, with: pages))
        for asset in templates.assets {
            let source = templates.folder.appendingPathComponent("assets/\(asset)")
            if let bytes = FileBytes.read(source) {
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

    /// Every template a build renders.
    public static let requiredTemplates =
        [PageRenderer.layout, CalloutMarkdown.template, HomePage.template] + ReportsIndex.templates
        + ReportRenderer.templates
        + GuideSite.templates

    // MARK: Steps

    /// Writes the theme's assets before any report is printed: report pages link the stylesheet, which the shared
    /// pages would otherwise write only after the records, so a first build (or a shard) would print unstyled PDFs.
    /// Failures are left to the shared pages, which write the same files again and report them; a shard that does
    /// not write the shared pages writes identical bytes, atomically.
    private static func writeAssetsForPrinting(_ templates: TemplateSet, with writer: OutputWriter) {
        for asset in templates.assets {
            if let bytes = FileBytes.read(templates.folder.appendingPathComponent("assets/\(asset)")) {
                _ = try? writer.write(bytes, to: "assets/\(asset)")
            }
        }
    }

    /// The PDF engine when PDFs are asked for: one Chromium with a tab per job, loading only files of the output
    /// folder, started by the first PDF. Without one, the build goes on without PDFs and the report says why (exit
    /// status 2).
    private static func startPrinter(
        _ request: PDFRequest, writer: OutputWriter, site: Site, jobs: Int, into report: inout BuildReport
    ) -> RecordPrinter {
        guard case .print(let pageTimeout) = request else { return .none }
        do {
            let engine = try OnDemandPDFEngine(
                PDFEngine.Options(root: writer.root, tabs: jobs, pageTimeout: pageTimeout))
            return .engine(engine, site)
        } catch {
            report.pdfEngineError = error
            return .unavailable
        }
    }

    /// Writes one shared file, counting it; false after reporting a failure.
    private static func write(_ file: OutputFile, with writer: OutputWriter, into report: inout BuildReport) -> Bool {
        do {
            switch try writer.write(file.bytes, to: file.path) {
            case .written: report.written += 1
            case .unchanged: report.unchanged += 1
            }
            return true
        } catch {
            report.diagnostics.append(
                Diagnostic(.error, file: writer.root + "/" + file.path, position: .start, message: error.reason))
            return false
        }
    }

    /// The last build's manifest; nil (a full build) when there is none or it cannot be read (with a warning).
    private static func manifest(
        _ read: Result<BuildManifest?, BuildManifest.Unreadable>, at path: String, into report: inout BuildReport
    ) -> BuildManifest? {
        switch read {
        case .success(let manifest):
            return manifest
        case .failure(let error):
            report.diagnostics.append(
                Diagnostic(
                    .warning, file: path, position: .start,
                    message: "the build manifest cannot be read (\(error.reason)); every record is rendered again"))
            return nil
        }
    }

    /// The folders a build writes into, relative to the output folder: where a killed build may have left
    /// temporary files.
    private static func foldersWritten(by manifest: BuildManifest, writer: OutputWriter) -> [String] {
        var folders: Set<String> = ["", BuildManifest.folder, "reports"]
        for kind in RecordKind.allCases { folders.insert("reports/\(kind.folder)") }
        for top in ["guide", "assets"] {
            folders.insert(top)
            folders.formUnion(writer.subfolders(of: top))
        }
        // Standard report files are in reports/<kind>/, already listed; other files add their own folders.
        var listed = manifest.sharedOutputs
        for (_, entry) in manifest.entries {
            if case .listed(let paths)? = entry.outputs { listed += paths }
        }
        for path in listed {
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) { folders.insert(String(path[..<slash])) }
        }
        return folders.sorted()
    }
}

/// A value computed on another thread while the caller does something else, then waited for.
final class Prefetch<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    /// Starts `work` on a global queue, or runs it now when `inBackground` is false.
    init(inBackground: Bool, _ work: @escaping @Sendable () -> Value) {
        guard inBackground else {
            result = work()
            done.signal()
            return
        }
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// The value, once `work` has finished.
    var value: Value {
        done.wait()
        defer { done.signal() }
        guard let result else { preconditionFailure("the work finished without a value") }
        return result
    }
}

extension ContentHasher {
    /// Adds what the reports index shows of a report.
    mutating func combine(summary: ReportSummary) {
        combine(summary.kind.rawValue)
        combine(summary.id)
        combine(summary.title)
        combine(summary.detail)
        combine(summary.date?.text ?? "")
        combine(summary.htmlPath)
    }
}
