import Dispatch
import Foundation

/// The build runner's pass over the records: scan every file, then load, render and write each record of this
/// shard on a pool of workers, keeping only a small outcome per record.
///
/// 1. **Scan** (parallel, every record file of the project): read the bytes, digest them, and find the id the record
///    claims (from the manifest when the bytes are unchanged, otherwise with `RecordIDScanner`). Every claim is known
///    before anything is rendered, so a report file claimed by two records ("contested") is settled by file order
///    exactly as a one-by-one build would, whatever the number of workers or shards.
/// 2. **Records** (parallel, this shard's records): a record whose digest (its bytes, templates, site, tool and what
///    its dependencies resolve to) equals the manifest's, and whose outputs exist, is skipped; the others are loaded,
///    rendered and written, and dropped. Shard 1 also loads the other shards' changed records for their summaries
///    (the reports index lists every record), without rendering them.
/// 3. **Contests**: the first valid claimant of a contested file wins and is written (its files were held in
///    memory); the others get the duplicate-id error.
///
/// Outcomes go into slots by file index, so everything downstream is in file order whatever the scheduling.
final class RecordBatch: @unchecked Sendable {
    /// What the batch does with a record.
    enum Role: Sendable {
        /// This shard's record: load, render, write.
        case build
        /// Another shard's record whose summary the shared pages need.
        case summarize
        /// Another shard's record that claims a contested file: load it to see whether it is valid.
        case validate
        /// Not needed by this shard.
        case none
    }

    /// One record file as the scan saw it.
    struct Scanned: Sendable {
        let file: RecordFile
        /// The path relative to the content folder, e.g. `consults/hl-1.json`: the manifest key and the shard key.
        let relativePath: String
        var fileDigest: ContentDigest?
        /// The id the record claims, and the report files' path without extension that it makes of it (e.g.
        /// `reports/consults/hl-1`).
        var id: String? {
            didSet { key = id.map { ReportPaths.base(kind: file.kind, id: $0) } }
        }
        private(set) var key: String?
        var previous: BuildManifest.Entry?
        var role: Role = .none
        var contested = false
    }

    /// What processing one record left behind: never the record itself.
    struct Outcome: Sendable {
        enum State: Sendable {
            /// Rendered (and written, unless it was held for a contest).
            case rendered
            /// Its outputs from the last build were still right.
            case reused
            /// Loaded (for its summary or validity) without rendering.
            case loaded
            /// It has errors.
            case failed
        }

        var state: State
        /// Whether the record loaded without errors (so it may own its report files).
        var isValid = false
        var summary: ReportSummary?
        var outputs: [String]?
        var diagnostics: [Diagnostic] = []
        var dependencies: [String] = []
        var digest: ContentDigest?
        var fileDigest: ContentDigest?
        var idPosition = SourcePosition.start
        /// Files of a contested record, written only if it wins.
        var held: [OutputFile]?
        var written = 0
        var unchanged = 0
        var loadTime = 0.0
        var renderTime = 0.0
        var writeTime = 0.0
    }

    let project: SiteProject
    let options: BuildOptions
    let writer: OutputWriter?
    let inputs: BuildInputs?
    let renderer: ReportRenderer?
    private let loader: RecordLoader
    private(set) var scanned: [Scanned] = []
    private(set) var outcomes: [Outcome?] = []
    /// Entries of the old manifest whose record files are gone.
    private(set) var deletedEntries: [String: BuildManifest.Entry] = [:]
    /// The claimants of each report file path (without extension), in file order.
    private(set) var claims: [String: [Int]] = [:]

    /// A batch that builds (with a writer, inputs and renderer) or only checks (without them).
    init(
        project: SiteProject, options: BuildOptions, writer: OutputWriter?, inputs: BuildInputs?,
        renderer: ReportRenderer?
    ) {
        self.project = project
        self.options = options
        self.writer = writer
        self.inputs = inputs
        self.renderer = renderer
        loader = RecordLoader(project: project)
    }

    private var isBuild: Bool { writer != nil && renderer != nil && inputs != nil }

    // MARK: Scan

