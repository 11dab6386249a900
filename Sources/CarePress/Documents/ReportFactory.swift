/// Makes the report of any valid record: the one place that maps a kind of record to its kind of report.
struct ReportFactory: Sendable {
    /// The project the records belong to.
    let project: SiteProject
    /// The condition matcher over the project's knowledge store, for physio reports without a known condition: made
    /// for the first physio report, or for the guide's search (`ReportRenderer.matcherIndex`), whichever asks first.
    /// Made eagerly, its index held up every build on the thread that loads the project, before any record could
    /// start, and the guide built it again; a no-op rebuild renders no report and needs none.
    let matcher: Lazy<ConditionMatcher>
    /// How reports write times and amounts: for the clinic of `site.yml`.
    let format: ClinicFormat
    /// The emergency screen over the project's knowledge store, made for the first physio report.
    let screen: Lazy<EmergencyScreen>

    /// A factory for a project's records.
    init(project: SiteProject) {
        self.project = project
        self.matcher = Lazy { ConditionMatcher(knowledge: project.knowledge) }
        self.format = ClinicFormat(clinic: project.site?.clinic)
        self.screen = Lazy { EmergencyScreen(knowledge: project.knowledge) }
    }

    /// The record's report; nil only for a consult whose questionnaire is not loaded, which a valid record never is.
    ///
    /// A report is given the knowledge store only when its record's digest covers it (see `RecordDependencies`).
    func report(for record: Record) -> (any Report)? {
        switch record {
        case .consult(let consult):
            project.schemas[consult.schemaID].map {
                ConsultReport(
                    consult: consult, schema: $0, knowledge: RecordDependencies.knowledge(for: record, in: project),
                    format: format)
            }
        case .physio(let physio):
            PhysioReport(
                physio: physio, knowledge: RecordDependencies.knowledge(for: record, in: project),
                matcher: matcher.value, screen: screen.value, format: format)
        case .stack(let stack):
            StackReport(stack: stack, format: format)
        }
    }
}
