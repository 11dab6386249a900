import Foundation

/// The pipeline's Plan stage: the project and its theme loaded, the output folder locked, its manifest read, and
/// every record file scanned against it, which decides what the Render stage renders (see `RecordBatch.scan`).
extension SiteBuilder {
    /// What the Plan stage hands on.
    struct Plan {
        let inputs: Inputs
        let writer: OutputWriter
        /// Held until the build returns.
        let lock: BuildLock
        let manifestFile: String
        let manifest: BuildManifest
        /// What the manifest held but the records' entries, which the batch took.
        let contents: BuildManifest.Contents
        /// The records, scanned: each knows whether it is to be rendered.
        let batch: RecordBatch
        let printer: RecordPrinter
        /// The theme's assets already written for the PDF printer.
        let assetsWritten: [BytePath: OutputWriter.Outcome]
    }

    /// Plans a build, or returns nil after reporting what stops it.
    static func plan(_ options: BuildOptions, into report: inout BuildReport) -> Plan? {
        // No project, no output folder: nothing is created before the content folder is found.
        if let missing = SiteProject.missing(options.contentPath) {
            report.diagnostics.append(missing)
            return nil
        }
        guard var writer = outputWriter(options, into: &report) else { return nil }
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
            return nil
        }
        writer.access = loaded.site.outputAccess
        let lock: BuildLock
        if let earlyLock {
            lock = earlyLock
        } else {
            guard let (taken, waited) = lockOutputFolder(options, writer: writer, into: &report) else {
                return nil
            }
            lock = taken
            if waited {
                // Another build ran meanwhile: read the project as it is now.
                report.diagnostics = []
                guard let now = loadProject(options, into: &report) else { return nil }
                loaded = now
                writer.access = loaded.site.outputAccess
            }
        }
        guard takeOverOtherShardCounts(options, writer: writer, strings: strings, into: &report) else {
            return nil
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
                    return nil
                }
            }
        }
        let opened = (consume taken) ?? openManifest(at: manifestFile, strings: strings, options: options)
        // Consumed: a copy left here would keep the manifest's entries alive after the scan lets go of them (see
        // docs/performance.md).
        guard case (let manifest, var contents)? = openedManifest(consume opened, at: manifestFile, into: &report)
        else {
            return nil
        }
        if options.outputIsLocal == true { manifest.vouchByBoot() }
        // A record folder that vanished while the manifest lists its records stops the build: nothing is removed.
        let folders = RecordFolderCheck.check(inputs.project, allowsEmpty: options.allowsEmptyRecordFolders) {
            RecordFolderCheck.count(of: $0, in: contents.entries)
        }
        report.diagnostics += folders.diagnostics
        if folders.stops { return nil }
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
        return Plan(
            inputs: inputs, writer: writer, lock: lock, manifestFile: manifestFile, manifest: manifest,
            contents: contents, batch: batch, printer: printer, assetsWritten: assetsWritten)
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
}
