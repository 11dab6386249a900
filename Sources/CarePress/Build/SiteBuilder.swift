import Foundation

/// Builds a site project: validates everything, then writes the guide, every valid record's report and the indexes.
public enum SiteBuilder {
    /// Checks a project's content without rendering or writing anything.
    public static func check(contentPath: String) -> BuildReport {
        let project = SiteProject.load(from: contentPath)
        var report = BuildReport()
        report.diagnostics = project.diagnostics
        if project.site == nil && !project.diagnostics.hasErrors {
            report.diagnostics.append(
                Diagnostic(
                    .error, file: contentPath.appendingPathComponent("site.yml"), position: .start,
                    message: "site settings could not be loaded"))
        }
        for result in RecordCheck.loadAll(project) {
            report.records += 1
            if result.record == nil { report.failedRecords += 1 }
            report.diagnostics += result.diagnostics
        }
        report.diagnostics.sort()
        return report
    }

    /// Builds the output folder. Every valid record is written even when others have errors.
    public static func build(_ options: BuildOptions) -> BuildReport {
        var report = BuildReport()
        let project = SiteProject.load(from: options.contentPath)
        report.diagnostics = project.diagnostics
        let templates: TemplateSet
        switch TemplateSet.load(from: options.templatesPath, requiring: requiredTemplates) {
        case .success(let set): templates = set
        case .failure(let errors):
            report.diagnostics += errors.diagnostics
            report.diagnostics.sort()
            return report
        }
        guard let site = project.site else {
            report.diagnostics.sort()
            return report
        }
        let writer: OutputWriter
        do {
            writer = try OutputWriter(root: options.outputPath)
        } catch {
            report.diagnostics.append(
                Diagnostic(.error, file: options.outputPath, position: .start, message: error.reason))
            return report
        }
        let pages = PageRenderer(templates: templates, site: site)
        let reports = ReportRenderer(project: project, pages: pages)
        let results = RecordCheck.loadAll(project)
        report.records = results.count
        let rendered = Slots<Result<(files: [OutputFile], summary: ReportSummary), TemplateErrors>>(
            count: results.count)
        DispatchQueue.concurrentPerform(iterations: results.count) { index in
            guard let record = results[index].record else { return }
            rendered[index] = Result { () throws(TemplateErrors) in try reports.render(record) }
        }
        var summaries: [ReportSummary] = []
        var files: [OutputFile] = []
        for (index, result) in results.enumerated() {
            report.diagnostics += result.diagnostics
            switch rendered[index] {
            case .success(let output)?:
                files += output.files
                summaries.append(output.summary)
            case .failure(let errors)?:
                report.diagnostics += errors.diagnostics.map { error in
                    var located = error
                    located.message += " (while rendering \(result.file.path))"
                    return located
                }
                report.failedRecords += 1
            case nil:
                report.failedRecords += 1
            }
        }
        do {
            files += try GuideSite(project: project, pages: pages).render()
            files.append(try ReportsIndex.render(summaries, with: pages))
            files.append(try HomePage.render(reportCount: summaries.count, project: project, with: pages))
        } catch {
            report.diagnostics += error.diagnostics
        }
        for asset in templates.assets {
            let source = options.templatesPath.appendingPathComponent("assets/\(asset)")
            if let data = FileManager.default.contents(atPath: source) {
                files.append(OutputFile(path: "assets/\(asset)", bytes: [UInt8](data)))
            }
        }
        // Link check (guide): every page's internal links must lead to a file this build writes.
        report.diagnostics += LinkCheck.diagnostics(for: files, outputFolder: options.outputPath)
        for file in files {
            do {
                switch try writer.write(file.bytes, to: file.path) {
                case .written: report.written += 1
                case .unchanged: report.unchanged += 1
                }
            } catch {
                report.diagnostics.append(
                    Diagnostic(
                        .error, file: options.outputPath.appendingPathComponent(file.path),
                        position: .start, message: error.reason))
            }
        }
        report.diagnostics.sort()
        return report
    }

    /// Every template a build renders.
    public static let requiredTemplates =
        [PageRenderer.layout, HomePage.template, ReportsIndex.template] + ReportRenderer.templates + GuideSite.templates
}