    /// Reads every record file, digests it and finds its id; assigns each record its role for this shard.
    func scan(previous manifest: BuildManifest) {
        var entries = manifest.entries
        scanned = project.recordFiles.map { file in
            let relative = file.kind.folder + "/" + Self.fileName(of: file.path)
            return Scanned(file: file, relativePath: relative, previous: entries.removeValue(forKey: relative))
        }
        deletedEntries = entries
        let slots = Slots<(ContentDigest?, String?)>(count: scanned.count)
        let snapshot = scanned
        WorkerPool.run(jobs: options.jobs, count: snapshot.count) { index in
            let record = snapshot[index]
            guard let bytes = FileBytes.read(record.file.path) else {
                slots[index] = (nil, nil)
                return
            }
            let digest = ContentDigest(bytes)
            if let previous = record.previous, previous.file == digest {
                slots[index] = (digest, previous.id)
            } else {
                slots[index] = (digest, RecordIDScanner.id(in: bytes))
            }
        }
        for index in scanned.indices {
            if let (digest, id) = slots[index] {
                scanned[index].fileDigest = digest
                scanned[index].id = id
            }
            if let key = scanned[index].key { claims[key, default: []].append(index) }
        }
        let shard = options.shard
        for index in scanned.indices {
            let contested = scanned[index].key.map { (claims[$0]?.count ?? 0) > 1 } ?? false
            scanned[index].contested = contested
            if !isBuild || shard.contains(recordPath: scanned[index].relativePath) {
                scanned[index].role = isBuild ? .build : .validate
            } else if shard.writesSharedPages {
                scanned[index].role = .summarize
            } else if contested {
                scanned[index].role = .validate
            }
        }
    }

    // MARK: Records

    /// Processes every record with a role, on `options.jobs` workers.
    func processRecords() {
        let work = scanned.indices.filter { scanned[$0].role != .none }
        let slots = Slots<Outcome>(count: scanned.count)
        let done = SerialCounter()
        let total = work.count
        let progress = options.progress
        WorkerPool.run(jobs: options.jobs, count: work.count) { position in
            let index = work[position]
            slots[index] = self.process(index)
            let finished = done.next()
            progress?(finished, total)
        }
        outcomes = scanned.indices.map { slots[$0] }
    }

    private func process(_ index: Int) -> Outcome {
        let record = scanned[index]
        switch record.role {
        case .build:
            if let reused = reusable(record) { return reused }
            return build(record)
        case .summarize:
            if let reused = reusable(record) { return reused }
            return load(record, wantSummary: true).outcome
        case .validate, .none:
            return load(record, wantSummary: false).outcome
        }
    }

    /// The last build's outcome for a record, when nothing it is made from changed and its files are all there.
    private func reusable(_ record: Scanned) -> Outcome? {
        guard !options.force, let inputs, let writer, let previous = record.previous,
            let fileDigest = record.fileDigest, previous.file == fileDigest, let digest = previous.digest,
            let summary = previous.summary
        else { return nil }
        guard
            inputs.recordDigest(kind: record.file.kind, file: fileDigest, dependencies: previous.dependencies) == digest
        else { return nil }
        if record.role == .build {
            guard let outputs = previous.outputs, outputs.allSatisfy(writer.fileExists) else { return nil }
        }
        var outcome = Outcome(state: .reused)
        outcome.isValid = true
        outcome.summary = summary.summary(kind: record.file.kind)
        outcome.outputs = record.role == .build ? previous.outputs : nil
        outcome.diagnostics = previous.diagnostics.map { diagnostic in
            var located = diagnostic
            located.file = record.file.path
            return located
        }
        outcome.dependencies = previous.dependencies
        outcome.digest = digest
        outcome.fileDigest = fileDigest
        return outcome
    }

    /// Reads and checks a record; with `wantSummary`, a valid one also gets its summary and digest.
    private func load(_ scanned: Scanned, wantSummary: Bool) -> (outcome: Outcome, record: Record?) {
        let start = Stopwatch()
        var (outcome, record) = loadUntimed(scanned, wantSummary: wantSummary)
        outcome.loadTime = start.seconds
        return (outcome, record)
    }

