import Foundation

/// Exports one consult, physio record, stack or consult schema as one document, without a build.
///
/// The input is checked exactly as `carepress build` checks it, against the questionnaires and knowledge
/// store of the content folder. Any error means no document; warnings come back with the document.
public enum Exporter {
    /// Reads, checks and exports one document; throws when the request itself is wrong (exit status 2).
    public static func export(_ input: ExportInput, options: ExportOptions) throws(ExportUsageError) -> ExportResult {
        if let kind = options.kind, !kind.formats.contains(options.format) {
            throw .formatMismatch(options.format, kind, detected: false)
        }
        if options.format != .fhir, let option = options.fhirOnlyOption {
            throw ExportUsageError(
                "\(option) goes with --format fhir only, not --format \(options.format.rawValue)")
        }
        let log = DiagnosticLog(file: input.name)
        // A record's limit when --kind says it is one, else the largest a document of any kind may be (a record is
        // held to its own once its kind is known).
        let limit: FileSizeLimit =
            switch options.kind {
            case .some(.schema): .schema
            case .some: .record
            case nil: .exportInput
            }
        let bytes: [UInt8]
        switch input {
        case .file(let path):
            guard let read = SourceFile.bytes(path, limit: limit, log: log) else {
                return ExportResult(kind: options.kind, document: nil, diagnostics: log.diagnostics)
            }
            bytes = read
        case .bytes(let given, _):
            bytes = given
        case .stream(let descriptor, _):
            switch FileBytes.contents(ofStream: descriptor, limit: limit.bytes) {
            case .success(let read): bytes = read
            case .failure(let failure):
                SourceFile.report(failure, limit: limit, log: log)
                return ExportResult(kind: options.kind, document: nil, diagnostics: log.diagnostics)
            }
        }
        // A record over the size limit is not parsed when --kind says it is one; otherwise once its kind is known.
        if options.kind?.recordKind != nil && !RecordLimits.checkSize(bytes.count, log: log) {
            return ExportResult(kind: options.kind, document: nil, diagnostics: log.diagnostics)
        }
        guard let node = SourceFile.json(bytes: bytes, log: log) else {
            return ExportResult(kind: options.kind, document: nil, diagnostics: log.diagnostics)
        }
        let kind: ExportKind
        if let given = options.kind {
            kind = given
        } else {
            let candidates = ExportKind.candidates(for: node)
            guard candidates.count == 1 else { throw .undetectableKind(name: input.name, candidates: candidates) }
            kind = candidates[0]
            if !kind.formats.contains(options.format) { throw .formatMismatch(options.format, kind, detected: true) }
            if kind.recordKind != nil && !RecordLimits.checkSize(bytes.count, log: log) {
                return ExportResult(kind: kind, document: nil, diagnostics: log.diagnostics)
            }
        }
        return try export(node, kind: kind, options: options, log: log)
    }

