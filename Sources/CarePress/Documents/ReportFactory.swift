/// Makes the report of any valid record: the one place that maps a kind of record to its kind of report.
struct ReportFactory: Sendable {
    /// The project the records belong to.
    let project: SiteProject
    /// The condition matcher over the project's knowledge store, for physio reports without a known condition.
    let matcher: ConditionMatcher

    /// A factory for a project's records.
    init(project: SiteProject) {
        self.project = project
        self.matcher = ConditionMatcher(knowledge: project.knowledge)
    }

    /// The record's report; nil only for a consult whose questionnaire is not loaded, which a valid record never is.
    func report(for record: Record) -> (any Report)? {
        switch record {
        case .consult(let consult):
            project.schemas[consult.schemaID].map {
                ConsultReport(consult: consult, schema: $0, knowledge: project.knowledge)
            }
        case .physio(let physio):
            PhysioReport(physio: physio, knowledge: project.knowledge, matcher: matcher)
        case .stack(let stack):
            StackReport(stack: stack)
        }
    }
}
