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
/// Memory is what a batch of 100,000 records is about: per record the batch keeps the scan's digests and id, a
/// small outcome and the record's manifest entry (which the next one replaces in place), all in arrays indexed like
/// `project.recordFiles`, so everything downstream is in file order whatever the scheduling.
final class RecordBatch: @unchecked Sendable {
    /// What the batch does with a record.
    enum Role: UInt8, Sendable {
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
        var fileDigest: ContentDigest?
        /// The id the record claims, if any.
        var id: String?
        /// The digest of the report files' path without extension that the id makes (`reports/consults/hl-1`).
        var key: ContentDigest?
        var role = Role.none
        var contested = false
    }

    /// What processing one record left behind besides its manifest entry: never the record itself.
    struct Outcome: Sendable {
        enum State: UInt8, Sendable {
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
        var idPosition = SourcePosition.start
        /// Diagnostics to report (this shard's records only; a valid record's are also in its entry).
        var diagnostics: [Diagnostic] = []
        /// Files of a contested record, written only if it wins.
        var held: [OutputFile]?
        var written: Int32 = 0
        var unchanged: Int32 = 0
        var loadTime: Float = 0
        var renderTime: Float = 0
        var writeTime: Float = 0
        /// PDFs printed, and the time it took (`build --pdf`).
        var pdfs: Int32 = 0
        var pdfTime: Float = 0
    }

    let project: SiteProject
    let options: BuildOptions
    let writer: OutputWriter?
    let inputs: BuildInputs?
    let renderer: ReportRenderer?
    /// Whether and how records get PDFs.
    let printer: RecordPrinter
    private let loader: RecordLoader
    private let strings: StringInterner
    /// The record files, in order (`project.recordFiles`).
    let files: [RecordFile]
    private var scanned: [Scanned] = []
    /// Each record's manifest entry: the last build's until the record is processed, then this build's.
    private var entries: [BuildManifest.Entry?] = []
    private var outcomes: [Outcome?] = []
    /// Entries of the old manifest whose record files are gone.
    private var deletedEntries: [(path: String, entry: BuildManifest.Entry)] = []
    /// The first claimant of each report file path (by digest).
    private var claims: [ContentDigest: Int] = [:]
    /// Output files of processed records that they no longer make.
    private var droppedPaths: [(path: String, owner: Int)] = []
    /// Whether any entry differs from the last manifest's.
    private(set) var changed = false

    /// A batch that builds (with a writer, inputs and renderer) or only checks (without them).
    init(
        project: SiteProject, options: BuildOptions, writer: OutputWriter?, inputs: BuildInputs?,
        renderer: ReportRenderer?, printer: RecordPrinter = .none, strings: StringInterner = StringInterner()
    ) {
        self.project = project
        self.options = options
        self.writer = writer
        self.inputs = inputs
        self.renderer = renderer
        self.printer = printer
        self.strings = strings
        loader = RecordLoader(project: project)
        files = project.recordFiles
    }

    private var isBuild: Bool { writer != nil && renderer != nil && inputs != nil }

    /// A record's path relative to the content folder, e.g. `consults/hl-1.json`: its manifest and shard key.
    static func relativePath(of file: RecordFile) -> String {
        file.kind.folder + "/" + fileName(of: file.path)
    }

    // MARK: Scan

    /// Reads every record file, digests it and finds its id; assigns each record its role for this shard.
    func scan(previous manifest: BuildManifest) {
        entries = mergeEntries(manifest.entries)
        let slots = Slots<(ContentDigest?, String?)>(count: files.count)
        let files = self.files
        let previous = entries
        WorkerPool.run(jobs: options.jobs, count: files.count) { index in
            guard let bytes = FileBytes.read(files[index].path) else {
                slots[index] = (nil, nil)
                return
            }
            let digest = ContentDigest(bytes)
            if let entry = previous[index], entry.file == digest {
                slots[index] = (digest, entry.id)
            } else {
                slots[index] = (digest, RecordIDScanner.id(in: bytes))
            }
        }
        scanned = files.indices.map { index in
            let (digest, id) = slots[index] ?? (nil, nil)
            return Scanned(
                fileDigest: digest, id: id,
                key: id.map { ContentDigest(ReportPaths.base(kind: files[index].kind, id: $0)) })
        }
        var contested = Set<ContentDigest>()
        for index in scanned.indices {
            guard let key = scanned[index].key else { continue }
            if claims[key] == nil { claims[key] = index } else { contested.insert(key) }
        }
        let shard = options.shard
        for index in scanned.indices {
            let isContested = scanned[index].key.map(contested.contains) ?? false
            scanned[index].contested = isContested
            if !isBuild || shard.contains(recordPath: Self.relativePath(of: files[index])) {
                scanned[index].role = isBuild ? .build : .validate
            } else if shard.writesSharedPages {
                scanned[index].role = .summarize
            } else if isContested {
                scanned[index].role = .validate
            }
        }
        outcomes = Array(repeating: nil, count: files.count)
    }

