extension FanIn {
    /// The manifests of a batch's shards, opened as they are (never written: each is its shard's), with what they say
    /// of each record, and why any shard's records cannot be trusted to be published.
    struct ShardManifests {
        /// The opened manifests, by shard number (1...N); a shard without one has not run (or cannot be read).
        var manifests: [Int: BuildManifest] = [:]
        /// Each shard's entries, by record path relative to the content folder.
        var entries: [Int: [String: BuildManifest.Entry]] = [:]
        /// Every shard's entries together (what `RecordFolderCheck` counts).
        var allEntries: [(path: String, entry: BuildManifest.Entry)] = []
        /// The shards that did not run, cannot be read, or did not finish: errors naming each manifest.
        var diagnostics: [Diagnostic] = []
        /// The shards that ran to the end: a record of theirs that is not published gets an error of its own.
        var finished: Set<Int> = []

        /// Opens the manifest of every shard of a batch of `count`.
        static func read(count: Int, writer: OutputWriter, strings: StringInterner) -> ShardManifests {
            var shards = ShardManifests()
            for number in 1...count {
                guard let shard = Shard(index: number, count: count) else { continue }
                let relative = BuildManifest.path(for: shard)
                let rerun = "run `carepress build --shard \(shard)`, then the fan-in again"
                func error(_ message: String) {
                    shards.diagnostics.append(
                        Diagnostic(
                            .error, file: writer.root + "/" + relative, position: .start, message: message,
                            hint: rerun))
                }
                guard writer.fileExists(relative) else {
                    error("shard \(shard) has not run (it has no manifest): its records are listed as not published")
                    continue
                }
                guard
                    let (manifest, contents) = BuildManifest.openPublished(
                        at: writer.root + "/" + relative, strings: strings)
                else {
                    error(
                        "the manifest of shard \(shard) cannot be read (damaged, or written by another version of "
                            + "CarePress): its records are listed as not published")
                    continue
                }
                if contents.finished {
                    shards.finished.insert(number)
                } else {
                    error(
                        "shard \(shard) did not finish (it was stopped, or is still running): the records it had not "
                            + "published are listed as such")
                }
                shards.manifests[number] = manifest
                // Only the rows of the shard's own records: a row of another's (from an older version) says nothing.
                let own = contents.entries.filter { Shard.number(of: $0.path, count: count) == number }
                shards.entries[number] = Dictionary(own.map { ($0.path, $0.entry) }, uniquingKeysWith: { $1 })
                shards.allEntries += own
            }
            return shards
        }

        /// A stored summary's bytes: held, or read from its shard's manifest (when it is the summary the entry says).
        func summaryBytes(_ stored: BuildManifest.StoredSummary, shard: Int, path: String) -> [UInt8]? {
            if let bytes = stored.bytes { return bytes }
            guard let read = manifests[shard]?.summary(at: path), read == stored else { return nil }
            return read.bytes
        }
    }

    /// What the fan-in found of the records: the index's records, and the report files any record claims.
    struct PublishedRecords {
        var indexed: SiteBuilder.IndexedRecords
        /// The digests of the report paths without extension (`reports/consults/hl-1`) that the records' ids make.
        var claims: Set<ContentDigest>

        /// One record file as the fan-in found it.
        private struct Found: Sendable {
            var shard: Int
            var id: String?
            /// Its summary, when its shard published this version of it.
            var published: BuildManifest.StoredSummary?
            /// The summary of the report its shard published last, when that is not this version.
            var earlier: BuildManifest.StoredSummary?
        }

