#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a build takes over the manifests that builds of another shard count left (a whole build's, or those of a
/// batch of another size), so that whatever the history of shard counts, the files they list are still known: a
/// record deleted since is removed, and a report that those builds wrote is never taken for one this build's own
/// manifest vouches for.
///
/// The batch lock (`BuildLock`) keeps builds of another shard count out while a build runs, so their manifests are
/// still. For each record row that lists files, the build writes a row without a digest owning those files into the
/// manifest of the shard that has the record now (its record is rendered again, and the files it no longer makes
/// are removed, as after a killed build); the other manifest's orphans and shared pages become orphans of what writes
/// the shared pages now (the whole build, or the fan-in of the batch). The rows of this shard count's own manifests lose their digests too (a report
/// they vouch for may have been written since by the other builds), and so do their shared pages. Only then are the
/// other manifests removed, their main file last: a build killed on the way takes them over again, to the same end.
///
/// The shards of one batch take over one at a time (holding `acquire.lock`), and only the first finds anything: a
/// shard that runs has taken over before it opened its manifest, so no manifest is written by two processes at once.
extension BuildManifest {
    /// Why the manifests of another shard count could not be taken over: the build stops, writing nothing else.
    struct TakeoverFailure: Error {
        /// The manifest (absolute path).
        var path: String
        /// What went wrong.
        var reason: String
    }

    /// The manifests in the output folder (relative paths) of other shard counts than `shard`'s, in byte order.
    static func otherShardCounts(than shard: Shard, in writer: OutputWriter) -> [String] {
        manifests(in: writer).filter { $0.shard.count != shard.count }.map(\.path)
    }

    /// Every manifest in the output folder with its shard, by its file name.
    private static func manifests(in writer: OutputWriter) -> [(path: String, shard: Shard)] {
        writer.fileNames(in: folder).compactMap { name -> (String, Shard)? in
            guard let shard = shard(ofManifestNamed: name) else { return nil }
            return ("\(folder)/\(name)", shard)
        }
        .sorted { BytePath($0.0) < BytePath($1.0) }
    }

