/// The build runner's pass over the records: scan every file, then load, render and write each record of this
/// shard on a pool of workers, keeping only a small outcome per record.
///
/// 1. **Scan** (parallel, every record file of the project): read the bytes, digest them, and find the id the record
///    claims (from the manifest when the bytes are unchanged, otherwise with `RecordIDScanner`). Every claim is known
///    before anything is rendered, so a report file claimed by two records ("contested") is settled by file order
///    exactly as a one-by-one build would, whatever the number of workers or shards.
/// 2. **Records** (parallel, this shard's records, a chunk at a time): a record whose digest (its bytes, templates,
///    site, tool and what its dependencies resolve to) equals the manifest's, and whose outputs exist, is skipped;
///    the others are loaded, rendered and their files staged under temporary names, then the chunk is committed to
///    the manifest and its files renamed into place (see `RecordBatch+Commits.swift`).
/// 3. **Contests**: the first valid claimant of a contested file wins and is written (its files were staged); the
///    others get the duplicate-id error.
///
/// Memory is what a batch of 100,000 records is about: per record the batch keeps the scan's digests and id, a
/// small outcome and the record's manifest entry (which the next one replaces in place), all in arrays indexed like
/// `project.recordFiles`, so everything downstream is in file order whatever the scheduling. Paths are compared
/// byte for byte (`BytePath`).
final class RecordBatch: @unchecked Sendable {
    let project: SiteProject
    let options: BuildOptions
    let mode: Mode
    /// Whether and how records get PDFs.
    let printer: RecordPrinter
    let loader: RecordLoader
    let strings: StringInterner
    /// The record files, in order (`project.recordFiles`, by kind, then by path byte for byte).
    let files: [RecordFile]
    var scanned: [Scanned] = []
    /// Each record's manifest entry, as the manifest has it: the last build's until the record's changes are
    /// committed, then this build's.
    var entries: [BuildManifest.Entry?] = []
    var outcomes: [Outcome?] = []
    /// Whether each record is valid, once `addResults` has taken the outcomes.
    var valid: [Bool] = []
    /// The records that failed, as the reports index lists them (`addResults`).
    var failures: [FailedRecord] = []
    /// The new stamps (see `FileStamp`) of the record files the scan read: a record reused with a new stamp (a file
    /// touched or copied over) has its row written again, as has another shard's record, so that the next build
    /// need not read it. (A record loaded again takes the stamp of the bytes it loads.)
    var restamped: [Int: ContentDigest?] = [:]
    /// How many record files the scan read: the others were as the manifest's stamps say. (A record to render is
    /// read again by its load.)
    let fileReads = SerialCounter()
    /// The new entries of contested records whose files are staged until the contest is settled.
    var heldEntries: [Int: BuildManifest.Entry] = [:]
    /// The flush of the files committed so far, started while the workers render (see `processRecords`); the build's
    /// last flush waits for it.
    var flushing: BackgroundWork<Void>?
    /// Entries of the old manifest whose record files are gone.
    var deletedEntries: [(path: String, entry: BuildManifest.Entry)] = []
    /// The first claimant of each report file path (by digest).
    var claims: [ContentDigest: Int] = [:]
    /// Files that rows stopped listing during this build, recorded as orphans in the manifest.
    var orphans: [String] = []
    /// The record (by index) that stopped listing each of `orphans`: its own claim does not keep the file.
    var orphanOwners: [BytePath: Int] = [:]
    /// Final rows of files already renamed into place, committed with the next commit.
    var settled = ManifestChanges()
    /// The records (by index) whose final rows are in `settled`: their summaries' bytes are let go once committed.
    var settledIndices: [Int] = []
    /// The bytes of committed summaries kept for the reports index (see `releaseSummary`).
    var keptSummaryBytes = 0
    /// Why the manifest could not be written, once it failed (reported once).
    var manifestFailure: String?
    /// The regular files in each kind's report folder (`reports/consults`) when the records were scanned: whether
    /// a reused record's files are all there, without a system call per file.
    var reportFolders: [RecordKind: FileNameDigests] = [:]

    /// A batch that checks the records, or builds their reports.
    init(
        project: SiteProject, options: BuildOptions, mode: Mode, printer: RecordPrinter = .none,
        strings: StringInterner = StringInterner()
    ) {
        self.project = project
        self.options = options
        self.mode = mode
        self.printer = printer
        self.strings = strings
        loader = RecordLoader(project: project)
        files = project.recordFiles
    }