    /// Writes a document to `-o FILE`.
    ///
    /// - A regular file, or a path where nothing is yet, is replaced atomically: a temporary file in the same folder,
    ///   renamed into place.
    /// - A character device (`/dev/null`, `/dev/stdout`, a terminal) or a FIFO is written through, never replaced;
    ///   a device that is full (`/dev/full`) is an error that says so.
    /// - A symbolic link is refused, not followed: name the file it points to instead (see
    ///   docs/reference/limits-and-guarantees.md).
    /// - Anything else (a folder, a socket, a block device) is refused.
    ///
    /// The file written is private to its owner (0600), and so are the folders made for it (0700), whatever the
    /// umask: a record's export holds health data.
    public static func write(_ document: [UInt8], toFile path: String) throws(OutputWriter.Failure) {
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFCHR, S_IFIFO:
                try writeThrough(document, toFile: path)
                return
            case S_IFLNK:
                throw OutputWriter.Failure(
                    path: path,
                    reason: "is a symbolic link; export does not follow links: name the file it points to instead")
            case S_IFDIR:
                throw OutputWriter.Failure(path: path, reason: "is a folder; name a file to write")
            default:
                throw OutputWriter.Failure(
                    path: path, reason: "is not a regular file, a character device or a FIFO, so it is not written")
            }
        } else if errno != ENOENT {
            throw OutputWriter.Failure(path: path, reason: "cannot be examined: " + StreamWriter.reason(errno: errno))
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        try createFolders(folder)
        let writer = try OutputWriter(root: folder)
        try writer.write(document, to: url.lastPathComponent)
    }

    /// Creates a folder and the folders above it that are missing, reporting the system's reason when it cannot.
    private static func createFolders(_ folder: String) throws(OutputWriter.Failure) {
        var info = stat()
        if stat(folder, &info) == 0 { return }
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        if parent != folder { try createFolders(parent) }
        let access = OutputAccess.private
        if mkdir(folder, access.folderMode) != 0 {
            if errno == EEXIST { return }
            throw OutputWriter.Failure(
                path: folder, reason: "cannot create the folder \(folder): " + StreamWriter.reason(errno: errno))
        }
        // Made now: its mode, whatever the umask.
        chmod(folder, access.folderMode)
    }

    /// Writes a document through a character device or a FIFO (waiting, as any writer does, for a FIFO's reader).
    private static func writeThrough(_ document: [UInt8], toFile path: String) throws(OutputWriter.Failure) {
        let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputWriter.Failure(path: path, reason: "cannot be opened: " + StreamWriter.reason(errno: errno))
        }
        defer { close(descriptor) }
        var info = stat()
        // What was opened must still be what was examined, not a file swapped in meanwhile.
        guard fstat(descriptor, &info) == 0, [S_IFCHR, S_IFIFO].contains(info.st_mode & S_IFMT) else {
            throw OutputWriter.Failure(path: path, reason: "changed while it was opened; run the export again")
        }
        do {
            try StreamWriter.write(document, to: descriptor)
        } catch {
            throw OutputWriter.Failure(path: path, reason: "cannot be written: \(error.reason)")
        }
    }

    private static func export(_ node: ContentNode, kind: ExportKind, options: ExportOptions, log: DiagnosticLog)
        throws(ExportUsageError) -> ExportResult
    {
        guard let recordKind = kind.recordKind else { return exportSchema(node, options: options, log: log) }
        // The FHIR Bundle carries the report, and takes its names from the site settings.
        let renders = [.markdown, .html, .pdf, .fhir].contains(options.format)
        // Stacks are checked against themselves only; everything else needs the project.
        let project =
            renders || recordKind != .stack
            ? SiteProject.load(from: options.contentPath) : emptyProject(options.contentPath)
        var projectErrors = errorsUsed(in: project, kind: recordKind, renders: renders)
        // Without its content folder, a record would only show follow-on errors; with a partly broken project it
        // is still checked, as the build checks it, so that its own problems show too.
        if project.diagnostics.contains(where: { $0.file == project.contentPath }) {
            return ExportResult(kind: kind, document: nil, diagnostics: projectErrors)
        }
        let loaded = RecordLoader(project: project).load(node, kind: recordKind, log: log)
        let diagnostics = loaded.diagnostics.sorted()
        if case .string(let schemaID) = node.child("schema")?.value, recordKind == .consult,
            project.brokenSchemaIDs.contains(schemaID)
        {
            let schemas = project.contentPath.appendingPathComponent("schemas") + "/"
            projectErrors += project.diagnostics.filter { $0.severity == .error && $0.file.hasPrefix(schemas) }
        }
        guard let record = loaded.record, !diagnostics.hasErrors, projectErrors.isEmpty else {
            return ExportResult(kind: kind, document: nil, diagnostics: projectErrors + diagnostics)
        }
        let result = try document(for: record, kind: kind, options: options, project: project, warnings: diagnostics)
        switch result {
        case .success(let document):
            return ExportResult(kind: kind, document: document, diagnostics: diagnostics)
        case .failure(let errors):
            return ExportResult(kind: kind, document: nil, diagnostics: errors.diagnostics)
        }
    }

    /// A questionnaire's export, after the checks `SiteProject` makes of the files of `Content/schemas`.
    private static func exportSchema(_ node: ContentNode, options: ExportOptions, log: DiagnosticLog) -> ExportResult {
        let format = options.format
        let schema = checkSchema(node, log: log)
        let diagnostics = log.diagnostics.sorted()
        guard let schema, !diagnostics.hasErrors else {
            return ExportResult(kind: .schema, document: nil, diagnostics: diagnostics)
        }
        if format == .fhirQuestionnaire {
            let site = FHIRSiteNames.names(options.contentPath)
            guard let names = site.names else {
                return ExportResult(kind: .schema, document: nil, diagnostics: site.errors + diagnostics)
            }
            let questionnaire = FHIRQuestionnaire(schema: schema, names: names)
            let warnings = (diagnostics + unmappedWarnings(questionnaire, node: node, file: log.file)).sorted()
            return ExportResult(
                kind: .schema, document: bytes(questionnaire.value, sortedKeys: false), diagnostics: warnings)
        }
        let document = ExportDocument.make(
            kind: .schema, id: schema.id, body: SchemaJSON(schema: schema).value, warnings: diagnostics)
        return ExportResult(kind: .schema, document: bytes(document, sortedKeys: true), diagnostics: diagnostics)
    }

    /// A valid record's document in a format its kind takes; the warnings go into the `json` document. Throws when
    /// a PDF is asked for and there is no Chromium to print it.
    private static func document(
        for record: Record, kind: ExportKind, options: ExportOptions, project: SiteProject, warnings: [Diagnostic]
    ) throws(ExportUsageError) -> Result<[UInt8], TemplateErrors> {
        let format = options.format
        let templatesPath = options.templatesPath
        func schema(of consult: Consult) -> Result<ConsultSchema, TemplateErrors> {
            guard let schema = project.schemas[consult.schemaID] else {
                return .failure(internalError("the schema of a valid consult is not loaded", file: consult.source))
            }
            return .success(schema)
        }
        switch (format, record) {
        case (.markdown, _), (.html, _):
            return render(record, project: project, templatesPath: templatesPath).map { rendered in
                let wanted =
                    format == .html
                    ? rendered.summary.htmlPath : ReportPaths.markdown(kind: record.kind, id: record.id)
                return rendered.files.first { $0.path == wanted }?.bytes ?? []
            }
        case (.pdf, _):
            return try printPDF(record, options: options, project: project)
        case (.fhir, _):
            return try fhirBundle(record, options: options, project: project)
        case (.json, _):
            let body: Result<JSONValue, TemplateErrors>
            switch record {
            case .consult(let consult):
                body = schema(of: consult).map { ConsultJSON(consult: consult, schema: $0).value }
            case .physio(let physio):
                body = .success(PhysioJSON(physio: physio, knowledge: project.knowledge).value)
            case .stack(let stack):
                body = .success(StackJSON(stack: stack).value)
            }
            return body.map { body in
                bytes(ExportDocument.make(kind: kind, id: record.id, body: body, warnings: warnings), sortedKeys: true)
            }
        default:
            return .failure(
                internalError("--format \(format.rawValue) cannot export a \(kind.rawValue)", file: record.source))
        }
    }

    /// A failure that the checks before it should have made impossible, reported rather than trapped.
    static func internalError(_ message: String, file: String) -> TemplateErrors {
        TemplateErrors(diagnostics: [
            Diagnostic(.error, file: file, position: .start, message: "internal error: \(message)")
        ])
    }

    /// The project's errors in what this export uses: a missing content folder always; the site settings when
    /// rendering a report; the knowledge store for physio records and for rendered consult and physio reports.
    private static func errorsUsed(in project: SiteProject, kind: RecordKind, renders: Bool) -> [Diagnostic] {
        let knowledge = project.contentPath.appendingPathComponent("knowledge") + "/"
        let site = project.contentPath.appendingPathComponent("site.yml")
        let usesKnowledge = kind == .physio || (renders && kind == .consult)
        return project.diagnostics.filter { diagnostic in
            guard diagnostic.severity == .error else { return false }
            if diagnostic.file == project.contentPath { return true }
            if diagnostic.file == site { return renders }
            return usesKnowledge && diagnostic.file.hasPrefix(knowledge)
        }
    }

    /// Reads and checks a questionnaire as `SiteProject` does for the files of `Content/schemas`.
    static func checkSchema(_ node: ContentNode, log: DiagnosticLog) -> ConsultSchema? {
        guard let schema = ConsultSchema.read(node, NodeReader(log: log), source: log.file) else { return nil }
        ConsultFlow.check(schema, node: node, log: log)
        return log.hasErrors ? nil : schema
    }

    private static func unmappedWarnings(_ questionnaire: FHIRQuestionnaire, node: ContentNode, file: String)
        -> [Diagnostic]
    {
        questionnaire.unmappedQuestions.map { position in
            let question = questionnaire.schema.questions[position]
            return Diagnostic(
                .warning, file: file,
                position: node.child("questions")?.element(position)?.position ?? node.position,
                path: ValuePath.root.key("questions").index(position).description,
                message:
                    "the flow that reaches '\(question.id)' cannot be expressed exactly with FHIR enableWhen; the item is always enabled and not required",
                hint: "lead to it with rules that test the answer of one question (ifAnswer), or accept the looser form"
            )
        }
    }

    /// The report's files (Markdown, HTML, images) and summary, rendered as `build` renders them; `standalone`
    /// inlines the stylesheet (an exported page stands alone), otherwise the page links it as built pages do.
    static func render(_ record: Record, project: SiteProject, templatesPath: String?, standalone: Bool = true)
        -> Result<(files: [OutputFile], summary: ReportSummary, site: Site, templates: TemplateSet), TemplateErrors>
    {
        guard let site = project.site else {
            return .failure(
                TemplateErrors(diagnostics: [
                    Diagnostic(
                        .error, file: project.contentPath.appendingPathComponent("site.yml"), position: .start,
                        message: "site settings could not be loaded")
                ]))
        }
        let templates: TemplateSet
        let theme = ThemeSource(templates: templatesPath, contentPath: project.contentPath)
        switch TemplateSet.load(
            from: theme, requiring: [PageRenderer.layout, CalloutMarkdown.template] + ReportRenderer.templates)
        {
        case .success(let set): templates = set
        case .failure(let errors): return .failure(errors)
        }
        let renderer = ReportRenderer(
            project: project, pages: PageRenderer(templates: templates, site: site), standalone: standalone)
        do {
            let output = try renderer.render(record)
            return .success((output.files, output.summary, site, templates))
        } catch {
            return .failure(error)
        }
    }

    /// The report printed to PDF in a temporary folder; no Chromium is a usage error (exit status 2), a page that
    /// fails to print an error located in the record.
    static func printPDF(_ record: Record, options: ExportOptions, project: SiteProject)
        throws(ExportUsageError) -> Result<[UInt8], TemplateErrors>
    {
        let rendered: (files: [OutputFile], summary: ReportSummary, site: Site, templates: TemplateSet)
        // Printed from the page as the build writes it (linking the stylesheet, which the print folder holds), so
        // that the PDF is the build's, byte for byte.
        switch render(record, project: project, templatesPath: options.templatesPath, standalone: false) {
        case .success(let output): rendered = output
        case .failure(let errors): return .failure(errors)
        }
        let printed = ReportPDF.printAlone(
            rendered.files, summary: rendered.summary, site: rendered.site, templates: rendered.templates,
            pageTimeout: options.pdfTimeout)
        switch printed {
        case .success(let bytes):
            return .success(bytes)
        case .failure(.engine(let error)):
            throw ExportUsageError(error.message, cause: .missingProgram(hint: error.hint))
        case .failure(.report(let reason)):
            return .failure(
                TemplateErrors(diagnostics: [
                    Diagnostic(.error, file: record.source, position: .start, message: reason)
                ]))
        }
    }

    /// A project with nothing in it, for checks that do not look at the project (stacks).
    private static func emptyProject(_ contentPath: String) -> SiteProject {
        SiteProject(
            contentPath: contentPath, site: nil, knowledge: .empty, schemas: [:], pages: [], recordFiles: [],
            diagnostics: [], brokenSchemaIDs: [])
    }

    static func bytes(_ value: JSONValue, sortedKeys: Bool) -> [UInt8] {
        Array(value.text(sortedKeys: sortedKeys).utf8)
    }
}
