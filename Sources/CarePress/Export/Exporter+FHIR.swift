extension Exporter {
    /// A record's FHIR Bundle, made with the site's FHIR names and the report as `--format html` writes it: a
    /// `collection`, or a `document` when `fhirDocument` asks (which needs the record's date); with `withPDF`, the
    /// report's PDF too, printed exactly as `--format pdf` prints it. Throws when the PDF is asked for and there is
    /// no Chromium to print it (nothing is written then).
    static func fhirBundle(_ record: Record, options: ExportOptions, project: SiteProject)
        throws(ExportUsageError) -> Result<[UInt8], TemplateErrors>
    {
        var form = FHIRBundle.Form.collection
        if options.fhirDocument {
            guard let date = record.date else { return .failure(TemplateErrors(diagnostics: [undated(record)])) }
            var final = true
            if case .consult(let consult) = record { final = consult.status == .completed }
            form = .document(date: date, final: final)
        }
        let rendered: (files: [OutputFile], summary: ReportSummary, site: Site, templates: TemplateSet)
        switch render(record, project: project, templatesPath: options.templatesPath) {
        case .success(let output): rendered = output
        case .failure(let errors): return .failure(errors)
        }
        var report = FHIRBundle.Report(
            html: rendered.files.first { $0.path == rendered.summary.htmlPath }?.bytes ?? [],
            title: rendered.summary.title, language: rendered.site.language)
        if options.withPDF {
            let printed: Result<[UInt8], TemplateErrors>
            do {
                printed = try printPDF(record, options: options, project: project)
            } catch {
                throw ExportUsageError(
                    "--with-pdf needs Chromium to print the report: \(error.message)", cause: error.cause)
            }
            switch printed {
            case .success(let pdf): report.pdf = pdf
            case .failure(let errors): return .failure(errors)
            }
        }
        let names = FHIRNames(base: rendered.site.fhirBase)
        let bundle: JSONValue
        switch record {
        case .consult(let consult):
            guard let schema = project.schemas[consult.schemaID] else {
                return .failure(internalError("the schema of a valid consult is not loaded", file: consult.source))
            }
            bundle = FHIRRecordBundle.consult(consult, schema: schema, names: names, report: report, form: form)
        case .physio(let physio):
            bundle = FHIRRecordBundle.physio(
                physio, knowledge: project.knowledge, names: names, report: report, form: form)
        case .stack(let stack):
            bundle = FHIRRecordBundle.stack(stack, names: names, report: report, form: form)
        }
        return .success(bytes(bundle, sortedKeys: false))
    }

    /// A FHIR document must be dated (Bundle.timestamp, Composition.date), and only the record's own date keeps it
    /// deterministic: without one, the record is the place to fix.
    private static func undated(_ record: Record) -> Diagnostic {
        let field =
            switch record.kind {
            case .consult: "startedAt or completedAt"
            case .physio, .stack: "createdAt"
            }
        return Diagnostic(
            .error, file: record.source, position: record.idPosition,
            message:
                "a FHIR document (--fhir-document) needs the date of the record, and this \(record.kind.rawValue) has none",
            hint: "give the record its \(field) (an RFC 3339 date-time), or export it without --fhir-document")
    }
}
