import ArgumentParser
import CarePress
import Foundation

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Validate everything, then write the guide site and every valid record's report.",
        discussion: """
            Incremental: a manifest in <output>/.carepress/ records what each file was made from, so only records \
            whose inputs changed are rendered again, and the files of deleted records are removed. With --pdf, \
            every report is also printed to reports/<kind>/<id>.pdf by one headless Chromium (found on PATH as \
            chromium, chromium-browser or google-chrome, or named by CAREPRESS_CHROMIUM), --jobs pages at a time; \
            without one, the rest is still written and the exit status is 2. One build at a time writes into an output \
            folder (the shards of one batch side by side): another waits, or with --no-wait fails at once, writing \
            nothing, with exit status 75 (EX_TEMPFAIL: try again later). A knowledge \
            store that cannot be read stops the build before it writes anything, and so does a record folder that is \
            missing, empty or unreadable while the last build made reports of its records (see --allow-empty).
            """)

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var themeOptions: ThemeOptions

    @Option(help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output = "Output"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Records processed at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Render every record, even those the manifest says are unchanged.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "Build only shard K of N (e.g. 2/8): its records' reports; the shared pages come from --fan-in N.",
            valueName: "K/N"))
    var shard: String?

    @Option(
        name: .customLong("fan-in"), parsing: .unconditional,
        help: ArgumentHelp(
            """
            After the N shards of a batch: write the shared pages (home, guide, reports index, assets) from what \
            the shards published, rendering no record. A record no shard has published (failed, not run yet, or \
            changed since) is listed as such, and the exit status is 1.
            """, valueName: "N"))
    var fanIn: Int?

    @Flag(help: "Print every report to PDF as well, beside its HTML.")
    var pdf = false

    @Option(
        name: .customLong("pdf-timeout"), parsing: .unconditional,
        help: ArgumentHelp("The longest one report's PDF may take to print, in seconds.", valueName: "seconds"))
    var pdfTimeout = PDFEngine.defaultPageTimeout

    @Flag(help: "No progress line; only diagnostics and the summary.")
    var quiet = false

    @Flag(help: "Print every warning, also those that did not change since the last build.")
    var verbose = false

    @Flag(
        help: """
            Print one JSON object on standard output: the counts and timings, every error located (failures) and \
            the reports at each attention level (attention).
            """)
    var json = false

    @Flag(
        help: "Fail at once (exit status 75), writing nothing, when another build is writing into the output folder.")
    var noWait = false

    @Flag(
        help: """
            Let a record folder be missing or empty though the last build made reports of its records, and remove \
            those reports. Without it that stops the build, writing nothing (an unmounted share, a folder moved \
            away); a folder that cannot be read stops it either way.
            """)
    var allowEmpty = false

    @Flag(
        help: """
            Flush the files to disk before returning (before unplugging the drive, say). Without it the system \
            writes them within seconds, and after a power cut the next build writes again what may have been lost.
            """)
    var sync = false

    func validate() throws {
        try OptionValue.checkJobs(jobs)
        try OptionValue.checkSeconds(pdfTimeout, option: "--pdf-timeout")
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/8, not '\(shard)'")
        }
        if let fanIn {
            guard shard == nil else {
                throw ValidationError("--fan-in runs after the shards, not as one of them: give --shard or --fan-in")
            }
            guard Shard.fanIn(of: fanIn) != nil else {
                throw ValidationError(
                    "--fan-in must be the batch's shard count, 2 or more, not \(fanIn) (a batch of one shard, "
                        + "--shard 1/1, is a whole build and writes the shared pages itself)")
            }
            guard !pdf else {
                throw ValidationError("--fan-in renders no record: --pdf belongs to the shards' commands")
            }
        }
    }

    /// The part of the batch this command builds: a shard, the fan-in, or the whole project.
    private var part: Shard {
        fanIn.flatMap(Shard.fanIn(of:)) ?? shard.flatMap { Shard($0) } ?? .all
    }

    func run() throws {
        let progress = !quiet && Terminal.standardErrorIsTerminal ? ProgressLine(noun: "records") : nil
        var options = BuildOptions(
            contentPath: contentOptions.content, templatesPath: themeOptions.templates, outputPath: output,
            jobs: jobs ?? BuildOptions.defaultJobs,
            force: force, shard: part,
            pdf: pdf ? .print(pageTimeout: pdfTimeout) : .none)
        options.sync = sync
        options.countsAttention = json
        options.allowsEmptyRecordFolders = allowEmpty
        if let progress {
            options.progress = { done, total in progress.update(done: done, total: total) }
        }
        options.whenLocked = noWait ? .fail : .wait(announce: { message in Terminal.error(message) })
        let report = SiteBuilder.build(options)
        progress?.clear()
        let shown = WarningsSeen.sort(
            report, outputPath: output, shard: part, verbose: verbose)
        Terminal.report(shown.print)
        if let summary = shown.summary { Terminal.error(summary) }
        if json {
            try Terminal.outputLine(report.json)
        } else {
            Terminal.error(report.buildSummary(outputPath: output))
        }
        // Busy (another build holds the folder, --no-wait): EX_TEMPFAIL, so a scheduler retries it later.
        if report.busy { throw ExitCode(75) }
        if let engineError = report.pdfEngineError {
            Terminal.error("\(output): error: no PDF was made: \(engineError.message)\n    hint: \(engineError.hint)")
            throw ExitCode(2)
        }
        if report.hasErrors { throw ExitCode(1) }
    }
}