    private func loadUntimed(_ scanned: Scanned, wantSummary: Bool) -> (outcome: Outcome, record: Record?) {
        let log = DiagnosticLog(file: scanned.file.path)
        var outcome = Outcome(state: .failed)
        outcome.outputs = scanned.role == .build ? scanned.previous?.outputs : nil
        guard let bytes = FileBytes.read(scanned.file.path) else {
            SourceFile.reportUnreadable(log)
            outcome.diagnostics = log.diagnostics
            return (outcome, nil)
        }
        let fileDigest = ContentDigest(bytes)
        outcome.fileDigest = fileDigest
        guard let node = SourceFile.json(bytes: bytes, log: log) else {
            outcome.diagnostics = log.diagnostics
            return (outcome, nil)
        }
        let (loaded, diagnostics) = loader.load(node, kind: scanned.file.kind, log: log)
        outcome.diagnostics = diagnostics
        guard let record = loaded else { return (outcome, nil) }
        if ReportPaths.base(kind: record.kind, id: record.id) != scanned.key {
            // The file changed between the scan and now; its claim was settled on the old id.
            outcome.diagnostics.append(
                Diagnostic(
                    .error, file: scanned.file.path, position: .start,
                    message: "the file changed while the build was running", hint: "run the build again"))
            return (outcome, nil)
        }
        outcome.isValid = true
        outcome.idPosition = RecordCheck.idPosition(of: record)
        outcome.state = .loaded
        if wantSummary, let renderer, let inputs {
            outcome.summary = renderer.summary(of: record)
            outcome.dependencies = RecordDependencies.of(record)
            outcome.digest = inputs.recordDigest(
                kind: record.kind, file: fileDigest, dependencies: outcome.dependencies)
        }
        return (outcome, record)
    }

    /// Loads, renders and writes one of this shard's records (or holds its files if it is contested).
    private func build(_ scanned: Scanned) -> Outcome {
        var (outcome, record) = load(scanned, wantSummary: true)
        guard let record, let renderer, let writer else { return outcome }
        let renderStart = Stopwatch()
        let rendered: (files: [OutputFile], summary: ReportSummary)
        do {
            rendered = try SiteBuilder.renderRecord(record, with: renderer)
        } catch {
            outcome.renderTime = renderStart.seconds
            outcome.state = .failed
            outcome.summary = nil
            outcome.digest = nil
            outcome.diagnostics += error.diagnostics.map { error in
                var located = error
                located.message += " (while rendering \(scanned.file.path))"
                return located
            }
            return outcome
        }
        outcome.renderTime = renderStart.seconds
        outcome.state = .rendered
        outcome.summary = rendered.summary
        let paths = rendered.files.map(\.path)
        if scanned.contested {
            outcome.held = rendered.files
            outcome.outputs = paths
            return outcome
        }
        write(rendered.files, into: &outcome, with: writer, recordPath: scanned.file.path)
        return outcome
    }

    /// Writes a record's files, counting them; a failure keeps the record to be rendered again next time.
    private func write(
        _ files: [OutputFile], into outcome: inout Outcome, with writer: OutputWriter, recordPath: String
    ) {
        let start = Stopwatch()
        var failed = false
        for file in files {
            do {
                switch try writer.write(file.bytes, to: file.path) {
                case .written: outcome.written += 1
                case .unchanged: outcome.unchanged += 1
                }
            } catch {
                failed = true
                outcome.diagnostics.append(
                    Diagnostic(
                        .error, file: writer.root + "/" + file.path, position: .start,
                        message: error.reason + " (while writing the report of \(recordPath))"))
            }
        }
        let paths = files.map(\.path)
        if failed {
            outcome.digest = nil
            outcome.state = .failed
            outcome.outputs = Array(Set((outcome.outputs ?? []) + paths)).sorted()
        } else {
            outcome.outputs = paths
        }
        outcome.writeTime += start.seconds
    }

    // MARK: Contests

