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
    /// Record files changed since the last build that wrote the manifest (relative to the content folder); nil
    /// until a first build has read every file, and after a change the watcher could not name (events lost).
    private let unbuiltChanges = Mutex<Set<String>?>(nil)

    /// A session that builds with `options` and tells `channel`.
    public init(options: BuildOptions, channel: ReloadChannel) {
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
        // The watcher names every changed file, so the runner need not read the records that did not change.
        var options = self.options
        options.changedRecords = unbuiltChanges.withLock { unbuilt in
            if var known = unbuilt {
                for path in changes {
                    guard let relative = recordPath(path) else {
                        unbuilt = nil
                        return nil
                    }
                    if !relative.isEmpty { known.insert(relative) }
                }
                unbuilt = known
            }
            return unbuilt
        }
        let report = SiteBuilder.build(options)
        if !report.stoppedEarly {
            // The manifest now has every record file as it was read; later changes start a new set.
            unbuiltChanges.withLock { $0 = [] }
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

    /// A changed path relative to the content folder (`consults/x.json`), empty for a path outside it; nil for the
    /// content folder itself (the watcher lost events and reports the whole folder).
    func recordPath(_ path: String) -> String? {
        if path == contentFolder || contentFolder.hasPrefix(path + "/") { return nil }
        guard path.hasPrefix(contentFolder + "/") else { return "" }
        return String(path.dropFirst(contentFolder.count + 1))
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
