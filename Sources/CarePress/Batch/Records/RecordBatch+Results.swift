import Foundation

extension RecordBatch {
    /// The summaries of the valid records in file order, for the reports index, decoded only when the index asks
    /// for them (a page at a time), from the bytes held or read back from the manifest, so they are never all held.
    ///
    /// With a session's decoded summaries (`carepress serve`), every summary is taken from there or decoded now, and
    /// they are kept there for the next build, as that cache is for.
    func summarySource(decoded: DecodedSummaries? = nil) -> ReportsIndexListing.Source {
        let entries = self.entries
        let positions = scanned.indices.compactMap { index in
            valid[index] && entries[index]?.summary != nil ? Int32(index) : nil
        }
        let manifest: BuildManifest?
        if case .build(_, _, _, let opened) = mode { manifest = opened } else { manifest = nil }
        let files = self.files
        @Sendable func bytes(_ index: Int) -> [UInt8]? {
            guard let stored = entries[index]?.summary else { return nil }
            if let bytes = stored.bytes { return bytes }
            // Read back; taken only when it is the summary the entry says (the same digest).
            guard let read = manifest?.summary(at: Self.relativePath(of: files[index])), read == stored else {
                return nil
            }
            return read.bytes
        }
        @Sendable func summary(_ index: Int) -> ReportSummary? {
            bytes(index).flatMap(SummaryCodec.summary)
        }
        @Sendable func fields(_ index: Int) -> ReportsIndexListing.Fields? {
            // Only the fields that order the index are decoded (the bytes are this version's summaries: a record
            // whose stored summary is older is rendered again, since the tool's fingerprint is in its digest).
            bytes(index).flatMap(SummaryCodec.fields)
        }
        if let decoded {
            // The entries' fields are read where they are: copying a whole entry retains each of its parts.
            let stored = positions.compactMap { position in
                entries[Int(position)]?.summary.map { (entries[Int(position)]?.digest, $0) }
            }
            let summaries = decoded.summaries(of: stored) { summary(Int(positions[$0])) }
            return .init(count: summaries.count, summary: { summaries[$0] }, digests: stored.map(\.1.digest))
        }
        return .init(
            count: positions.count, summary: { summary(Int(positions[$0])) },
            fields: { fields(Int(positions[$0])) })
    }

    /// What the shared pages are given of this batch's records (a whole build's): the valid ones' summaries, and the
    /// failures. Its digest is over each valid record's kind, id and stored summary (the digest of its bytes, so
    /// nothing is decoded or read when nothing changed).
    func indexedRecords() -> SiteBuilder.IndexedRecords {
        var hasher = ContentHasher()
        for index in scanned.indices where valid[index] {
            guard let entry = entries[index], let summary = entry.summary, let id = entry.id else { continue }
            hasher.combine(files[index].kind.rawValue)
            hasher.combine(id)
            hasher.combine(summary.digest)
        }
        let manifest: BuildManifest?
        if case .build(_, _, _, let opened) = mode { manifest = opened } else { manifest = nil }
        return SiteBuilder.IndexedRecords(
            digest: hasher.finalize(), failures: failures, source: { self.summarySource(decoded: $0) },
            summariesRead: { manifest?.summariesRead ?? 0 })
    }

    /// Adds this shard's records' counts, diagnostics and worker times to a report, then lets the outcomes go: the
    /// shared pages only ask which records are valid (`valid`). At 100,000 records the outcomes are 9.6 MB, and the
    /// reports index is the build's peak.
    func addResults(to report: inout BuildReport) {
        report.recordFilesRead += fileReads.count
        valid = outcomes.map { $0?.isValid == true }
        defer { outcomes = [] }
        failures = failedRecords()
        for (index, outcome) in outcomes.enumerated() {
            guard let outcome else { continue }
            if case .build = mode, scanned[index].role != .build { continue }
            report.records += 1
            report.diagnostics += outcome.diagnostics
            report.written += Int(outcome.written)
            report.unchanged += Int(outcome.unchanged)
            report.timings.load += Double(outcome.loadTime)
            report.timings.render += Double(outcome.renderTime)
            report.timings.write += Double(outcome.writeTime)
            report.timings.pdf += Double(outcome.pdfTime)
            report.pdfs += Int(outcome.pdfs)
            if outcome.pdfFailed { report.pdfsFailed += 1 }
            if outcome.pdfRemoved { report.deleted += 1 }
            switch outcome.state {
            case .rendered:
                report.rendered += 1
                // Its PDF was not printed: it has an error, though its other files were written.
                if outcome.diagnostics.hasErrors { report.failedRecords += 1 }
            case .reused: report.skipped += 1
            case .loaded: break
            case .failed: report.failedRecords += 1
            }
        }
    }

