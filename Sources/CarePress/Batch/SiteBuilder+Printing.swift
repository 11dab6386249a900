/// How a build with PDFs gets ready to print: the theme's assets in place, and the engine.
extension SiteBuilder {
    /// Writes the theme's assets before any report is printed: report pages link the stylesheet, which the shared
    /// pages would otherwise write only after the records, so a first build (or a shard) would print unstyled PDFs.
    /// Failures are left to the shared pages, which write the same files again and report them; a shard that does
    /// not write the shared pages writes identical bytes, atomically. Returns what it did to each asset it wrote: a
    /// file it changed is counted as written here, one it found as it was only if the shared pages make it again.
    static func writeAssetsForPrinting(
        _ templates: TemplateSet, with writer: OutputWriter, counting report: inout BuildReport
    ) -> [BytePath: OutputWriter.Outcome] {
        var written: [BytePath: OutputWriter.Outcome] = [:]
        for asset in templates.assets {
            guard let bytes = templates.asset(asset), let outcome = try? writer.write(bytes, to: "assets/\(asset)")
            else { continue }
            written[BytePath("assets/\(asset)")] = outcome
            if outcome == .written { report.written += 1 }
        }
        return written
    }

    /// The PDF engine when PDFs are asked for: one Chromium with a tab per job, loading only files of the output
    /// folder, started by the first PDF. Without one, the build goes on without PDFs and the report says why (exit
    /// status 2).
    static func startPrinter(
        _ request: PDFRequest, writer: OutputWriter, site: Site, jobs: Int, into report: inout BuildReport
    ) -> RecordPrinter {
        guard case .print(let pageTimeout) = request else { return .none }
        do {
            let engine = try OnDemandPDFEngine(
                PDFEngine.Options(root: writer.root, tabs: jobs, pageTimeout: pageTimeout))
            return .engine(engine, site)
        } catch {
            report.pdfEngineError = error
            return .unavailable
        }
    }
}