    /// Lines the last manifest's entries up with the record files (both sorted by path); entries of files that are
    /// gone are kept aside.
    private func mergeEntries(_ old: [(path: String, entry: BuildManifest.Entry)]) -> [BuildManifest.Entry?] {
        var result = [BuildManifest.Entry?](repeating: nil, count: files.count)
        var next = 0
        for (index, file) in files.enumerated() {
            let path = Self.relativePath(of: file)
            while next < old.count && old[next].path < path {
                deletedEntries.append(old[next])
                next += 1
            }
            if next < old.count && old[next].path == path {
                result[index] = old[next].entry
                next += 1
            }
        }
        deletedEntries += old[next...]
        changed = !deletedEntries.isEmpty || old.count != files.count
        return result
    }

    // MARK: Records

    /// Processes every record with a role, on `options.jobs` workers.
    func processRecords() {
        let work = scanned.indices.filter { scanned[$0].role != .none }
        let done = SerialCounter()
        let total = work.count
        let progress = options.progress
        let dropped = Slots<[String]>(count: scanned.count)
        let changes = Slots<Bool>(count: scanned.count)
        outcomes.withUnsafeMutableBufferPointer { outcomes in
            entries.withUnsafeMutableBufferPointer { entries in
                let results = UncheckedBuffers(outcomes: outcomes, entries: entries)
                WorkerPool.run(jobs: options.jobs, count: work.count) { position in
                    let index = work[position]
                    // Each index is taken by one worker: its slots are its own.
                    let previous = results.entries[index]
                    let (outcome, entry) = self.process(index, previous: previous)
                    results.outcomes[index] = outcome
                    results.entries[index] = entry
                    if entry != previous { changes[index] = true }
                    if let gone = self.outputsNoLongerMade(index, previous: previous, now: entry), !gone.isEmpty {
                        dropped[index] = gone
                    }
                    progress?(done.next(), total)
                }
            }
        }
        for index in scanned.indices {
            if let paths = dropped[index] { droppedPaths += paths.map { ($0, index) } }
            if changes[index] == true { changed = true }
            // Records this shard does not process keep what the scan found, for the next scan.
            if scanned[index].role == .none, let digest = scanned[index].fileDigest,
                entries[index]?.file != digest || entries[index]?.id != scanned[index].id
            {
                entries[index] = BuildManifest.Entry(file: digest, id: scanned[index].id)
                changed = true
            }
        }
    }

    private func process(_ index: Int, previous: BuildManifest.Entry?) -> (Outcome, BuildManifest.Entry) {
        let record = scanned[index]
        switch record.role {
        case .build:
            if let reused = reusable(index, previous: previous) { return reused }
            return build(index, previous: previous)
        case .summarize:
            if let reused = reusable(index, previous: previous) { return reused }
            return load(index, previous: previous, wantSummary: true)
        case .validate, .none:
            return load(index, previous: previous, wantSummary: false)
        }
    }

    /// The last build's outcome for a record, when nothing it is made from changed and its files are all there.
    private func reusable(_ index: Int, previous: BuildManifest.Entry?) -> (Outcome, BuildManifest.Entry)? {
        let record = scanned[index]
        let kind = files[index].kind
        guard !options.force, let inputs, let writer, var entry = previous, let fileDigest = record.fileDigest,
            entry.file == fileDigest, let digest = entry.digest, entry.summary != nil
        else { return nil }
        guard inputs.recordDigest(kind: kind, file: fileDigest, dependencies: entry.dependencies) == digest else {
            return nil
        }
        if record.role == .build {
            guard let outputs = entry.outputs, outputs.paths(kind: kind, id: entry.id).allSatisfy(writer.fileExists)
            else { return nil }
        } else {
            entry.outputs = nil
        }
        var outcome = Outcome(state: .reused)
        outcome.isValid = true
        if record.role == .build {
            outcome.diagnostics = entry.diagnostics.map { diagnostic in
                var located = diagnostic
                located.file = files[index].path
                return located
            }
        }
        return (outcome, entry)
    }

