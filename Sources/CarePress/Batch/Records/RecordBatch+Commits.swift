/// How a chunk of processed records reaches the manifest and the output folder, so that a build killed at any moment
/// (even with SIGKILL) leaves every report either as the manifest records it, or recorded as being replaced:
///
/// 1. The workers stage each rendered record's files under temporary names (`OutputWriter.stage`).
/// 2. One transaction commits, together: the final rows of the previous chunk's records (their files are in place),
///    a row for each record of this chunk that owns both its old and its new files and has no digest (so a build
///    killed from here on renders it again), and the rows of records that wrote nothing.
/// 3. The staged files are renamed into place; each record's final row (its digest, its new files) waits for the
///    next commit. Files a record no longer makes become orphans in that commit, removed at the end of the build.
///
/// A killed build thus leaves temporary files (removed by the next build), files in place whose records the
/// manifest says to render again, and orphans the manifest lists: never a file nobody knows of, and never a row that
/// vouches for a file it did not make.
extension RecordBatch {
    /// One processed record on its way to the manifest.
    typealias Processed = (index: Int, outcome: Outcome, entry: BuildManifest.Entry)

    /// Commits a chunk's changes and renames its staged files into place (see above). Contested records' files stay
    /// staged until the contest is settled, unless `holdContested` is false.
    func commit(
        _ processed: [Processed], writer: OutputWriter, manifest: BuildManifest, holdContested: Bool = true
    ) {
        var changes = ManifestChanges()
        var replacing: [(item: Processed, owned: [String])] = []
        var recorded: [Processed] = []
        for item in processed {
            let index = item.index
            let path = Self.relativePath(of: files[index])
            if holdContested && scanned[index].contested && !item.outcome.staged.isEmpty {
                // Settled later; the manifest keeps the old entry meanwhile.
                outcomes[index] = item.outcome
                heldEntries[index] = item.entry
                continue
            }
            if item.outcome.staged.isEmpty && !printsPDF(item) {
                // An unchanged entry (a record reused as it was) owns the same files: nothing is dropped.
                if item.entry != entries[index] {
                    changes.entries.append((path, item.entry))
                    let old = ownedPaths(entries[index], index: index)
                    let now = ownedPaths(item.entry, index: index)
                    let dropped = BuildManifest.Outputs.dropped(from: old, keeping: now)
                    changes.orphans += dropped
                    for path in dropped { orphanOwners[BytePath(path)] = index }
                }
                recorded.append(item)
            } else {
                let old = ownedPaths(entries[index], index: index)
                let owned = BytePath.sortedUnique(old + item.outcome.rendered + pdfPath(item))
                changes.entries.append(
                    (path, .replacing(file: item.entry.file, id: item.entry.id, outputs: owned)))
                replacing.append((item, owned))
            }
        }
        guard commit(changes, to: manifest) else {
            // Nothing was recorded, so nothing may be put in place: every staged file goes, and each record says so.
            for (item, _) in replacing {
                var outcome = item.outcome
                for staged in outcome.staged { writer.discard(staged) }
                outcome.staged = []
                outcome.state = .failed
                outcome.diagnostics.append(
                    Diagnostic(
                        .error, file: files[item.index].path, position: .start,
                        message: "its report was not written: \(manifestFailure ?? "cannot write the build manifest")",
                        hint: "its files from the last build, if any, are kept; the next build writes it"))
                outcomes[item.index] = outcome
            }
            for item in recorded { outcomes[item.index] = item.outcome }
            return
        }
        orphans += changes.orphans
        for item in recorded {
            outcomes[item.index] = item.outcome
            outcomes[item.index]?.rendered = []
            entries[item.index] = item.entry
            // Its row is committed: the manifest holds its summary.
            releaseSummary(item.index)
        }
        var placed: [(item: Processed, owned: [String], failed: Bool)] = []
        for (item, owned) in replacing {
            var outcome = item.outcome
            var failed = false
            for staged in outcome.staged {
                guard !failed else {
                    writer.discard(staged)
                    continue
                }
                do {
                    try writer.commit(staged)
                    outcome.written += 1
                } catch {
                    failed = true
                    outcome.diagnostics.append(
                        Diagnostic(
                            .error, file: writer.root + "/" + staged.path, position: .start,
                            message: error.reason + " (while writing the report of \(files[item.index].path))"))
                }
            }
            outcome.staged = []
            placed.append(((item.index, outcome, item.entry), owned, failed))
        }
        // PDFs are printed from the HTML in place, by the engine's tabs side by side; their paths were in the rows.
        let printing = placed.indices.filter { !placed[$0].failed && printsPDF(placed[$0].item) }
        let printed = Slots<(Outcome, BuildManifest.Entry, String?)>(count: printing.count)
        let toPrint = printing.map { placed[$0].item }
        WorkerPool.run(jobs: options.jobs, count: toPrint.count) { position in
            var (index, outcome, entry) = toPrint[position]
            let pdf = self.printPDF(index, entry: &entry, outcome: &outcome)
            printed[position] = (outcome, entry, pdf)
        }
        var pdfs: [Int: String] = [:]
        for (position, at) in printing.enumerated() {
            guard let (outcome, entry, pdf) = printed[position] else { continue }
            placed[at].item.outcome = outcome
            placed[at].item.entry = entry
            if let pdf { pdfs[at] = pdf }
        }
        for (at, (item, owned, failed)) in placed.enumerated() {
            var (outcome, entry) = (item.outcome, item.entry)
            let kind = files[item.index].kind
            if failed {
                // It keeps owning old and new files, and is rendered again next time.
                outcome.state = .failed
                entry.digest = nil
                entry.outputs = .listed(owned)
            } else {
                let made = outcome.rendered + (pdfs[at].map { [$0] } ?? [])
                entry.outputs = .of(made, kind: kind, id: entry.id)
                let dropped = BuildManifest.Outputs.dropped(from: owned, keeping: made)
                settled.orphans += dropped
                orphans += dropped
                for path in dropped { orphanOwners[BytePath(path)] = item.index }
            }
            settled.entries.append((Self.relativePath(of: files[item.index]), entry))
            settledIndices.append(item.index)
            // The entry names the files now; the outcome keeps only counts (at 100,000 records, these paths were
            // 24 MB held to the end of the build).
            outcome.rendered = []
            outcomes[item.index] = outcome
            entries[item.index] = entry
        }
    }

