import CarePress
import Foundation

/// The preview's builds: each goes through the same incremental runner as `carepress build` (`SiteBuilder.build`),
/// and only once it has finished are open pages told, through the reload channel.
///
/// After a build that changed the output, the generation goes up and pages reload (or swap their stylesheets, when
/// only stylesheets changed). After a build with errors the pages stay as they are, since the runner keeps a broken
/// record's last good files, and the overlay shows the errors until a build has none.
public final class PreviewSession: Sendable {
    /// The build's options.
    public let options: BuildOptions
    /// Where open pages listen.
    public let channel: ReloadChannel
    /// The content folder, absolute.
    private let contentFolder: String
    /// What changed since the last build that wrote the manifest: unknown until a first build has read every file,
    /// and after a change the watcher could not name (events lost).
    private let unbuiltChanges = Mutex(ChangedFiles.unknown)

    /// The warnings printed after the last build.
    private let warnings = WarningsShown()
    /// Whether the watcher names every changed file (inotify); polling compares sizes and times, which may miss a
    /// change that a later one then makes known, so every build after a poll reads every file.
    private let namesEveryChange: Bool

    /// A session that builds with `options` and tells `channel`; `namesEveryChange` when its watcher uses inotify.
    public init(options: BuildOptions, channel: ReloadChannel, namesEveryChange: Bool = true) {
        self.namesEveryChange = namesEveryChange
        var options = options
        // Parsed settings and knowledge files, and the reports index's pages, are kept between rebuilds.
        if options.cache == nil { options.cache = BuildCache() }
        self.options = options
        self.channel = channel
        contentFolder = URL(fileURLWithPath: options.contentPath).standardizedFileURL.path
    }

    /// Builds, then publishes what open pages must do; `changes` are the absolute paths whose change started it.
    @discardableResult
    public func build(after changes: [String] = []) -> BuildReport {
        // The watcher names every changed file, so the runner need not read the files that did not change.
        var options = self.options
        let named = namesEveryChange ? changedFiles(changes) : .unknown
        options.changes = unbuiltChanges.withLock { unbuilt in
            unbuilt = unbuilt.then(named)
            return unbuilt
        }
        let report = SiteBuilder.build(options)
        if !report.stoppedEarly {
            // The manifest now has every file as it was read; later changes start a new set.
            unbuiltChanges.withLock { $0 = .known(content: [], theme: false) }
        }
        var state = channel.state
        state.errors = PreviewState.errors(of: report.diagnostics)
        if report.written + report.deleted > 0 {
            state.generation += 1
            let stylesheets = changes.compactMap(stylesheet)
            state.stylesheetsOnly = !changes.isEmpty && stylesheets.count == changes.count
            state.stylesheets = state.stylesheetsOnly ? stylesheets : []
        }
        channel.publish(state)
        return report
    }

    /// What to say of a build of this session: its report, with the diagnostics to print (those the build before
    /// did not have, and every error).
    public func built(_ report: BuildReport, changes: [String]) -> PreviewMessage {
        let (diagnostics, repeated) = warnings.unseen(in: report.diagnostics)
        return .built(report, changes: changes, diagnostics: diagnostics, repeated: repeated)
    }

    /// What the watcher's changed paths are to the build: files of the content folder (relative to it), or of the
    /// theme (any other folder watched); unknown when the content folder itself is named (the watcher lost events).
    func changedFiles(_ paths: [String]) -> ChangedFiles {
        var content = Set<String>()
        var theme = false
        for path in paths {
            if path == contentFolder || contentFolder.hasPrefix(path + "/") { return .unknown }
            if path.hasPrefix(contentFolder + "/") {
                content.insert(String(path.dropFirst(contentFolder.count + 1)))
            } else {
                theme = true
            }
        }
        return .known(content: content, theme: theme)
    }

    /// The output path of a changed theme stylesheet (`assets/style.css`); nil for any other file.
    func stylesheet(_ path: String) -> String? {
        guard path.hasSuffix(".css") else { return nil }
        // The theme's folders as they are now: the project's Templates/ may have appeared since the last build.
        let folders = options.theme.layers.compactMap(\.folder).map {
            URL(fileURLWithPath: $0).standardizedFileURL.path
        }
        for folder in folders where path.hasPrefix(folder + "/assets/") {
            return String(path.dropFirst(folder.count + 1))
        }
        return nil
    }
}
