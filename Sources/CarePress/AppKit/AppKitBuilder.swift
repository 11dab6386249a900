import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the physio app kit: the knowledge store as Swift source in the app's API (`AppKitSources`), the guide
/// site for the app's offline "Browse Recovery Guides" screen, and `kit.json` (`KitManifest`).
///
/// The guide is the one `build` writes, without reports: every link relative, so it works from `file://` inside
/// the app bundle. The whole kit is made in memory and checked first (the content it is made from, the guide's
/// links, the longest prompt context (`PromptBudget`), the app's whole size budget, the previous kit's `kit.json`):
/// a kit with any error is not written at all, and the previous kit stays as it was. The `BodyArea` case names are
/// those the previous kit recorded in its `kit.json` (see `SwiftIdentifier`), so an existing area's name never
/// changes.
public enum AppKitBuilder {
    /// The folder of the kit the guide goes in.
    public static let guideFolder = "Guide"
    /// The physio app's size budget, in bytes; a kit bigger than the whole app could be is an error.
    public static let sizeLimit = 25_000_000

    /// Every template the kit's guide renders.
    public static let requiredTemplates = [PageRenderer.layout, HomePage.template] + GuideSite.templates

    /// Makes the kit and, when nothing has an error, writes it into the output folder, replacing an earlier kit
    /// there; with any error, nothing is written (not even the folder).
    public static func build(_ options: AppKitOptions) -> AppKitReport {
        var report = AppKitReport()
        let previous: KitManifest?
        switch previousManifest(in: options.outputPath) {
        case .success(let manifest): previous = manifest
        case .failure(let unreadable):
            previous = nil
            report.diagnostics += unreadable.diagnostics
        }
        let project = SiteProject.load(from: options.contentPath)
        report.diagnostics += sharedDiagnostics(of: project)
        let templates: TemplateSet
        let theme = ThemeSource(templates: options.templatesPath, contentPath: options.contentPath)
        switch TemplateSet.load(from: theme, requiring: requiredTemplates) {
        case .success(let set): templates = set
        case .failure(let errors):
            report.diagnostics += errors.diagnostics
            report.diagnostics.sort()
            return report
        }
        switch kit(
            of: project, templates: templates, kitFolder: options.outputPath, previous: previous,
            sizeLimit: options.sizeLimit)
        {
        case .failure(let errors):
            report.diagnostics += errors.diagnostics
        case .success(let kit):
            report.diagnostics += kit.diagnostics
            if report.hasErrors {
                report.unwritten = kit.manifest
            } else {
                write(
                    kit, to: options.outputPath, previous: previous,
                    access: project.site?.outputAccess ?? .private, into: &report)
            }
        }
        report.diagnostics.sort()
        return report
    }

    /// The files of a kit and its manifest, made in memory.
    public struct Kit: Sendable {
        /// The Swift files and the guide's files, by path in the kit folder.
        public var files: [OutputFile]
        /// What `kit.json` says about them.
        public var manifest: KitManifest
        /// Problems with the kit itself: broken guide links, the prompt budget, the size budget.
        public var diagnostics: [Diagnostic]
    }

    /// Why no kit could be made at all.
    public struct Failure: Error, Sendable {
        /// What is wrong, located.
        public var diagnostics: [Diagnostic]
    }

    /// The kit of a loaded project, made in memory; `kitFolder` only names files in diagnostics, `previous` is the
    /// manifest of the kit there, whose area case names are kept. Fails when the project cannot make a kit at all
    /// (no settings, no body areas, a template that does not render).
    public static func kit(
        of project: SiteProject, templates: TemplateSet, kitFolder: String = "AppKit", previous: KitManifest? = nil
    ) -> Result<Kit, Failure> {
        kit(of: project, templates: templates, kitFolder: kitFolder, previous: previous, sizeLimit: sizeLimit)
    }

