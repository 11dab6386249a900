extension RecordBatch {
    /// How many records the next chunk has (the records rendered between two commits of the manifest), after `done`
    /// of `total`: 128 at first, then as many as are done (so chunks double), at most 2,048; and towards the end, at
    /// most half of what is left (but 256). Each commit is synced to disk, so a large batch commits about a dozen
    /// times rather than once per 256 records; a build killed loses at most one chunk's rendering, which the next
    /// build does again. The last chunk's commit is the only one no rendering overlaps, hence the smaller chunks
    /// towards the end.
    static func chunkSize(after done: Int, of total: Int) -> Int {
        min(max(done, 128), 2_048, max((total - done) / 2, 256))
    }

    /// Processes every record with a role, on `options.jobs` workers, a chunk at a time; after each chunk, its
    /// changes are committed to the manifest and its staged files renamed into place.
    ///
    /// A chunk is committed on a thread of its own while the workers render the next one: the commit is mostly
    /// renames and SQLite, time the workers would otherwise spend waiting. Commits still happen one at a time and in chunk order, and the workers touch none of what a
    /// commit changes: each chunk's manifest entries are taken before its previous chunk's commit starts.
    func processRecords() {
        let done = SerialCounter()
        let total = scanned.indices.filter { scanned[$0].role != .none }.count
        let progress = options.progress
        // Taken out of the mode once: matching it per record copies the inputs (a retain of each of their parts).
        let building: Building?
        if case .build(let writer, let inputs, _, _) = mode {
            building = Building(writer: writer, inputs: inputs)
        } else {
            building = nil
        }
        reuseUnchanged(building: building, done: done, total: total)
        let work = scanned.indices.filter { scanned[$0].role != .none && outcomes[$0] == nil }
        var start = 0
        var waiting: [Processed] = []
        while start < work.count {
            let chunk = Array(work[start..<min(start + Self.chunkSize(after: start, of: work.count), work.count)])
            start += chunk.count
            let results = Slots<(Outcome, BuildManifest.Entry)>(count: chunk.count)
            let previous = chunk.map { entries[$0] }
            let committing =
                waiting.isEmpty ? nil : BackgroundWork(inBackground: true) { [waiting] in self.commit(waiting) }
            WorkerPool.run(jobs: options.jobs, count: chunk.count) { position in
                results[position] = self.process(chunk[position], previous: previous[position], building: building)
                progress?(done.next(), total)
            }
            committing?.wait()
            if committing != nil { startFlushing() }
            waiting = chunk.indices.compactMap { position in
                results[position].map { (index: chunk[position], outcome: $0.0, entry: $0.1) }
            }
        }
        commit(waiting)
    }

    /// For a build that flushes its files to disk (`BuildOptions.flushesToDisk`), starts flushing the files in place,
    /// unless a flush is still running: the build's last flush (`SiteBuilder.finish`, before the manifest says the
    /// build finished) then has little left to wait for.
    private func startFlushing() {
        guard case .build(let writer, _, _, _) = mode, options.flushesToDisk, flushing?.isFinished ?? true else {
            return
        }
        flushing = BackgroundWork(inBackground: true) { writer.synchronize() }
    }

    /// Commits processed records (see `RecordBatch+Commits.swift`), or, when checking, keeps their outcomes.
    private func commit(_ processed: [Processed]) {
        if case .build(let writer, _, _, let manifest) = mode {
            commit(processed, writer: writer, manifest: manifest)
        } else {
            for (index, outcome, entry) in processed {
                outcomes[index] = outcome
                entries[index] = entry
            }
        }
    }

    private func process(_ index: Int, previous: BuildManifest.Entry?, building: Building?) -> (
        Outcome, BuildManifest.Entry
    ) {
        switch scanned[index].role {
        case .own:
            if let reused = reusable(index, previous: previous, building: building) { return reused }
            return build(index, previous: previous)
        case .validate, .none:
            return load(index, previous: previous)
        }
    }

    /// Finds, first, the records of this shard that the last build left right (see `reusable`): their entries stay
    /// as the manifest has them, so they need no commit, and only their outcomes are kept. A rebuild after one edit
    /// at 10,000 records (`carepress serve`) so handles the others without copying their entries through a chunk.
    private func reuseUnchanged(building: Building?, done: SerialCounter, total: Int) {
        guard let building, !options.force else { return }
        let entries = self.entries
        // A record with a new stamp is reused through a chunk, which writes its row.
        let candidates = scanned.indices.filter {
            scanned[$0].role == .own && entries[$0] != nil && restamped[$0] == nil
        }
        // Only the diagnostics of each reused record: at 100,000 records, a slot per record of whole outcomes was
        // 9.6 MB beside the outcomes themselves, at the build's peak.
        let reused = DisjointSlots<[Diagnostic]>(count: candidates.count)
        let progress = options.progress
        WorkerPool.run(jobs: options.jobs, count: candidates.count, batch: Self.quickBatch) { position in
            let index = candidates[position]
            guard let outcome = self.reusedOutcome(index, previous: entries[index], building: building) else { return }
            reused[position] = outcome.diagnostics
            if let progress { progress(done.next(), total) }
        }
        for (position, index) in candidates.enumerated() {
            if let diagnostics = reused[position] {
                reused[position] = nil
                outcomes[index] = .reused(diagnostics: diagnostics)
            }
        }
    }

    /// The last build's outcome for a record, when nothing it is made from changed and its files are all there.
    private func reusable(_ index: Int, previous: BuildManifest.Entry?, building: Building?) -> (
        Outcome, BuildManifest.Entry
    )? {
        guard let building, let outcome = reusedOutcome(index, previous: previous, building: building),
            var entry = previous
        else { return nil }
        if scanned[index].role != .own { entry.outputs = nil }
        if let stamp = restamped[index] { entry.stamp = stamp }
        return (outcome, entry)
    }

    /// The outcome of a record whose entry says that nothing it is made from changed (and, for a record of this
    /// shard, whose files are all there); nil when it must be loaded. Reads the entry's fields where they are: a copy
    /// of a whole entry retains each of its parts, for each of 10,000 records.
    private func reusedOutcome(_ index: Int, previous: BuildManifest.Entry?, building: Building) -> Outcome? {
        let kind = files[index].kind
        let role = scanned[index].role
        guard !options.force, let fileDigest = scanned[index].fileDigest, previous?.file == fileDigest,
            let digest = previous?.digest, previous?.summary != nil, let dependencies = previous?.dependencies,
            building.inputs.recordDigest(kind: kind, file: fileDigest, dependencies: dependencies) == digest
        else { return nil }
        if role == .own {
            guard let outputs = previous?.outputs,
                outputsExist(outputs, kind: kind, id: previous?.id, writer: building.writer)
            else { return nil }
        }
        guard role == .own, let diagnostics = previous?.diagnostics, !diagnostics.isEmpty else {
            return .reused(diagnostics: [])
        }
        return .reused(
            diagnostics: diagnostics.map { diagnostic in
                var located = diagnostic
                located.file = files[index].path
                return located
            })
    }

    /// Whether a record's output files were all there when the records were scanned; the standard pair (`id.md`,
    /// `id.html`) is looked up by name in the listing of its kind's report folder.
    private func outputsExist(
        _ outputs: BuildManifest.Outputs, kind: RecordKind, id: String?, writer: OutputWriter
    ) -> Bool {
        if case .standard = outputs, let id, let names = reportFolders[kind] {
            let slug = Slug.make(id)
            return names.contains(slug, suffix: ".md") && names.contains(slug, suffix: ".html")
        }
        return outputs.paths(kind: kind, id: id).allSatisfy { outputExists($0, kind: kind, writer: writer) }
    }

    /// Reads and checks a record (another shard's, whose claim is contested, or one checked).
    private func load(_ index: Int, previous: BuildManifest.Entry?) -> (
        Outcome, BuildManifest.Entry
    ) {
        let start = Stopwatch()
        var (outcome, entry, _) = loadRecord(index, previous: previous)
        outcome.loadTime = Float(start.seconds)
        return (outcome, entry)
    }

    /// Loads a record: its outcome, its new manifest entry (keeping the old outputs, for a record that now fails)
    /// and the record itself when it is valid.
    ///
    /// A record to build also gets its dependencies, digest and stored diagnostics; its summary comes from its
    /// rendering (`build`), so that its report is made once.
    private func loadRecord(_ index: Int, previous: BuildManifest.Entry?) -> (
        Outcome, BuildManifest.Entry, Record?
    ) {
        let file = files[index]
        let scanned = self.scanned[index]
        let ownsOutputs = scanned.role == .own
        let log = DiagnosticLog(file: file.path)
        var outcome = Outcome(state: .failed)
        var entry = BuildManifest.Entry(
            file: scanned.fileDigest ?? ContentDigest("unreadable"), id: scanned.id,
            outputs: ownsOutputs ? (previous?.outputs ?? .listed([])) : nil)
        if !Self.sameBytes(previous?.id, scanned.id), let outputs = entry.outputs {
            // The outputs were named after the old id.
            entry.outputs = .listed(outputs.paths(kind: file.kind, id: previous?.id))
        }
        let reportsDiagnostics: Bool
        if case .build = mode { reportsDiagnostics = ownsOutputs } else { reportsDiagnostics = true }
        let report = { (diagnostics: [Diagnostic]) in reportsDiagnostics ? diagnostics : [] }
        // A record that fails keeps its last good summary beside the files it still owns (see `FailedRecord`).
        entry.summary = previous?.summary
        var identity: (id: String?, patient: String?) = (scanned.id, nil)
        func failed(_ diagnostics: [Diagnostic]) -> (Outcome, BuildManifest.Entry, Record?) {
            outcome.diagnostics = report(diagnostics)
            outcome.failure = FailedRecord(
                kind: file.kind, file: file.path, id: identity.id ?? scanned.id, patient: identity.patient,
                errors: diagnostics.contains { $0.severity == .error }
                    ? diagnostics.filter { $0.severity == .error } : diagnostics)
            return (outcome, entry, nil)
        }
        let bytes: [UInt8]
        let fileDigest: ContentDigest
        if let failure = scanned.readFailure {
            // Read now, it would be another file than the one the scan found no id in (claims are settled on ids).
            SourceFile.report(failure, limit: .record, log: log)
            return failed(log.diagnostics)
        } else {
            let contents = FileBytes.contents(
                file.path, limit: RecordLimits.maximumSize, stamp: &entry.stamp, settled: options.fileSettledSeconds)
            guard case .success(let read) = contents else {
                if case .failure(let failure) = contents { SourceFile.report(failure, limit: .record, log: log) }
                return failed(log.diagnostics)
            }
            (bytes, fileDigest) = (read, ContentDigest(read))
        }
        entry.file = fileDigest
        guard let node = SourceFile.record(bytes: bytes, log: log) else { return failed(log.diagnostics) }
        let (loaded, diagnostics) = loader.load(node, kind: file.kind, log: log)
        guard let record = loaded else {
            identity = FailedRecord.identity(of: node, kind: file.kind)
            return failed(diagnostics)
        }
        guard Self.sameBytes(record.id, scanned.id) else {
            // The file changed between the scan and now; its claim was settled on the old id.
            identity = FailedRecord.identity(of: node, kind: file.kind)
            return failed(
                diagnostics + [
                    Diagnostic(
                        .error, file: file.path, position: .start,
                        message: "the file changed while the build was running", hint: "run the build again")
                ])
        }
        outcome.diagnostics = report(diagnostics)
        entry.summary = nil
        outcome.isValid = true
        outcome.idPosition = record.idPosition
        outcome.state = .loaded
        if scanned.role == .own, case .build(_, let inputs, _, _) = mode {
            entry.dependencies = strings.intern(RecordDependencies.of(record))
            entry.digest = inputs.recordDigest(kind: record.kind, file: fileDigest, dependencies: entry.dependencies)
            entry.diagnostics = diagnostics.map { diagnostic in
                var stored = diagnostic
                stored.file = ""
                return stored
            }
        }
        return (outcome, entry, record)
    }

    /// Loads and renders one of this shard's records, and stages its files (see `stage`); a check renders it the
    /// same way, keeping its summary in memory, and writes nothing.
    private func build(_ index: Int, previous: BuildManifest.Entry?) -> (Outcome, BuildManifest.Entry) {
        let start = Stopwatch()
        var (outcome, entry, loaded) = loadRecord(index, previous: previous)
        outcome.loadTime = Float(start.seconds)
        guard let record = loaded, let renderer = mode.renderer else { return (outcome, entry) }
        let renderStart = Stopwatch()
        let rendered: (files: [OutputFile], summary: ReportSummary)
        do {
            rendered = try renderer.render(record)
        } catch {
            outcome.renderTime = Float(renderStart.seconds)
            outcome.state = .failed
            entry.digest = nil
            let errors = error.diagnostics.map { error in
                var located = error
                located.message += " (while rendering \(files[index].path))"
                return located
            }
            outcome.diagnostics += errors
            return failed(record, patient: nil, errors: errors, outcome: outcome, entry: entry, previous: previous)
        }
        outcome.renderTime = Float(renderStart.seconds)
        outcome.state = .rendered
        entry.summary = BuildManifest.StoredSummary(rendered.summary)
        let before = outcome.diagnostics.count
        if case .build(let writer, _, _, _) = mode {
            stage(rendered.files, with: writer, into: &outcome, entry: &entry, index: index)
        }
        if outcome.state == .failed {
            return failed(
                record, patient: rendered.summary.patient, errors: Array(outcome.diagnostics[before...]),
                outcome: outcome, entry: entry, previous: previous)
        }
        return (outcome, entry)
    }

    /// A loaded record whose report could not be made or written: it keeps its last good summary beside the files it
    /// still owns, and is listed as failed.
    private func failed(
        _ record: Record, patient: String?, errors: [Diagnostic], outcome: Outcome, entry: BuildManifest.Entry,
        previous: BuildManifest.Entry?
    ) -> (Outcome, BuildManifest.Entry) {
        var (outcome, entry) = (outcome, entry)
        entry.summary = previous?.summary
        outcome.failure = FailedRecord(
            kind: record.kind, file: record.source, id: record.id, patient: patient, errors: errors)
        return (outcome, entry)
    }

    /// Writes a record's files under temporary names beside their targets (a file that already holds the same bytes
    /// is left alone); the entry names them all. When one cannot be written, none is kept: the record keeps its old
    /// files and entry outputs, and is rendered again next time.
    private func stage(
        _ rendered: [OutputFile], with writer: OutputWriter, into outcome: inout Outcome,
        entry: inout BuildManifest.Entry, index: Int
    ) {
        let start = Stopwatch()
        defer { outcome.writeTime += Float(start.seconds) }
        let kind = files[index].kind
        for file in rendered {
            do {
                if let staged = try writer.stage(
                    file.bytes, to: file.path, mayExist: outputMayExist(file.path, kind: kind))
                {
                    outcome.staged.append(staged)
                } else {
                    outcome.unchanged += 1
                }
            } catch {
                outcome.diagnostics.append(
                    Diagnostic(
                        .error, file: writer.root + "/" + file.path, position: .start,
                        message: error.reason + " (while writing the report of \(files[index].path))"))
                for staged in outcome.staged { writer.discard(staged) }
                outcome.staged = []
                outcome.unchanged = 0
                outcome.state = .failed
                entry.digest = nil
                return
            }
        }
        outcome.rendered = rendered.map(\.path)
        entry.outputs = .of(outcome.rendered, kind: kind, id: entry.id)
    }
}
