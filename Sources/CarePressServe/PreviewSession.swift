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
    /// The warnings printed after the last build.
    private let warnings = WarningsShown()

    /// A session that builds with `options` and tells `channel`.
    public init(options: BuildOptions, channel: ReloadChannel) {
        var options = options
        // The reports index is kept between rebuilds, and updated where the summaries changed.
        if options.cache == nil { options.cache = BuildCache() }
        self.options = options
        self.channel = channel
    }

    /// Builds, then publishes what open pages must do; `changes` are the absolute paths whose change started it.
    @discardableResult
    public func build(after changes: [String] = []) -> BuildReport {
        let report = SiteBuilder.build(options)
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
