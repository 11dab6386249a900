/// What a build or check did: its diagnostics, its counts and where the time went.
public struct BuildReport: Sendable {
    /// Every problem found, errors and warnings, sorted by file and position.
    public var diagnostics: [Diagnostic] = []
    /// Records in the build (in this shard, for a sharded build).
    public var records = 0
    /// Records with errors (a rendered record whose PDF failed among them).
    public var failedRecords = 0
    /// How many reports the reports index lists at each attention level; nil when this build did not list them (a
    /// shard that does not write the shared pages).
    public var attention: [Attention.Level: Int]?
    /// Records rendered by this build.
    public var rendered = 0
    /// Records not rendered because the manifest showed that nothing they are made from changed.
    public var skipped = 0
    /// Files written (created or changed).
    public var written = 0
    /// Files rendered again that already held exactly what the build made.
    public var unchanged = 0
    /// Output files removed because the records that made them are gone.
    public var deleted = 0
    /// Template renders that fell back from the compiled renderer to swift-mustache (see
    /// `Sources/CarePress/Rendering/Compiled/README.md`); 0 with the default theme.
    public var templateFallbacks = 0
    /// PDFs printed (`build --pdf`); they are also counted in `written` or `unchanged`.
    public var pdfs = 0
    /// PDFs due (`build --pdf`, records rendered) that were not printed: the browser failed them, or there is none.
    /// Their records still count as rendered (their other files were written), and as failed when the browser
    /// failed them (each then has an error).
    public var pdfsFailed = 0
    /// Why no PDF could be printed at all (no Chromium, or it did not start); the command exits with status 2.
    public var pdfEngineError: PDFEngineError?
    /// Wall-clock and worker time of the build's stages.
    public var timings = BuildTimings()
    /// How many record files the scan read: the others were left alone since the last build read them.
    var recordFilesRead = 0
    /// How many stored summaries the reports index read back from the manifest (the others were still in memory).
    var summariesReadBack = 0
    /// Whether the build stopped before writing anything (an error in the theme, the site settings or the output
    /// folder), so nothing in the output folder is new.
    public var stoppedEarly = false
    /// Whether the build stopped because another build held the output folder and it was told not to wait
    /// (`BuildOptions.WhenLocked.fail`); nothing was written, and running it again later may succeed. The command
    /// exits with status 75 (`EX_TEMPFAIL`), so a scheduler can retry it.
    public var busy = false

    /// Creates an empty report.
    public init() {}

    /// Whether anything had an error; the command then exits with status 1.
    public var hasErrors: Bool { diagnostics.hasErrors }
    /// The number of errors.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// Seconds spent in each stage of a build.
///
/// `wait`, `scan`, `records`, `shared` and `total` are wall-clock times of the stages; `load`, `render` and `write` are
/// summed over the workers, so with several jobs they can add up to more than `records`.
public struct BuildTimings: Sendable {
    /// Reading and digesting every record file, and loading the manifest (not `wait`).
    public var scan = 0.0
    /// Waiting for another build to let go of the output folder (see `BuildLock`).
    public var wait = 0.0
    /// The parallel pass over the records.
    public var records = 0.0
    /// Worker time spent reading and checking records.
    public var load = 0.0
    /// Worker time spent rendering records.
    public var render = 0.0
    /// Worker time spent writing record files.
    public var write = 0.0
    /// Worker time spent printing PDFs (`build --pdf`).
    public var pdf = 0.0
    /// Rendering and writing the shared pages, removing stale files and writing the manifest.
    public var shared = 0.0
    /// The whole build.
    public var total = 0.0

    /// No time yet.
    public init() {}
}

extension BuildReport {
    /// One line on what a build did, for the end of its output.
    public func buildSummary(outputPath: String) -> String {
        if stoppedEarly {
            return "Build failed: nothing was written to \(outputPath) (\(counts)) in \(Self.seconds(timings.total))s"
        }
        var parts = [
            records == 0
                ? "no records found"
                : "\(records - failedRecords) of \(records) records ok (\(rendered) rendered, \(skipped) up to date)"
        ]
        parts.append(
            "\(written) files written\(pdfs > 0 ? " (\(pdfs) PDFs printed)" : ""), \(unchanged) unchanged"
                + (deleted > 0 ? ", \(deleted) removed" : ""))
        if pdfsFailed > 0 { parts.append("\(pdfsFailed) PDFs not printed") }
        parts.append(counts)
        if templateFallbacks > 0 {
            parts.append("\(templateFallbacks) template renders by swift-mustache (not compiled)")
        }
        return "Built \(outputPath): " + parts.joined(separator: "; ")
            + " in \(Self.seconds(timings.total))s"
    }

    /// One line on what a check found.
    public var checkSummary: String {
        if stoppedEarly { return "Checked nothing: \(counts)" }
        return records == 0
            ? "Checked the knowledge store and the theme; no records found: \(counts)"
            : "Checked \(records) records (\(failedRecords) with errors), the knowledge store and the theme: \(counts)"
    }

    private var counts: String {
        "\(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")"
    }

    /// Seconds with three decimals, e.g. `1.250`.
    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