    static func kit(
        of project: SiteProject, templates: TemplateSet, kitFolder: String, previous: KitManifest?, sizeLimit: Int
    ) -> Result<Kit, Failure> {
        guard let site = project.site else {
            return .failure(
                Failure(diagnostics: [
                    Diagnostic(
                        .error, file: project.contentPath.appendingPathComponent("site.yml"), position: .start,
                        message: "site settings could not be loaded, so the guide cannot be made")
                ]))
        }
        let knowledge = project.knowledge
        guard !knowledge.areas.isEmpty else {
            return .failure(
                Failure(diagnostics: [
                    Diagnostic(
                        .error, file: project.contentPath.appendingPathComponent("knowledge/body-areas.yml"),
                        position: .start, message: "the knowledge store has no body areas, so the app has none",
                        hint: "the app's BodyArea enum needs at least one case")
                ]))
        }
        let pages = PageRenderer(templates: templates, site: site)
        let guide: [OutputFile]
        do {
            guide = try guideFiles(project: project, templates: templates, pages: pages)
        } catch {
            return .failure(Failure(diagnostics: error.diagnostics))
        }
        var diagnostics = LinkCheck.diagnostics(
            for: guide, outputFolder: kitFolder.appendingPathComponent(guideFolder))
        let recorded = previous?.recordedCases ?? [:]
        let cases = SwiftIdentifier.assign(knowledge.areas.map(\.id), keeping: recorded)
        diagnostics += caseNameNotes(cases, recorded: recorded, project: project, kitFolder: kitFolder)
        let files =
            AppKitSources(knowledge: knowledge, caseNames: cases.names).files
            + guide.map { OutputFile(path: "\(guideFolder)/\($0.path)", bytes: $0.bytes) }
        let budget = PromptBudget(knowledge: knowledge)
        let manifest = KitManifest(knowledge: knowledge, files: files, budget: budget, cases: cases)
        if !budget.fits, let longest = budget.conditions.first.flatMap(knowledge.condition(named:)) {
            diagnostics.append(
                Diagnostic(
                    .error, file: longest.source, position: .start, path: "summary",
                    message: "the longest prompt context (\(budget.conditions.joined(separator: ", ")): "
                        + "summaries and red flags) has \(budget.words) words, about \(budget.tokens) tokens; "
                        + "at most \(budget.limit) fit in the app's prompt",
                    hint: "shorten the summaries or red flags of these conditions"))
        }
        if manifest.sizes.total > sizeLimit {
            let largest = manifest.files.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.path < $1.path }
            diagnostics.append(
                Diagnostic(
                    .error, file: project.contentPath, position: .start,
                    message: "the app kit takes \(manifest.sizes.total) bytes, over the app's \(sizeLimit)",
                    hint: "the largest files: "
                        + largest.prefix(3).map { "\($0.path) (\($0.bytes) bytes)" }.joined(separator: ", ")))
        }
        return .success(Kit(files: files, manifest: manifest, diagnostics: diagnostics))
    }

    /// The guide as `build` writes it, without reports: the guide pages, a home page and the theme's assets.
    static func guideFiles(project: SiteProject, templates: TemplateSet, pages: PageRenderer) throws(TemplateErrors)
        -> [OutputFile]
    {
        var files = try GuideSite(project: project, pages: pages).render()
        files.append(try HomePage.render(reportCount: nil, project: project, with: pages))
        for asset in templates.assets {
            if let bytes = templates.asset(asset) {
                files.append(OutputFile(path: "assets/\(asset)", bytes: bytes))
            }
        }
        return files
    }

    /// The diagnostics of what the kit is made from: settings, knowledge store and guide pages, not records.
    static func sharedDiagnostics(of project: SiteProject) -> [Diagnostic] {
        let content = project.contentPath
        let shared = [content.appendingPathComponent("knowledge") + "/", content.appendingPathComponent("pages") + "/"]
        return project.diagnostics.filter { diagnostic in
            diagnostic.file == content || diagnostic.file == content.appendingPathComponent("site.yml")
                || shared.contains { diagnostic.file.hasPrefix($0) }
        }
    }

    /// Warnings for the areas that get a suffixed case name now (a new area whose name an existing one has), and for
    /// names `kit.json` recorded that could not be kept (not a name the area could have, or recorded twice).
    static func caseNameNotes(
        _ cases: SwiftIdentifier.Assignment, recorded: [String: String], project: SiteProject, kitFolder: String
    ) -> [Diagnostic] {
        let areas = project.contentPath.appendingPathComponent("knowledge/body-areas.yml")
        let holders = Dictionary(
            cases.names.merging(cases.retired) { current, _ in current }.map { ($1, $0) },
            uniquingKeysWith: { first, _ in first })
        var notes: [Diagnostic] = []
        for (id, name) in cases.names.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if let old = recorded[id], old != name {
                notes.append(
                    Diagnostic(
                        .warning, file: kitFolder.appendingPathComponent(KitManifest.path), position: .start,
                        message: "the case name '\(old)' recorded for body area '\(id)' cannot be kept; it is now "
                            + "'\(name)'",
                        hint: "kit.json records each area's BodyArea case; this is not a name the area can have "
                            + "(kit.json was edited, or Swift now reserves the word)"))
            } else if recorded[id] == nil, name != SwiftIdentifier.name(for: id) {
                let base = SwiftIdentifier.name(for: id)
                notes.append(
                    Diagnostic(
                        .warning, file: areas, position: .start,
                        message: "body area '\(id)' is the Swift case '\(name)': '\(base)' is body area "
                            + "'\(holders[base] ?? "?")'",
                        hint: "an area keeps its case name from kit to kit; give the new area an id of its own "
                            + "if the app needs another name"))
            }
        }
        return notes
    }

    /// The manifest of the kit in the output folder: nil when there is none; an error, located at it, when one is
    /// there that cannot be read (a kit made afresh over it could rename the areas the app's code uses).
    static func previousManifest(in outputPath: String) -> Result<KitManifest?, Failure> {
        let path = outputPath.appendingPathComponent(KitManifest.path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .success(nil) }
            return .failure(unreadableManifest(path, because: String(cString: strerror(errno))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(unreadableManifest(path, because: "it is not a regular file"))
        }
        guard let bytes = FileBytes.read(path) else {
            return .failure(unreadableManifest(path, because: "it cannot be opened"))
        }
        do {
            return .success(try JSONDecoder().decode(KitManifest.self, from: Data(bytes)))
        } catch {
            return .failure(unreadableManifest(path, because: "it is not a kit manifest"))
        }
    }

    private static func unreadableManifest(_ path: String, because reason: String) -> Failure {
        Failure(diagnostics: [
            Diagnostic(
                .error, file: path, position: .start,
                message: "the previous kit's manifest cannot be read (\(reason)), so the Swift names of its body areas "
                    + "are not known; nothing was written",
                hint: "restore it (e.g. from version control), or remove the kit folder to make a new kit whose names "
                    + "are given afresh")
        ])
    }

    /// Writes the kit's files and manifest, and removes the files of the `previous` kit that this one does not have
    /// (those it listed under `Swift/` or `Guide/` only); every file and folder of the kit gets the access's mode.
    static func write(
        _ kit: Kit, to outputPath: String, previous: KitManifest?, access: OutputAccess = .private,
        into report: inout AppKitReport
    ) {
        let writer: OutputWriter
        do {
            writer = try OutputWriter(root: outputPath, access: access)
        } catch {
            report.diagnostics.append(Diagnostic(.error, file: outputPath, position: .start, message: error.reason))
            return
        }
        report.diagnostics += writer.applyAccessReporting(owned: [AppKitSources.folder, guideFolder, KitManifest.path])
        for file in kit.files { writer.write(file, counting: &report) }
        let current = Set(kit.files.map(\.path))
        let earlier = (previous?.files ?? []).map(\.path).filter {
            $0.hasPrefix(AppKitSources.folder + "/") || $0.hasPrefix(guideFolder + "/")
        }
        for path in earlier where !current.contains(path) { writer.remove(path, counting: &report) }
        if writer.write(OutputFile(path: KitManifest.path, text: kit.manifest.json), counting: &report) {
            report.manifest = kit.manifest
        }
    }
}