        /// Finds which records their shards published (this very version, with its files there); checks the others
        /// as a build would, without writing, to say why each is not published.
        static func find(
            in inputs: SiteBuilder.Inputs, shards: ShardManifests, writer: OutputWriter,
            into report: inout BuildReport
        ) -> PublishedRecords {
            let files = inputs.project.recordFiles
            let count = inputs.options.shard.count
            let slots = DisjointSlots<Found>(count: files.count)
            let digests = inputs.digests
            WorkerPool.run(jobs: inputs.options.jobs, count: files.count, batch: RecordBatch.quickBatch) { index in
                let file = files[index]
                let path = RecordBatch.relativePath(of: file)
                let number = Shard.number(of: path, count: count)
                var found = Found(shard: number)
                let entry = shards.entries[number]?[path]
                guard case .success(let bytes) = FileBytes.contents(file.path, limit: RecordLimits.maximumSize) else {
                    slots[index] = found
                    return
                }
                let digest = ContentDigest(bytes)
                found.id = entry?.file == digest ? entry?.id : RecordIDScanner.id(in: bytes)
                if let entry, entry.file == digest, let made = entry.digest, let summary = entry.summary,
                    let outputs = entry.outputs,
                    digests.isCurrent(made, kind: file.kind, file: digest, dependencies: entry.dependencies),
                    outputs.paths(kind: file.kind, id: entry.id).allSatisfy(writer.fileExists)
                {
                    found.published = summary
                } else {
                    found.earlier = entry?.summary
                }
                slots[index] = found
            }
            let found = files.indices.map { slots[$0] ?? Found(shard: Shard.number(of: "", count: count)) }
            let published = found.indices.filter { found[$0].published != nil }
            // Checked with every record that claims the same report files, so that a contest is settled as a whole
            // build settles it (the first valid claimant wins; the others have the duplicate id error).
            let key = { (index: Int) in found[index].id.map { ReportPaths.baseDigest(kind: files[index].kind, id: $0) }
            }
            let unpublished = found.indices.filter { found[$0].published == nil }
            let contested = Set(unpublished.compactMap(key))
            let failures = notPublished(
                unpublished, checkedWith: found.indices.filter { key($0).map(contested.contains) == true },
                found: found, inputs: inputs, shards: shards, writer: writer, into: &report)
            report.records = files.count
            report.skipped = published.count
            report.failedRecords = failures.count

            var hasher = ContentHasher()
            for index in published {
                guard let summary = found[index].published else { continue }
                hasher.combine(files[index].kind.rawValue)
                hasher.combine(found[index].id ?? "")
                hasher.combine(summary.digest)
            }
            let bytes: @Sendable (Int32) -> [UInt8]? = { position in
                let index = published[Int(position)]
                guard let summary = found[index].published else { return nil }
                return shards.summaryBytes(
                    summary, shard: found[index].shard, path: RecordBatch.relativePath(of: files[index]))
            }
            let manifests = shards.manifests.values
            let indexed = SiteBuilder.IndexedRecords(
                digest: hasher.finalize(), failures: failures,
                source: { _ in
                    ReportsIndexListing.Source(
                        count: published.count, summary: { bytes(Int32($0)).flatMap(SummaryCodec.summary) },
                        fields: { bytes(Int32($0)).flatMap(SummaryCodec.fields) })
                }, summariesRead: { manifests.reduce(0) { $0 + $1.summariesRead } })
            let claims = Set(
                found.indices.compactMap { index in
                    found[index].id.map { ReportPaths.baseDigest(kind: files[index].kind, id: $0) }
                })
            return PublishedRecords(indexed: indexed, claims: claims)
        }

        /// The records (by index) that are not published, as the index lists them with the failures: each checked
        /// as a build would check it (loaded and rendered in memory), so a record with errors shows them; a valid one
        /// says which shard has not published it. Each keeps its last good report while its files are there.
        private static func notPublished(
            _ indices: [Int], checkedWith peers: [Int], found: [Found], inputs: SiteBuilder.Inputs,
            shards: ShardManifests, writer: OutputWriter, into report: inout BuildReport
        ) -> [FailedRecord] {
            guard !indices.isEmpty else { return [] }
            let files = inputs.project.recordFiles
            let unpublished = Set(indices.map { BytePath(files[$0].path) })
            let isUnpublished = { (path: String) in unpublished.contains(BytePath(path)) }
            let all = Array(Set(indices + peers)).sorted()
            var project = inputs.project
            project.recordFiles = all.map { files[$0] }
            var options = inputs.options
            (options.force, options.shard, options.cache, options.progress) = (true, .all, nil, nil)
            let batch = RecordBatch(project: project, options: options, mode: .check(renderer: inputs.reports))
            var none: [(path: String, entry: BuildManifest.Entry)] = []
            batch.scan(previous: &none)
            batch.processRecords()
            batch.settleContests()
            var results = BuildReport()
            batch.addResults(to: &results)
            report.diagnostics += results.diagnostics.filter { isUnpublished($0.file) }
            var failures = batch.failures.filter { isUnpublished($0.file) }
            var byFile = Dictionary(
                failures.enumerated().map { ($1.file, $0) }, uniquingKeysWith: { first, _ in first })
            for (position, index) in all.enumerated() where batch.valid[position] && isUnpublished(files[index].path) {
                let file = files[index]
                guard let shard = Shard(index: found[index].shard, count: inputs.options.shard.count) else { continue }
                let summary = batch.entries[position]?.summary?.bytes.flatMap(SummaryCodec.summary)
                let error = Diagnostic(
                    .error, file: file.path, position: .start,
                    message: "not published: shard \(shard) has not published this version of the record",
                    hint: "run `carepress build --shard \(shard)`, then the fan-in again")
                // The shards that did not finish or run are named once each, not once per record.
                if shards.finished.contains(found[index].shard) { report.diagnostics.append(error) }
                byFile[file.path] = failures.count
                failures.append(
                    FailedRecord(
                        kind: file.kind, file: file.path, id: found[index].id, patient: summary?.patient,
                        errors: [error]))
            }
            // Each with its last good report, while its files are there; in file order, as a build lists them.
            for index in indices {
                guard let position = byFile[files[index].path], let earlier = found[index].earlier,
                    let bytes = shards.summaryBytes(
                        earlier, shard: found[index].shard, path: RecordBatch.relativePath(of: files[index])),
                    let summary = SummaryCodec.summary(bytes), writer.fileExists(summary.htmlPath)
                else { continue }
                failures[position].lastGood = summary
                failures[position].patient = failures[position].patient ?? summary.patient
            }
            let order = Dictionary(
                indices.map { (files[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
            return failures.sorted { (order[$0.file] ?? 0) < (order[$1.file] ?? 0) }
        }
    }
}