    /// Settles each contested report file: the first valid claimant in file order owns it and is written; every
    /// other valid claimant gets the duplicate-id error.
    func settleContests() {
        let contestedKeys = claims.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }
        for (key, claimants) in contestedKeys {
            let winner = claimants.first { outcomes[$0]?.isValid == true }
            for claimant in claimants where claimant != winner {
                guard let winner, var outcome = outcomes[claimant], outcome.isValid,
                    let owner = scanned[winner].id, let claimed = scanned[claimant].id
                else { continue }
                let message =
                    owner == claimed
                    ? "duplicate \(scanned[claimant].file.kind.rawValue) id '\(claimed)'"
                    : "id '\(claimed)' makes the same file name as id '\(owner)': \(key).html"
                outcome.diagnostics.append(
                    Diagnostic(
                        .error, file: scanned[claimant].file.path, position: outcome.idPosition, path: "id",
                        message: message, hint: "already used by \(scanned[winner].file.path); this record is skipped"))
                outcome.state = .failed
                outcome.isValid = false
                outcome.summary = nil
                outcome.digest = nil
                outcome.held = nil
                outcome.outputs = scanned[claimant].role == .build ? [] : nil
                outcomes[claimant] = outcome
            }
            if let winner, var outcome = outcomes[winner], let held = outcome.held, let writer {
                outcome.held = nil
                write(held, into: &outcome, with: writer, recordPath: scanned[winner].file.path)
                outcomes[winner] = outcome
            }
        }
    }

    // MARK: Results

    /// The summaries of every valid record, in file order, for the reports index.
    var summaries: [ReportSummary] {
        outcomes.compactMap { $0?.isValid == true ? $0?.summary : nil }
    }

    /// Adds this shard's records' counts, diagnostics and worker times to a report.
    func addResults(to report: inout BuildReport) {
        for (index, outcome) in outcomes.enumerated() {
            guard let outcome, scanned[index].role == .build || !isBuild else { continue }
            report.records += 1
            report.diagnostics += outcome.diagnostics
            report.written += outcome.written
            report.unchanged += outcome.unchanged
            report.timings.load += outcome.loadTime
            report.timings.render += outcome.renderTime
            report.timings.write += outcome.writeTime
            switch outcome.state {
            case .rendered: report.rendered += 1
            case .reused: report.skipped += 1
            case .loaded: break
            case .failed: report.failedRecords += 1
            }
        }
    }

    /// The manifest entries of every record file of the project, for the next build.
    func manifestEntries() -> [String: BuildManifest.Entry] {
        var entries: [String: BuildManifest.Entry] = [:]
        entries.reserveCapacity(scanned.count)
        for (index, record) in scanned.enumerated() {
            let outcome = outcomes[index]
            let fileDigest = outcome?.fileDigest ?? record.fileDigest ?? ContentDigest("unreadable")
            var entry = BuildManifest.Entry(file: fileDigest, id: record.id)
            if let outcome {
                if outcome.isValid, let digest = outcome.digest, let summary = outcome.summary {
                    entry.digest = digest
                    entry.summary = BuildManifest.StoredSummary(summary)
                    entry.dependencies = outcome.dependencies
                    entry.diagnostics = outcome.diagnostics.map { diagnostic in
                        var stored = diagnostic
                        stored.file = ""
                        return stored
                    }
                }
                entry.outputs = record.role == .build ? (outcome.outputs ?? []) : nil
            }
            entries[record.relativePath] = entry
        }
        return entries
    }

    /// Files the last build made that nothing makes any more: outputs of deleted records, and outputs a record no
    /// longer has (its id changed, or it lost a contest), minus anything a current record makes or may make.
    func staleOutputs(previousShared: [String], currentShared: [String], entries: [String: BuildManifest.Entry])
        -> [String]
    {
        var candidates = Set(previousShared).subtracting(currentShared)
        for entry in deletedEntries.values { candidates.formUnion(entry.outputs ?? []) }
        for record in scanned {
            guard let old = record.previous?.outputs else { continue }
            let current = entries[record.relativePath]?.outputs ?? []
            if old != current { candidates.formUnion(Set(old).subtracting(current)) }
        }
        guard !candidates.isEmpty else { return [] }
        var made = Set(currentShared)
        for entry in entries.values { made.formUnion(entry.outputs ?? []) }
        // Another shard's records may make files here too; keep anything named after a key they claim.
        let foreignKeys = Set(scanned.filter { $0.role != .build }.compactMap(\.key))
        return candidates.filter { path in
            !made.contains(path) && !Self.stems(of: path).contains { foreignKeys.contains($0) }
        }.sorted()
    }

    /// The last component of a path.
    static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
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

/// A fixed pool of workers pulling indexes from a shared counter.
enum WorkerPool {
    /// Calls `body` for every index below `count`, on at most `jobs` threads at once (the caller's among them).
    static func run(jobs: Int, count: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = SerialCounter()
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for index in 0..<count { body(index) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.next() - 1
                guard index < count else { return }
                body(index)
            }
        }
    }
}

/// Elapsed time since it was made, from the monotonic clock.
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the stopwatch was made.
    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
