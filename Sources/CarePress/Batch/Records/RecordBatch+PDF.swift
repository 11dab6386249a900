/// A record's PDF: printed from its HTML once that is written, and written beside it like any other output.
extension RecordBatch {
    /// Prints the PDF of a record whose files were just written and writes it atomically; returns its path to list
    /// among the record's outputs, or nil. A failure is the record's error (its other files stay written), and its
    /// entry keeps no digest, so the next build tries again; a stale PDF of an earlier build is removed. The record
    /// still counts as rendered (its other files are written), and as failed when it has the error.
    func printPDF(_ index: Int, entry: inout BuildManifest.Entry, outcome: inout Outcome) -> String? {
        guard case .build(let writer, _, _, _) = mode, let id = entry.id else { return nil }
        let kind = files[index].kind
        let path = ReportPaths.pdf(kind: kind, id: id)
        switch printer {
        case .none:
            return nil
        case .unavailable:
            entry.digest = nil
            outcome.pdfFailed = true
            return writer.fileExists(path) ? path : nil
        case .engine(let engine, let site):
            guard let summary = entry.summary?.summary else { return nil }
            let start = Stopwatch()
            defer { outcome.pdfTime += Float(start.seconds) }
            let failure: String
            switch engine.print(ReportPDF.job(for: summary, outputRoot: writer.root, site: site)) {
            case .success(let printed):
                for url in printed.blockedRequests {
                    outcome.diagnostics.append(
                        Diagnostic(
                            .warning, file: writer.root + "/" + summary.htmlPath, position: .start,
                            message: "the PDF was printed without \(url): a PDF loads only files of the output folder"))
                }
                do {
                    switch try writer.write(printed.bytes, to: path) {
                    case .written: outcome.written += 1
                    case .unchanged: outcome.unchanged += 1
                    }
                    outcome.pdfs += 1
                    return path
                } catch {
                    failure = error.reason
                }
            case .failure(let printFailure):
                failure = printFailure.description
            }
            outcome.diagnostics.append(
                Diagnostic(
                    .error, file: files[index].path, position: .start,
                    message: "\(failure) (while printing \(writer.root + "/" + summary.htmlPath))",
                    hint: "the report's Markdown and HTML were written; the next build prints it again"))
            // Still rendered (its Markdown and HTML are in place), with an error.
            outcome.pdfFailed = true
            entry.digest = nil
            if (try? writer.remove(path)) == true { outcome.pdfRemoved = true }
            return nil
        }
    }
}
