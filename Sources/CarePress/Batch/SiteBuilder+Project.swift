import Foundation

/// The project a build reads: its content, settings and theme, loaded once, and what it renders with.
extension SiteBuilder {
    /// A project whose theme and settings loaded.
    struct LoadedProject {
        let project: SiteProject
        let templates: TemplateSet
        let site: Site
    }

    /// What a build renders with, made once.
    struct Inputs: Sendable {
        var options: BuildOptions
        var project: SiteProject
        let site: Site
        let templates: TemplateSet
        let pages: PageRenderer
        let reports: ReportRenderer
        let digests: BuildInputs

        /// The renderers and the digests of the shared inputs of a loaded project.
        init(project: SiteProject, templates: TemplateSet, site: Site, options: BuildOptions) {
            self.options = options
            self.project = project
            self.site = site
            self.templates = templates
            pages = PageRenderer(templates: templates, site: site)
            reports = ReportRenderer(
                project: project, pages: pages,
                linkTargets: (options.outputPath, sharedPaths(project: project, templates: templates, pages: pages)))
            digests = BuildInputs(
                project: project, templates: templates, tool: CarePressVersion.fingerprint,
                printsPDFs: options.pdf != .none)
        }
    }

    /// Loads the project and the theme; nil after reporting what stops the build.
    static func loadProject(
        _ options: BuildOptions, parsing: TemplateSet.Parsing = .now, into report: inout BuildReport
    ) -> LoadedProject? {
        // The theme is loaded (and parsed) while the content is read: neither needs the other.
        let loadingTheme = BackgroundWork(inBackground: options.jobs > 1) {
            TemplateSet.load(from: options.theme, requiring: requiredTemplates, parsing: parsing)
        }
        let project = SiteProject.load(from: options.contentPath)
        var diagnostics = project.diagnostics
        let templates: TemplateSet
        switch loadingTheme.take() {
        case .success(let set):
            templates = set
            diagnostics += set.unusedOverrides
        case .failure(let errors):
            report.diagnostics += project.diagnostics + noRecordsWarning(project) + errors.diagnostics + errors.warnings
            checkRecords(of: project, options, into: &report)
            return nil
        }
        report.diagnostics += diagnostics + noRecordsWarning(project)
        guard let site = project.site else {
            if !diagnostics.hasErrors {
                report.diagnostics.append(
                    Diagnostic(
                        .error, file: project.contentPath.appendingPathComponent("site.yml"), position: .start,
                        message: "site settings could not be loaded"))
            }
            checkRecords(of: project, options, into: &report)
            return nil
        }
        // A knowledge store that cannot be read would publish a guide and reports without it: nothing is written.
        guard project.knowledgeIsReadable else { return nil }
        // A folder that could not be listed: its files are unknown, so nothing is written or removed.
        guard !project.hasUnlistedFolders else { return nil }
        return LoadedProject(project: project, templates: templates, site: site)
    }

    /// A warning that a project has no record files, naming the folders looked in; none when it has some, or when
    /// the content folder itself is missing (which is already an error).
    static func noRecordsWarning(_ project: SiteProject) -> [Diagnostic] {
        var isDirectory: ObjCBool = false
        guard project.recordFiles.isEmpty, !project.hasUnlistedFolders,
            FileManager.default.fileExists(atPath: project.contentPath, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return [] }
        let folders = RecordKind.allCases.map { project.contentPath.appendingPathComponent($0.folder) + "/" }
        return [
            Diagnostic(
                .warning, file: project.contentPath, position: .start,
                message: "no records found: no .json files in " + folders.joined(separator: ", "),
                hint: "only the guide is built; put consults, physio records and stacks in those folders")
        ]
    }
}