    /// Every record the batch loaded that failed (another shard's too, when this shard loads it for the reports
    /// index), in file order, each with its last good report while that report is still in the output folder.
    private func failedRecords() -> [FailedRecord] {
        let manifest: BuildManifest?
        let writer: OutputWriter?
        if case .build(let opened, _, _, let held) = mode {
            (writer, manifest) = (opened, held)
        } else {
            (writer, manifest) = (nil, nil)
        }
        return outcomes.indices.compactMap { index in
            guard var failure = outcomes[index]?.failure else { return nil }
            if let writer, let stored = entries[index]?.summary,
                let bytes = stored.bytes ?? manifest?.summary(at: Self.relativePath(of: files[index]))?.bytes,
                let summary = SummaryCodec.summary(bytes), writer.fileExists(summary.htmlPath)
            {
                failure.lastGood = summary
                failure.patient = failure.patient ?? summary.patient
            }
            return failure
        }
    }

    /// The last changes of the records: rows of records this shard does not process (what the scan found, for the
    /// next scan), and the removal of the rows of record files that are gone (whose files become orphans).
    func closingChanges() -> ManifestChanges {
        var changes = ManifestChanges()
        for index in scanned.indices where scanned[index].role == .none {
            guard let digest = scanned[index].fileDigest else { continue }
            let entry = entries[index]
            let restamp = restamped[index]
            if entry?.file != digest || !Self.sameBytes(entry?.id, scanned[index].id) || restamp != nil {
                var scannedEntry = BuildManifest.Entry(file: digest, id: scanned[index].id)
                // The stamp of the bytes the scan read, or of those the entry was made from.
                if let restamp {
                    scannedEntry.stamp = restamp
                } else if entry?.file == digest {
                    scannedEntry.stamp = entry?.stamp
                }
                entries[index] = scannedEntry
                changes.entries.append((Self.relativePath(of: files[index]), scannedEntry))
            }
        }
        for (path, entry) in deletedEntries {
            changes.removedEntries.append(path)
            let kind = RecordKind.allCases.first { path.hasPrefix($0.folder + "/") } ?? .consult
            changes.orphans += entry.outputs?.paths(kind: kind, id: entry.id) ?? []
        }
        return changes
    }

    /// Which orphan files to remove: of the candidates, those that nothing makes any more. A file that a current
    /// record makes, or may make (named after a report file path any record, in any shard, claims), or a current
    /// shared page, is kept.
    func removable(_ candidates: [String], currentShared: [String]) -> [String] {
        guard !candidates.isEmpty else { return [] }
        var made = Set(currentShared.map(BytePath.init))
        for entry in entries {
            if case .listed(let paths)? = entry?.outputs, !paths.isEmpty { made.formUnion(paths.map(BytePath.init)) }
        }
        // A file a record no longer makes (its PDF, once PDFs are no longer asked for) is its own to remove, even
        // though its name is still that record's claim.
        return BytePath.sortedUnique(candidates).filter { path in
            let owner = orphanOwners[BytePath(path)]
            return !made.contains(BytePath(path))
                && !Self.stems(of: path).contains { stem in
                    guard let claimant = claims[ContentDigest(stem)] else { return false }
                    return claimant != owner
                }
        }
    }

    /// Whether two optional strings are both nil, or have the same bytes.
    static func sameBytes(_ first: String?, _ second: String?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case (let first?, let second?): first.hasSameUTF8(as: second)
        default: false
        }
    }

    /// A path without its extensions, then without each trailing `-part`: `a/b-c.svg` gives `a/b-c`, `a/b`.
    static func stems(of path: String) -> [String] {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return [] }
        let folder = path[...slash]
        var name = path[path.utf8.index(after: slash)...]
        if let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) { name = name[..<dot] }
        var stems = [String(folder + name)]
        while let dash = name.utf8.lastIndex(of: UInt8(ascii: "-")) {
            name = name[..<dash]
            stems.append(String(folder + name))
        }
        return stems
    }
}