    /// How many records a worker of the scan or the reuse pass takes at a time (see `WorkerPool.run`): each is a
    /// `stat` or a few digests, microseconds.
    static let quickBatch = 64

    /// A record's path relative to the content folder, e.g. `consults/hl-1.json`: its manifest and shard key.
    static func relativePath(of file: RecordFile) -> String {
        .concatenating(file.kind.folder, "/", fileName(of: file.path))
    }

    /// A record's path relative to the content folder as bytes, in a buffer made empty first.
    private static func relativePath(of file: RecordFile, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer += file.kind.folder.utf8
        buffer.append(UInt8(ascii: "/"))
        var path = file.path
        path.withUTF8 { utf8 in
            let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            buffer += UnsafeBufferPointer(rebasing: utf8[start...])
        }
    }

    /// How a path compares with bytes, byte for byte (as `BytePath` orders them): negative when it comes first, zero
    /// when they are the same, positive when it comes after.
    private static func order(of path: String, against bytes: [UInt8]) -> Int {
        var path = path
        return path.withUTF8 { first in
            bytes.withUnsafeBufferPointer { second in
                if BytePath.precedes(first, second) { return -1 }
                return BytePath.precedes(second, first) ? 1 : 0
            }
        }
    }

    /// The last component of a path.
    static func fileName(of path: String) -> String {
        var path = path
        return path.withUTF8 { utf8 in
            guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else {
                return String(decoding: utf8, as: UTF8.self)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: utf8[(slash + 1)...]), as: UTF8.self)
        }
    }

    // MARK: Scan

    /// Reads every record file, digests it and finds its id; assigns each record its role for this shard. A build's
    /// listing of each kind's report folder also removes the temporary files a killed build left there (see
    /// `OutputWriter.removeLeftoverTemporaryFiles`, which the build runs for the other folders).
    func scan(previous manifest: inout [(path: String, entry: BuildManifest.Entry)]) {
        entries = mergeEntries(manifest)
        // The batch holds the entries now, lined up with the record files: the manifest's list of them goes before
        // the files are read (at 100,000 records, 14 MB).
        manifest = []
        let listing = listReportFolders()
        // Each record's file digest, id and report key (see `Scanned`), worked out on the workers.
        let slots = DisjointSlots<Scanned>(count: files.count)
        // The new stamps of the files read (a table, not a slot per record: none in a no-op build).
        let restamps = Mutex<[Int: ContentDigest?]>([:])
        let reads = fileReads
        let files = self.files
        let previous = entries
        let (force, settled) = (options.force, options.fileSettledSeconds)
        WorkerPool.run(jobs: options.jobs, count: files.count, batch: Self.quickBatch) { index in
            // The entry's fields are read where they are: copying a whole entry retains each of its parts.
            if !force, let file = previous[index]?.file, let stamp = previous[index]?.stamp,
                FileStamp.current(files[index].path) == stamp
            {
                // The file is as it was when the last build read it.
                slots[index] = Scanned(files[index].kind, fileDigest: file, id: previous[index]?.id)
                return
            }
            var stamp: ContentDigest?
            _ = reads.next()
            let read = FileBytes.contents(
                files[index].path, limit: RecordLimits.maximumSize, stamp: &stamp, settled: settled)
            guard case .success(let bytes) = read else {
                var unread = Scanned(files[index].kind, fileDigest: nil, id: nil)
                if case .failure(let failure) = read { unread.readFailure = failure }
                slots[index] = unread
                return
            }
            if stamp != previous[index]?.stamp { restamps.withLock { $0[index] = .some(stamp) } }
            let digest = ContentDigest(bytes)
            let unchanged = previous[index]?.file == digest
            slots[index] = Scanned(
                files[index].kind, fileDigest: digest,
                id: unchanged ? previous[index]?.id : RecordIDScanner.id(in: bytes))
        }
        restamped = restamps.withLock { $0 }
        scanned = files.indices.map { slots[$0] ?? Scanned(files[$0].kind, fileDigest: nil, id: nil) }
        claims.reserveCapacity(files.count)
        var contested = Set<ContentDigest>()
        for index in scanned.indices {
            guard let key = scanned[index].key else { continue }
            if claims[key] == nil { claims[key] = index } else { contested.insert(key) }
        }
        let shard = options.shard
        // Matched once: matching the mode per record copies its payload (a retain of each of its parts).
        let building: Bool
        let checkRole: Role
        switch mode {
        case .build: (building, checkRole) = (true, .own)
        // A check renders every record, as a whole build does, when it has a renderer.
        case .check(let renderer): (building, checkRole) = (false, renderer == nil ? .validate : .own)
        }
        for index in scanned.indices {
            let isContested = scanned[index].key.map(contested.contains) ?? false
            scanned[index].contested = isContested
            guard building else {
                scanned[index].role = checkRole
                continue
            }
            if shard.contains(recordPath: Self.relativePath(of: files[index])) {
                scanned[index].role = .own
            } else if isContested {
                scanned[index].role = .validate
            }
        }
        outcomes = Array(repeating: nil, count: files.count)
        if let listing { reportFolders = listing.take() }
    }

    /// The listing of each kind's report folder that a build's scan takes, made on a thread of its own while the
    /// record files are read: listing tens of thousands of names is a large part of a no-op build, and then overlaps
    /// the workers' `stat` of every record file. Every report folder is swept of temporary files; a forced build
    /// keeps no listing. Nil when checking.
    private func listReportFolders() -> BackgroundWork<[RecordKind: FileNameDigests]>? {
        guard case .build(let writer, _, _, _) = mode else { return nil }
        let (force, files) = (options.force, self.files)
        return BackgroundWork(inBackground: options.jobs > 1) {
            var folders: [RecordKind: FileNameDigests] = [:]
            for kind in RecordKind.allCases {
                let listed = !force && files.contains(where: { $0.kind == kind })
                let names = writer.regularFileNames(in: Self.reportFolder(of: kind), removingTemporaryFiles: true)
                if listed { folders[kind] = names }
            }
            return folders
        }
    }

    /// The folder of a kind's report files, relative to the output folder (`reports/consults`).
    static func reportFolder(of kind: RecordKind) -> String {
        "reports/" + kind.folder
    }

    /// Whether a file of the output folder was there (a regular file) when the records were scanned: from the listing
    /// of its kind's report folder, or asked of the file system for a file elsewhere.
    func outputExists(_ path: String, kind: RecordKind, writer: OutputWriter) -> Bool {
        listed(path, kind: kind) ?? writer.fileExists(path)
    }

    /// Whether a report file may already be there, so that writing it should first compare it: no only when its
    /// kind's folder listing, made at the scan, does not hold it (every file of a first build).
    func outputMayExist(_ path: String, kind: RecordKind) -> Bool {
        listed(path, kind: kind) ?? true
    }

    /// Whether the listing of a kind's report folder holds a file; nil when there is no listing (a forced build) or
    /// the file is not directly in that folder.
    private func listed(_ path: String, kind: RecordKind) -> Bool? {
        guard let names = reportFolders[kind], let prefix = Self.reportFolderPrefixes[kind] else { return nil }
        var path = path
        return path.withUTF8 { bytes -> Bool? in
            guard bytes.starts(with: prefix), !bytes[prefix.count...].contains(UInt8(ascii: "/")) else { return nil }
            return names.contains(UnsafeBufferPointer(rebasing: bytes[prefix.count...]))
        }
    }

    /// Each kind's report folder with a `/` after it, as UTF-8 (`reports/consults/`): what `listed` looks for.
    private static let reportFolderPrefixes = Dictionary(
        uniqueKeysWithValues: RecordKind.allCases.map { ($0, Array((reportFolder(of: $0) + "/").utf8)) })

    /// Lines the last manifest's entries up with the record files (both in byte order of their paths); entries of
    /// files that are gone are kept aside.
    private func mergeEntries(_ old: [(path: String, entry: BuildManifest.Entry)]) -> [BuildManifest.Entry?] {
        var result = [BuildManifest.Entry?](repeating: nil, count: files.count)
        var next = 0
        // Each file's path relative to the content folder, as the manifest has it, made in one buffer: a `String`
        // per record was most of lining 12,000 entries up.
        var relative: [UInt8] = []
        old.withUnsafeBufferPointer { old in
            for (index, file) in files.enumerated() {
                Self.relativePath(of: file, into: &relative)
                while next < old.count {
                    let order = Self.order(of: old[next].path, against: relative)
                    if order < 0 {
                        deletedEntries.append(old[next])
                        next += 1
                        continue
                    }
                    if order == 0 {
                        result[index] = old[next].entry
                        next += 1
                    }
                    break
                }
            }
        }
        deletedEntries += old[next...]
        return result
    }
}
