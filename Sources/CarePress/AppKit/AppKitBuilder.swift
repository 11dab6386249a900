import Foundation

/// Makes the physio app kit: the knowledge store as Swift source in the app's API (`AppKitSources`), the guide
/// site for the app's offline "Browse Recovery Guides" screen, and `kit.json` (`KitManifest`).
///
/// The guide is the one `build` writes, without reports: every link relative, so it works from `file://` inside
/// the app bundle. A kit whose longest prompt context is over budget (`PromptBudget`), or that is bigger than the
/// app's whole size budget, is still written, and reported as an error so an app build stops.
public enum AppKitBuilder {
    /// The folder of the kit the guide goes in.
    public static let guideFolder = "Guide"
    /// The physio app's size budget, in bytes; a kit bigger than the whole app could be is an error.
    public static let sizeLimit = 25_000_000

    /// Every template the kit's guide renders.
    public static let requiredTemplates = [PageRenderer.layout, HomePage.template] + GuideSite.templates

    /// Makes the kit and writes it into the output folder, replacing an earlier kit there.
    public static func build(_ options: AppKitOptions) -> AppKitReport {
        var report = AppKitReport()
        let project = SiteProject.load(from: options.contentPath)
        report.diagnostics = sharedDiagnostics(of: project)
        let templates: TemplateSet
        let theme = ThemeSource(templates: options.templatesPath, contentPath: options.contentPath)
        switch TemplateSet.load(from: theme, requiring: requiredTemplates) {
        case .success(let set): templates = set
        case .failure(let errors):
            report.diagnostics += errors.diagnostics
            report.diagnostics.sort()
            return report
        }
        switch kit(of: project, templates: templates, kitFolder: options.outputPath) {
        case .failure(let errors):
            report.diagnostics += errors.diagnostics
        case .success(let kit):
            report.diagnostics += kit.diagnostics
            write(kit, to: options.outputPath, access: project.site?.outputAccess ?? .private, into: &report)
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

    /// The kit of a loaded project, made in memory; `kitFolder` only names files in diagnostics. Fails when the
    /// project cannot make a kit at all (no settings, no body areas, a template that does not render).
    public static func kit(of project: SiteProject, templates: TemplateSet, kitFolder: String = "AppKit") -> Result<
        Kit, Failure
    > {
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
        let files =
            AppKitSources(knowledge: knowledge).files
            + guide.map { OutputFile(path: "\(guideFolder)/\($0.path)", bytes: $0.bytes) }
        let budget = PromptBudget(knowledge: knowledge)
        let manifest = KitManifest(knowledge: knowledge, files: files, budget: budget)
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
            diagnostics.append(
                Diagnostic(
                    .error, file: project.contentPath, position: .start,
                    message: "the app kit takes \(manifest.sizes.total) bytes, over the app's \(sizeLimit)"))
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

    /// Writes the kit's files and manifest, and removes the files of an earlier kit that this one does not have;
    /// every file and folder of the kit gets the access's mode.
    static func write(
        _ kit: Kit, to outputPath: String, access: OutputAccess = .private, into report: inout AppKitReport
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
        for path in previousFiles(in: writer) where !current.contains(path) { writer.remove(path, counting: &report) }
        if writer.write(OutputFile(path: KitManifest.path, text: kit.manifest.json), counting: &report) {
            report.manifest = kit.manifest
        }
    }

    /// The files an earlier kit in this folder listed in its `kit.json`, under `Swift/` or `Guide/` only; none when
    /// there is no readable manifest (then nothing is removed).
    static func previousFiles(in writer: OutputWriter) -> [String] {
        guard let bytes = FileBytes.read(writer.root + "/" + KitManifest.path),
            let manifest = try? JSONDecoder().decode(KitManifest.self, from: Data(bytes))
        else { return [] }
        return manifest.files.map(\.path).filter {
            $0.hasPrefix(AppKitSources.folder + "/") || $0.hasPrefix(guideFolder + "/")
        }
    }
}
