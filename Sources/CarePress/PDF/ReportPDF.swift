import Foundation

/// A report's PDF: the print job for a rendered report, and the one-off print that `carepress export` makes.
public enum ReportPDF {
    /// The job that prints a report's HTML file (`htmlPath` relative to `outputRoot`), with the clinic's name (the
    /// site's title when `site.yml` names no clinic) and the report's kind in the header, and the report's title and
    /// record id in the footer, on the site's paper.
    public static func job(for summary: ReportSummary, outputRoot: String, site: Site) -> PrintJob {
        PrintJob(
            htmlPath: OutputWriter.absoluteRoot(outputRoot) + "/" + summary.htmlPath, title: summary.title,
            reference: summary.id, heading: "\(site.clinic?.name ?? site.title) · \(kindName(summary.kind))",
            paper: site.paper)
    }

    /// What a report of a kind is, in the words its header uses.
    static func kindName(_ kind: RecordKind) -> String {
        switch kind {
        case .consult: "Consult report"
        case .physio: "Recovery recommendation"
        case .stack: "Supplement plan"
        }
    }

    /// Why an export's PDF was not made.
    public enum Failure: Error, Sendable {
        /// No Chromium, or it did not start: a problem with the machine (exit status 2).
        case engine(PDFEngineError)
        /// The page failed to print, or its files could not be written.
        case report(String)
    }

    /// Prints one rendered report on its own: writes its files (and the theme's assets, for a page that links its
    /// stylesheet) into a new temporary folder, prints the HTML there with a browser that may load nothing else,
    /// and removes the folder.
    static func printAlone(
        _ files: [OutputFile], summary: ReportSummary, site: Site, templates: TemplateSet, pageTimeout: Double,
        executable: String? = nil
    ) -> Result<[UInt8], Failure> {
        let executable = executable.map(Result<String, PDFEngineError>.success) ?? ChromiumLocator.locate()
        guard case .success(let browser) = executable else {
            if case .failure(let error) = executable { return .failure(.engine(error)) }
            return .failure(.report("no Chromium"))
        }
        var template = Array(NSTemporaryDirectory().appendingPathComponent("carepress-export-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            return .failure(.report("cannot make a temporary folder: \(String(cString: strerror(errno)))"))
        }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let writer = try OutputWriter(root: folder)
            for file in files { try writer.write(file.bytes, to: file.path) }
            for asset in templates.assets {
                if let bytes = templates.asset(asset) {
                    try writer.write(bytes, to: "assets/\(asset)")
                }
            }
        } catch {
            return .failure(.report(error.description))
        }
        let engine: PDFEngine
        do {
            engine = try PDFEngine.start(
                PDFEngine.Options(root: folder, tabs: 1, pageTimeout: pageTimeout, executable: browser))
        } catch {
            return .failure(.engine(error))
        }
        defer { engine.shutdown() }
        switch engine.print(job(for: summary, outputRoot: folder, site: site)) {
        case .success(let printed): return .success(printed.bytes)
        case .failure(let failure): return .failure(.report(failure.description))
        }
    }
}
