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
        let log = DiagnosticLog(file: input.name)
        guard let node = parse(input, log: log) else {
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
        }
        return export(node, kind: kind, options: options, log: log)
    }

    /// Writes a document to a file atomically: a temporary file in the same folder, renamed into place.
    public static func write(_ document: [UInt8], toFile path: String) throws(OutputWriter.Failure) {
        let url = URL(fileURLWithPath: path)
        let writer = try OutputWriter(root: url.deletingLastPathComponent().path)
        try writer.write(document, to: url.lastPathComponent)
    }

    private static func parse(_ input: ExportInput, log: DiagnosticLog) -> ContentNode? {
        switch input {
        case .file(let path):
            return SourceFile.json(path, log: log)
        case .bytes(let bytes, _):
            do {
                return try JSONParser.parse(bytes)
            } catch {
                log.report(error)
                return nil
            }
        }
    }

    private static func export(_ node: ContentNode, kind: ExportKind, options: ExportOptions, log: DiagnosticLog)
        -> ExportResult
    {
        guard let recordKind = kind.recordKind else { return exportSchema(node, format: options.format, log: log) }
        let renders = options.format == .markdown || options.format == .html
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
        let result = document(
            for: record, kind: kind, format: options.format, project: project, templatesPath: options.templatesPath,
            warnings: diagnostics)
        switch result {
        case .success(let document):
            return ExportResult(kind: kind, document: document, diagnostics: diagnostics)
        case .failure(let errors):
            return ExportResult(kind: kind, document: nil, diagnostics: errors.diagnostics)
        }
    }

    /// A questionnaire's export, after the checks `SiteProject` makes of the files of `Content/schemas`.
    private static func exportSchema(_ node: ContentNode, format: ExportFormat, log: DiagnosticLog) -> ExportResult {
        let schema = checkSchema(node, log: log)
        let diagnostics = log.diagnostics.sorted()
        guard let schema, !diagnostics.hasErrors else {
            return ExportResult(kind: .schema, document: nil, diagnostics: diagnostics)
        }
        if format == .fhirQuestionnaire {
            let questionnaire = FHIRQuestionnaire(schema: schema)
            let warnings = (diagnostics + unmappedWarnings(questionnaire, node: node, file: log.file)).sorted()
            return ExportResult(
                kind: .schema, document: bytes(questionnaire.value, sortedKeys: false), diagnostics: warnings)
        }
        let document = ExportDocument.make(
            kind: .schema, id: schema.id, body: SchemaJSON(schema: schema).value, warnings: diagnostics)
        return ExportResult(kind: .schema, document: bytes(document, sortedKeys: true), diagnostics: diagnostics)
    }

    /// A valid record's document in a format its kind takes; the warnings go into the `json` document.
    private static func document(
        for record: Record, kind: ExportKind, format: ExportFormat, project: SiteProject, templatesPath: String,
        warnings: [Diagnostic]
    ) -> Result<[UInt8], TemplateErrors> {
        func schema(of consult: Consult) -> Result<ConsultSchema, TemplateErrors> {
            guard let schema = project.schemas[consult.schemaID] else {
                return .failure(internalError("the schema of a valid consult is not loaded", file: consult.source))
            }
            return .success(schema)
        }
        switch (format, record) {
        case (.markdown, _), (.html, _):
            return render(record, format: format, project: project, templatesPath: templatesPath)
        case (.fhir, .consult(let consult)):
            return schema(of: consult).map { schema in
                bytes(FHIRQuestionnaireResponse(consult: consult, schema: schema).value, sortedKeys: false)
            }
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
    private static func internalError(_ message: String, file: String) -> TemplateErrors {
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

    private static func render(_ record: Record, format: ExportFormat, project: SiteProject, templatesPath: String)
        -> Result<[UInt8], TemplateErrors>
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
        switch TemplateSet.load(from: templatesPath, requiring: [PageRenderer.layout] + ReportRenderer.templates) {
        case .success(let set): templates = set
        case .failure(let errors): return .failure(errors)
        }
        // An exported page stands alone: the stylesheet is inlined rather than linked.
        let renderer = ReportRenderer(
            project: project, pages: PageRenderer(templates: templates, site: site), standalone: true)
        do {
            let output = try renderer.render(record)
            let wanted =
                format == .html
                ? output.summary.htmlPath : ReportPaths.markdown(kind: record.kind, id: record.id)
            guard let file = output.files.first(where: { $0.path == wanted }) else {
                return .failure(
                    TemplateErrors(diagnostics: [
                        Diagnostic(.error, file: templatesPath, position: .start, message: "no \(wanted) was rendered")
                    ]))
            }
            return .success(file.bytes)
        } catch {
            return .failure(error)
        }
    }

    /// A project with nothing in it, for checks that do not look at the project (stacks).
    private static func emptyProject(_ contentPath: String) -> SiteProject {
        SiteProject(
            contentPath: contentPath, site: nil, knowledge: .empty, schemas: [:], pages: [], recordFiles: [],
            diagnostics: [], brokenSchemaIDs: [])
    }

    private static func bytes(_ value: JSONValue, sortedKeys: Bool) -> [UInt8] {
        Array(value.text(sortedKeys: sortedKeys).utf8)
    }
}