    /// Reads and checks a record; with `wantSummary`, a valid one also gets its summary and digest.
    private func load(_ index: Int, previous: BuildManifest.Entry?, wantSummary: Bool) -> (
        Outcome, BuildManifest.Entry
    ) {
        let start = Stopwatch()
        var (outcome, entry, _) = loadRecord(index, previous: previous, wantSummary: wantSummary)
        outcome.loadTime = Float(start.seconds)
        return (outcome, entry)
    }

    /// Loads a record: its outcome, its new manifest entry (keeping the old outputs, for a record that now fails)
    /// and the record itself when it is valid.
    private func loadRecord(_ index: Int, previous: BuildManifest.Entry?, wantSummary: Bool) -> (
        Outcome, BuildManifest.Entry, Record?
    ) {
        let file = files[index]
        let scanned = self.scanned[index]
        let ownsOutputs = scanned.role == .build
        let log = DiagnosticLog(file: file.path)
        var outcome = Outcome(state: .failed)
        var entry = BuildManifest.Entry(
            file: scanned.fileDigest ?? ContentDigest("unreadable"), id: scanned.id,
            outputs: ownsOutputs ? (previous?.outputs ?? .listed([])) : nil)
        if previous?.id != scanned.id, let outputs = entry.outputs {
            // The outputs were named after the old id.
            entry.outputs = .listed(outputs.paths(kind: file.kind, id: previous?.id))
        }
        let reportsDiagnostics = ownsOutputs || !isBuild
        let report = { (diagnostics: [Diagnostic]) in reportsDiagnostics ? diagnostics : [] }
        guard let bytes = FileBytes.read(file.path) else {
            SourceFile.reportUnreadable(log)
            outcome.diagnostics = report(log.diagnostics)
            return (outcome, entry, nil)
        }
        let fileDigest = ContentDigest(bytes)
        entry.file = fileDigest
        guard let node = SourceFile.record(bytes: bytes, log: log) else {
            outcome.diagnostics = report(log.diagnostics)
            return (outcome, entry, nil)
        }
        let (loaded, diagnostics) = loader.load(node, kind: file.kind, log: log)
        outcome.diagnostics = report(diagnostics)
        guard let record = loaded else { return (outcome, entry, nil) }
        guard record.id == scanned.id else {
            // The file changed between the scan and now; its claim was settled on the old id.
            outcome.diagnostics += report([
                Diagnostic(
                    .error, file: file.path, position: .start,
                    message: "the file changed while the build was running", hint: "run the build again")
            ])
            return (outcome, entry, nil)
        }
        outcome.isValid = true
        outcome.idPosition = record.idPosition
        outcome.state = .loaded
        if wantSummary, let renderer, let inputs, let summary = renderer.summary(of: record) {
            entry.summary = BuildManifest.StoredSummary(summary, interning: strings)
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

    /// Loads, renders and writes one of this shard's records (or holds its files if it is contested).
    private func build(_ index: Int, previous: BuildManifest.Entry?) -> (Outcome, BuildManifest.Entry) {
        let start = Stopwatch()
        var (outcome, entry, loaded) = loadRecord(index, previous: previous, wantSummary: true)
        outcome.loadTime = Float(start.seconds)
        guard let record = loaded, let renderer, let writer else { return (outcome, entry) }
        let renderStart = Stopwatch()
        let rendered: (files: [OutputFile], summary: ReportSummary)
        do {
            rendered = try SiteBuilder.renderRecord(record, with: renderer)
        } catch {
            outcome.renderTime = Float(renderStart.seconds)
            outcome.state = .failed
            entry.summary = nil
            entry.digest = nil
            outcome.diagnostics += error.diagnostics.map { error in
                var located = error
                located.message += " (while rendering \(files[index].path))"
                return located
            }
            return (outcome, entry)
        }
        outcome.renderTime = Float(renderStart.seconds)
        outcome.state = .rendered
        entry.summary = BuildManifest.StoredSummary(rendered.summary, interning: strings)
        if scanned[index].contested {
            outcome.held = rendered.files
            entry.outputs = .of(rendered.files.map(\.path), kind: record.kind, id: record.id)
            return (outcome, entry)
        }
        write(rendered.files, into: &outcome, entry: &entry, index: index)
        return (outcome, entry)
    }

    /// Writes a record's files, counting them; a failure keeps the record to be rendered again next time.
    private func write(_ files: [OutputFile], into outcome: inout Outcome, entry: inout BuildManifest.Entry, index: Int)
    {
        guard let writer else { return }
        let start = Stopwatch()
        let kind = self.files[index].kind
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
                        message: error.reason + " (while writing the report of \(self.files[index].path))"))
            }
        }
        var paths = files.map(\.path)
        if !failed, let pdf = printPDF(index, entry: &entry, outcome: &outcome) { paths.append(pdf) }
        if failed {
            let old = entry.outputs?.paths(kind: kind, id: entry.id) ?? []
            entry.digest = nil
            entry.outputs = .listed(Array(Set(old + paths)).sorted())
            outcome.state = .failed
        } else {
            entry.outputs = .of(paths, kind: kind, id: entry.id)
        }
        outcome.writeTime += Float(start.seconds)
    }

    /// The files a record's previous entry listed that its new entry does not.
    private func outputsNoLongerMade(_ index: Int, previous: BuildManifest.Entry?, now: BuildManifest.Entry)
        -> [String]?
    {
        guard let old = previous?.outputs, old != now.outputs || previous?.id != now.id else { return nil }
        let kind = files[index].kind
        let current = Set(now.outputs?.paths(kind: kind, id: now.id) ?? [])
        return old.paths(kind: kind, id: previous?.id).filter { !current.contains($0) }
    }

    // MARK: Contests

    /// Settles each contested report file: the first valid claimant in file order owns it and is written; every
    /// other valid claimant gets the duplicate-id error.
    func settleContests() {
        var claimants: [ContentDigest: [Int]] = [:]
        for index in scanned.indices where scanned[index].contested {
            if let key = scanned[index].key { claimants[key, default: []].append(index) }
        }
        for (_, indexes) in claimants.sorted(by: { $0.value[0] < $1.value[0] }) {
            let winner = indexes.first { outcomes[$0]?.isValid == true }
            for claimant in indexes where claimant != winner {
                guard let winner, var outcome = outcomes[claimant], outcome.isValid, var entry = entries[claimant],
                    let owner = scanned[winner].id, let claimed = scanned[claimant].id
                else { continue }
                let file = files[claimant]
                let key = ReportPaths.base(kind: file.kind, id: claimed)
                let message =
                    owner == claimed
                    ? "duplicate \(file.kind.rawValue) id '\(claimed)'"
                    : "id '\(claimed)' makes the same file name as id '\(owner)': \(key).html"
                if scanned[claimant].role == .build || !isBuild {
                    outcome.diagnostics.append(
                        Diagnostic(
                            .error, file: file.path, position: outcome.idPosition, path: "id", message: message,
                            hint: "already used by \(files[winner].path); this record is skipped"))
                }
                outcome.state = .failed
                outcome.isValid = false
                outcome.held = nil
                entry.summary = nil
                entry.digest = nil
                entry.outputs = scanned[claimant].role == .build ? .listed([]) : nil
                outcomes[claimant] = outcome
                entries[claimant] = entry
                changed = true
            }
            if let winner, var outcome = outcomes[winner], let held = outcome.held, var entry = entries[winner] {
                outcome.held = nil
                write(held, into: &outcome, entry: &entry, index: winner)
                outcomes[winner] = outcome
                entries[winner] = entry
            }
        }
    }

    // MARK: Results

    /// How many valid records there are (for the home page).
    var validCount: Int { outcomes.reduce(0) { $0 + ($1?.isValid == true ? 1 : 0) } }

    /// The summary of the nth valid record in file order, for the reports index.
    func summaries() -> [ReportSummary] {
        var result: [ReportSummary] = []
        result.reserveCapacity(validCount)
        for index in scanned.indices where outcomes[index]?.isValid == true {
            if let entry = entries[index], let summary = entry.summary, let id = entry.id {
                result.append(summary.summary(kind: files[index].kind, id: id))
            }
        }
        return result
    }

    /// Adds what the records give to the digest of the shared pages' inputs.
    func combineSummaries(into hasher: inout ContentHasher) {
        for index in scanned.indices where outcomes[index]?.isValid == true {
            guard let entry = entries[index], let summary = entry.summary, let id = entry.id else { continue }
            hasher.combine(files[index].kind.rawValue)
            hasher.combine(id)
            hasher.combine(summary.title)
            hasher.combine(summary.detail)
            hasher.combine(summary.date ?? "")
            hasher.combine(summary.htmlPath ?? "")
            hasher.combine(summary.patient ?? "")
            hasher.combine(summary.status)
            hasher.combine(summary.attention.level.rawValue)
            for reason in summary.attention.reasons { hasher.combine(reason) }
        }
    }

    /// Adds this shard's records' counts, diagnostics and worker times to a report.
    func addResults(to report: inout BuildReport) {
        for (index, outcome) in outcomes.enumerated() {
            guard let outcome, scanned[index].role == .build || !isBuild else { continue }
            report.records += 1
            report.diagnostics += outcome.diagnostics
            report.written += Int(outcome.written)
            report.unchanged += Int(outcome.unchanged)
            report.timings.load += Double(outcome.loadTime)
            report.timings.render += Double(outcome.renderTime)
            report.timings.write += Double(outcome.writeTime)
            report.timings.pdf += Double(outcome.pdfTime)
            report.pdfs += Int(outcome.pdfs)
            switch outcome.state {
            case .rendered: report.rendered += 1
            case .reused: report.skipped += 1
            case .loaded: break
            case .failed: report.failedRecords += 1
            }
        }
    }

    /// The manifest entries of every record file of the project, in path order, for the next build.
    func manifestEntries() -> some Sequence<(path: String, entry: BuildManifest.Entry)> {
        let files = self.files
        let entries = self.entries
        let scanned = self.scanned
        return files.indices.lazy.map { index in
            let entry =
                entries[index]
                ?? BuildManifest.Entry(
                    file: scanned[index].fileDigest ?? ContentDigest("unreadable"), id: scanned[index].id)
            return (Self.relativePath(of: files[index]), entry)
        }
    }

    /// Files the last build made that nothing makes any more: outputs of deleted records, outputs a record no longer
    /// has (its id changed, or it lost a contest), and shared pages no longer made; but never a file that a current
    /// record makes, or may make (named after a report file path any record, in any shard, claims).
    func staleOutputs(previousShared: [String], currentShared: [String]) -> [String] {
        var candidates = Set(previousShared).subtracting(currentShared)
        for (path, _) in droppedPaths { candidates.insert(path) }
        for (path, entry) in deletedEntries {
            guard let outputs = entry.outputs else { continue }
            let kind = RecordKind.allCases.first { path.hasPrefix($0.folder + "/") } ?? .consult
            candidates.formUnion(outputs.paths(kind: kind, id: entry.id))
        }
        guard !candidates.isEmpty else { return [] }
        var made = Set(currentShared)
        for entry in entries {
            if case .listed(let paths)? = entry?.outputs, !paths.isEmpty { made.formUnion(paths) }
        }
        // A file a record no longer makes (its PDF, once PDFs are no longer asked for) is its own to remove, even
        // though its name is still that record's claim.
        var owners: [String: Int] = [:]
        for (path, owner) in droppedPaths { owners[path] = owner }
        return candidates.filter { path in
            !made.contains(path)
                && !Self.stems(of: path).contains { stem in
                    guard let claimant = claims[ContentDigest(stem)] else { return false }
                    return claimant != owners[path]
                }
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

/// The outcome and entry arrays the workers fill, each index by exactly one worker.
private struct UncheckedBuffers: @unchecked Sendable {
    let outcomes: UnsafeMutableBufferPointer<RecordBatch.Outcome?>
    let entries: UnsafeMutableBufferPointer<BuildManifest.Entry?>
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
