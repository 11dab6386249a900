import Foundation

/// Where a build reads from and writes to, and how it runs.
public struct BuildOptions: Sendable {
    /// The content folder.
    public var contentPath: String
    /// The theme folder given with `--templates`, if any: it overrides the project's `Templates/` (beside the content
    /// folder), which overrides the embedded theme, file by file (see `ThemeSource`).
    public var templatesPath: String?
    /// The output folder.
    public var outputPath: String
    /// How many records are loaded, rendered and written at once; the output does not depend on it.
    public var jobs: Int
    /// Whether to render every record even when the manifest says nothing it depends on changed.
    public var force: Bool
    /// The part of the records to build; `.all` for a whole build.
    public var shard: Shard
    /// Whether the build flushes the files it writes to disk before it finishes (`build --sync`), so that they are on
    /// disk when it returns. Otherwise the system writes them back within seconds, as it does any program's files, and
    /// the manifest records that they may not be on disk yet: if the system stops before (a power cut), the next
    /// build renders again what they were made from. A build that removes files flushes either way, and so does every
    /// build where the system's boot cannot be told (`boot` nil) or whose output folder is not on a file system of
    /// this machine's own (`LocalFileSystem`: a network file system, a FAT drive).
    public var sync = false
    /// Whether a record folder may be missing or empty while the manifest holds reports of its kind (`build
    /// --allow-empty`), which the build then removes. Otherwise that stops the build, writing nothing: an unmounted
    /// share or a folder moved away would remove every report of the kind. A folder that cannot be read stops it
    /// either way.
    public var allowsEmptyRecordFolders = false
    /// Whether every report is printed to PDF as well.
    public var pdf: PDFRequest
    /// Called from worker threads as records finish, with how many are done out of how many; must be thread-safe.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// What to do when another build is writing into the output folder (see docs/reference/limits-and-guarantees.md).
    public var whenLocked: WhenLocked = .wait(announce: nil)
    /// What the builds of a session (`carepress serve`) keep between them: the reports index as the last build made
    /// it. Nil (the default) makes everything afresh.
    public var cache: BuildCache?
    /// Whether the build counts the reports at each attention level even when the reports index is not written again
    /// (`BuildReport.attention`; `build --json` asks for it).
    public var countsAttention = false
    /// Reports per page of the reports index: `ReportsIndex.pageSize`, but in tests, which make many pages of a few
    /// records.
    var indexPageSize = ReportsIndex.pageSize
    /// How long a record file must have been left alone for its stamp to be kept (see `FileStamp`): two seconds, but
    /// in tests, whose files are all new.
    var fileSettledSeconds = FileStamp.settledSeconds
    /// The running system's boot (`BootIdentity.current`); tests set another to act out a restart.
    var boot = BootIdentity.current
    /// Whether the output folder is on a file system of this machine's own (`LocalFileSystem`): asked of the folder
    /// by the build (nil until then), unless a test sets it to act out another file system.
    var outputIsLocal: Bool?

    /// What a build does when another build holds the output folder.
    public enum WhenLocked: Sendable {
        /// Wait for it to finish; `announce` is called once with what the build waits for.
        case wait(announce: (@Sendable (String) -> Void)?)
        /// Fail at once with an error, writing nothing (`build --no-wait`).
        case fail
    }

    /// Creates options; the defaults are the `Content/` and `Output/` folders of the current directory, the theme of
    /// the project (its `Templates/` over the embedded theme), one job per core, an incremental build of every record.
    public init(
        contentPath: String = "Content", templatesPath: String? = nil, outputPath: String = "Output",
        jobs: Int = BuildOptions.defaultJobs, force: Bool = false, shard: Shard = .all, pdf: PDFRequest = .none,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.outputPath = outputPath
        self.jobs = max(1, jobs)
        self.force = force
        self.shard = shard
        self.pdf = pdf
        self.progress = progress
    }

    /// Whether the build flushes its files to disk as it goes and before it finishes: with `sync`, where the
    /// system's boot cannot be told, or where the output folder is not known to be on this machine's own file system
    /// (files left to the system are known safe only there: docs/reference/limits-and-guarantees.md, "Power loss").
    var flushesToDisk: Bool { sync || boot == nil || outputIsLocal != true }

    /// One job per active core.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}

extension BuildOptions {
    /// The theme of this build: `--templates`, then the project's `Templates/`, then the embedded theme.
    public var theme: ThemeSource { ThemeSource(templates: templatesPath, contentPath: contentPath) }
}