    /// The shard whose manifest a file of `.carepress/` is (`manifest.sqlite`, `manifest-K-of-N.sqlite`, exactly as
    /// `path(for:)` spells it), or nil.
    static func shard(ofManifestNamed name: String) -> Shard? {
        if "\(folder)/\(name)" == path(for: .all) { return .all }
        let (prefix, suffix) = ("manifest-", ".sqlite")
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let parts = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "-of-")
        guard parts.count == 2, let count = Int(parts[1]),
            let shard = parts[0] == "index"
                ? Shard.fanIn(of: count) : Int(parts[0]).flatMap({ Shard(index: $0, count: count) }),
            path(for: shard) == "\(folder)/\(name)"
        else { return nil }
        return shard
    }

    /// Takes over the manifests `others` (relative paths, of other shard counts) for the shard count of `shard`
    /// (see above); returns the warnings of the manifests it opened, by manifest (absolute path).
    static func takeOver(
        _ others: [String], for shard: Shard, writer: OutputWriter, strings: StringInterner, boot: String?
    ) throws(TakeoverFailure) -> [(path: String, warning: String)] {
        guard !others.isEmpty else { return [] }
        var warnings: [(path: String, warning: String)] = []
        // What each manifest of this shard count (by shard number) is to own: rows by record path, and orphans.
        var rows: [Int: [BytePath: (file: ContentDigest, id: String?, outputs: [String])]] = [:]
        var orphans: [String] = []
        for other in others {
            let contents = try read(other, writer: writer, strings: strings, boot: boot) { warnings.append($0) }
            for (path, entry) in contents.entries {
                let outputs = entry.outputs?.paths(kind: kind(ofRecordPath: path), id: entry.id) ?? []
                guard !outputs.isEmpty else { continue }
                let number = Shard.number(of: path, count: shard.count)
                let owned = rows[number]?[BytePath(path)]?.outputs ?? []
                rows[number, default: [:]][BytePath(path)] = (entry.file, entry.id, owned + outputs)
            }
            orphans += contents.orphans + contents.shared.outputs
        }
        // This count's manifests that are there now, and those that are to own something. The orphans and the other
        // builds' shared pages go to what writes the shared pages now: the whole build, or the batch's fan-in.
        let orphanOwner = shard.isWhole ? Shard.all : Shard.fanIn(of: shard.count)
        var targets = Set(manifests(in: writer).map(\.shard).filter { $0.count == shard.count })
        targets.formUnion(rows.keys.compactMap { Shard(index: $0, count: shard.count) })
        if !orphans.isEmpty, let orphanOwner { targets.insert(orphanOwner) }
        for target in targets.sorted(by: { $0.index < $1.index }) {
            try adopt(
                target.isFanIn ? [:] : rows[target.index] ?? [:], orphans: target == orphanOwner ? orphans : [],
                into: path(for: target), writer: writer, strings: strings, boot: boot
            ) { warnings.append($0) }
        }
        for other in others {
            // The main file last: while it is there, the takeover is not done.
            let files = databaseFiles(at: other)
            for file in files.dropFirst() + files.prefix(1) {
                do {
                    try writer.remove(file)
                } catch {
                    throw TakeoverFailure(
                        path: writer.root + "/" + other,
                        reason: "cannot remove this manifest of another shard count: \(error.reason)")
                }
            }
        }
        return warnings
    }

    /// What a manifest of another shard count holds, read as a build would read it (mended if need be).
    private static func read(
        _ relative: String, writer: OutputWriter, strings: StringInterner, boot: String?,
        warn: ((path: String, warning: String)) -> Void
    ) throws(TakeoverFailure) -> Contents {
        let path = writer.root + "/" + relative
        do {
            let (_, contents) = try open(at: path, strings: strings, boot: boot)
            for warning in contents.warnings { warn((path, warning)) }
            return contents
        } catch {
            throw TakeoverFailure(path: path, reason: "cannot open this manifest of another shard count (\(error))")
        }
    }

    /// Writes into a manifest of this shard count (made if missing) the rows it is to own, merged with its own, and
    /// the orphans; its rows that list files, and its shared pages, lose their digests.
    private static func adopt(
        _ adopted: [BytePath: (file: ContentDigest, id: String?, outputs: [String])], orphans: [String],
        into relative: String, writer: OutputWriter, strings: StringInterner, boot: String?,
        warn: ((path: String, warning: String)) -> Void
    ) throws(TakeoverFailure) {
        let path = writer.root + "/" + relative
        do {
            let (manifest, contents) = try open(at: path, strings: strings, boot: boot)
            for warning in contents.warnings { warn((path, warning)) }
            var merged = adopted
            for (path, entry) in contents.entries {
                let outputs = entry.outputs?.paths(kind: kind(ofRecordPath: path), id: entry.id) ?? []
                guard !outputs.isEmpty else { continue }
                let key = BytePath(path)
                merged[key] = (entry.file, entry.id, outputs + (merged[key]?.outputs ?? []))
            }
            var changes = ManifestChanges(orphans: orphans)
            changes.entries = merged.sorted { $0.key < $1.key }.map { path, row in
                (path.text, Entry.replacing(file: row.file, id: row.id, outputs: BytePath.sortedUnique(row.outputs)))
            }
            if contents.shared.digest != nil || contents.shared.guideDigest != nil {
                changes.shared = SharedPages(outputs: contents.shared.outputs)
            }
            // Not marked finished: rows that its last build left untrusted stay untrusted.
            try manifest.commit(changes)
        } catch {
            throw TakeoverFailure(
                path: path, reason: "cannot write into it what the manifests of other shard counts held (\(error))")
        }
    }

    /// The kind of a record by its path relative to the content folder (`consults/x.json`).
    static func kind(ofRecordPath path: String) -> RecordKind {
        RecordKind.allCases.first { path.hasPrefix($0.folder + "/") } ?? .consult
    }
}

extension SiteBuilder {
    /// Takes over the manifests of other shard counts that the output folder has (see `BuildManifest+Takeover`),
    /// one shard of a batch at a time; false after reporting why it could not (the build then stops).
    static func takeOverOtherShardCounts(
        _ options: BuildOptions, writer: OutputWriter, strings: StringInterner, into report: inout BuildReport
    ) -> Bool {
        guard !BuildManifest.otherShardCounts(than: options.shard, in: writer).isEmpty else { return true }
        let outcome: Result<[(path: String, warning: String)], BuildManifest.TakeoverFailure>
        do {
            outcome = try BuildLock.exclusively(in: writer) {
                // Another shard of this batch may have taken them over meanwhile.
                let others = BuildManifest.otherShardCounts(than: options.shard, in: writer)
                return Result { () throws(BuildManifest.TakeoverFailure) in
                    try BuildManifest.takeOver(
                        others, for: options.shard, writer: writer, strings: strings, boot: options.boot)
                }
            }
        } catch {
            report.diagnostics.append(
                Diagnostic(
                    .error, file: writer.root + "/" + error.path, position: .start,
                    message: "cannot take the build lock: \(error.reason)"))
            return false
        }
        switch outcome {
        case .success(let warnings):
            for (path, warning) in warnings {
                report.diagnostics.append(Diagnostic(.warning, file: path, position: .start, message: warning))
            }
            return true
        case .failure(let failure):
            report.diagnostics.append(
                Diagnostic(
                    .error, file: failure.path, position: .start, message: "\(failure.reason); no report was written",
                    hint: "the next build takes over the manifests of other shard counts again"))
            return false
        }
    }
}
