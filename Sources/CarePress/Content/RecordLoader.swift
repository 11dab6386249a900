/// Loads one record file and checks it against the project: its questionnaire, the knowledge store, its own ids.
///
/// Pure apart from reading the file, so workers can load records in parallel.
public struct RecordLoader: Sendable {
    /// The shared inputs records are checked against.
    public let project: SiteProject

    /// Creates a loader for a project.
    public init(project: SiteProject) {
        self.project = project
    }

    /// The record, or nil when it has errors, with everything found either way.
    public func load(_ file: RecordFile) -> (record: Record?, diagnostics: [Diagnostic]) {
        let log = DiagnosticLog(file: file.path)
        guard let bytes = SourceFile.bytes(file.path, limit: .record, log: log),
            let node = SourceFile.record(bytes: bytes, log: log)
        else { return (nil, log.diagnostics) }
        return load(node, kind: file.kind, log: log)
    }

    /// Checks an already parsed record (e.g. from stdin) as if it were a file of that kind.
    public func load(_ node: ContentNode, kind: RecordKind, log: DiagnosticLog) -> (
        record: Record?, diagnostics: [Diagnostic]
    ) {
        let reader = NodeReader(log: log)
        let record: Record?
        switch kind {
        case .consult:
            record = Consult.read(node, reader, source: log.file).map { consult in
                ConsultChecks(schemas: project.schemas, broken: project.brokenSchemaIDs).check(
                    consult, node: node, log: log)
                return .consult(consult)
            }
        case .physio:
            record = PhysioRecommendation.read(node, reader, source: log.file).map { physio in
                // Against a store that could not be read, every name would be unknown: its one error says why.
                if project.knowledgeIsReadable {
                    PhysioChecks(knowledge: project.knowledge).check(physio, node: node, log: log)
                }
                return .physio(physio)
            }
        case .stack:
            record = SupplementStack.read(node, reader, source: log.file).map { stack in
                StackChecks.check(stack, log: log)
                return .stack(stack)
            }
        }
        return (log.hasErrors ? nil : record, log.diagnostics)
    }
}
