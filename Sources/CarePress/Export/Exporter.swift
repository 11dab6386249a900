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
        func failed(_ diagnostics: [Diagnostic]) -> ExportResult {
            ExportResult(kind: kind, document: nil, diagnostics: diagnostics)
        }
        let renders = options.format == .markdown || options.format == .html
        let needsProject = renders || kind == .consult || kind == .physio
        let project = needsProject ? SiteProject.load(from: options.contentPath) : nil
        var projectErrors = project.map { errorsUsed(in: $0, kind: kind, renders: renders) } ?? []
        // Without its content folder, a record would only show follow-on errors; with a partly broken project it
        // is still checked, as the build checks it, so that its own problems show too.
        if let project, project.diagnostics.contains(where: { $0.file == project.contentPath }) {
            return failed(projectErrors)
        }

        guard let recordKind = kind.recordKind else {
            let schema = checkSchema(node, log: log)
            let diagnostics = log.diagnostics.sorted()
            guard let schema, !diagnostics.hasErrors else { return failed(diagnostics) }
            switch options.format {
            case .fhirQuestionnaire:
                let questionnaire = FHIRQuestionnaire(schema: schema)
                let warnings = (diagnostics + unmappedWarnings(questionnaire, node: node, file: log.file)).sorted()
                return ExportResult(
                    kind: kind, document: bytes(questionnaire.value, sortedKeys: false), diagnostics: warnings)
            default:
                let document = ExportDocument.make(
                    kind: kind, id: schema.id, body: SchemaJSON(schema: schema).value, warnings: diagnostics)
                return ExportResult(kind: kind, document: bytes(document, sortedKeys: true), diagnostics: diagnostics)
            }
        }

        let loaded = RecordLoader(project: project ?? emptyProject(options.contentPath)).load(
            node, kind: recordKind, log: log)
        let diagnostics = loaded.diagnostics.sorted()
        if kind == .consult, let project, case .string(let schemaID) = node.child("schema")?.value,
            project.brokenSchemaIDs.contains(schemaID)
        {
            projectErrors += project.diagnostics.filter {
                $0.severity == .error && $0.file.hasPrefix(options.contentPath.appendingPathComponent("schemas") + "/")
            }
        }
        guard let record = loaded.record, !diagnostics.hasErrors, projectErrors.isEmpty else {
            return failed(projectErrors + diagnostics)
        }
        let checked = project ?? emptyProject(options.contentPath)

        switch options.format {
        case .markdown, .html:
            switch render(record, format: options.format, project: checked, templatesPath: options.templatesPath) {
            case .success(let document):
                return ExportResult(kind: kind, document: document, diagnostics: diagnostics)
            case .failure(let errors):
                return failed(errors.diagnostics)
            }
        case .fhir:
            guard case .consult(let consult) = record, let schema = checked.schemas[consult.schemaID] else {
                return failed(diagnostics)
            }
            let response = FHIRQuestionnaireResponse(consult: consult, schema: schema)
            return ExportResult(
                kind: kind, document: bytes(response.value, sortedKeys: false), diagnostics: diagnostics)
        case .json, .fhirQuestionnaire:
            let body: JSONValue
            switch record {
            case .consult(let consult):
                guard let schema = checked.schemas[consult.schemaID] else { return failed(diagnostics) }
                body = ConsultJSON(consult: consult, schema: schema).value
            case .physio(let physio):
                body = PhysioJSON(physio: physio, knowledge: checked.knowledge).value
            case .stack(let stack):
                body = StackJSON(stack: stack).value
            }
            let document = ExportDocument.make(kind: kind, id: record.id, body: body, warnings: diagnostics)
            return ExportResult(kind: kind, document: bytes(document, sortedKeys: true), diagnostics: diagnostics)
        }
    }

    /// The project's errors in what this export uses: a missing content folder always; the site settings when
    /// rendering a report; the knowledge store for physio records and for rendered consult and physio reports.
    private static func errorsUsed(in project: SiteProject, kind: ExportKind, renders: Bool) -> [Diagnostic] {
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
        let renderer = ReportRenderer(project: project, pages: PageRenderer(templates: templates, site: site))
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