    /// Whether a processed record gets a PDF now: a rendered record of this shard, when PDFs are asked for.
    private func printsPDF(_ item: Processed) -> Bool {
        if case .none = printer { return false }
        return item.outcome.state == .rendered && scanned[item.index].role == .own
    }

    /// The path of the PDF a processed record gets now, if it gets one.
    private func pdfPath(_ item: Processed) -> [String] {
        guard printsPDF(item), let id = item.entry.id else { return [] }
        return [ReportPaths.pdf(kind: files[item.index].kind, id: id)]
    }

    /// Commits changes together with the final rows still waiting; false (after noting why, once) when the manifest
    /// cannot be written.
    @discardableResult
    func commit(
        _ changes: ManifestChanges, to manifest: BuildManifest, finishing: Bool = false,
        files: BuildManifest.FilesOnDisk = .flushed
    ) -> Bool {
        var all = settled
        settled = ManifestChanges()
        let committing = settledIndices
        settledIndices = []
        all.append(changes)
        do {
            try manifest.commit(all, finishing: finishing, files: files)
            // The final rows are in the manifest, summaries included: their bytes need not be held any more.
            for index in committing { releaseSummary(index) }
            return true
        } catch {
            if manifestFailure == nil { manifestFailure = "cannot write the build manifest: \(error)" }
            return false
        }
    }

    /// Lets go of the bytes of a committed record's summary (the manifest has them), unless the summaries kept so far
    /// are under `summaryBytesKept`: the reports index reads those here rather than back from the manifest, one
    /// query each, on one connection the index's workers take turns at. Past the first `summaryBytesKept`, a bound
    /// on what this adds to a large build's peak, they are read back.
    func releaseSummary(_ index: Int) {
        guard let count = entries[index]?.summary?.bytes?.count else { return }
        guard keptSummaryBytes + count > Self.summaryBytesKept else {
            keptSummaryBytes += count
            return
        }
        entries[index]?.summary?.release()
    }

    /// How many bytes of committed summaries a batch keeps in memory for the reports index (see `releaseSummary`).
    static let summaryBytesKept = 2 << 20

    /// The files an entry owns, for the record at an index.
    func ownedPaths(_ entry: BuildManifest.Entry?, index: Int) -> [String] {
        entry?.outputs?.paths(kind: files[index].kind, id: entry?.id) ?? []
    }
}
