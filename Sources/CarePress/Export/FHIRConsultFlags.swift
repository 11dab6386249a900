/// The urgent and for-review findings of a consult as FHIR `Flag` resources.
///
/// A Flag, not an Observation: FHIR describes Flag as a warning or notification about a patient for whoever
/// provides care, to be acted on and withdrawn when dealt with, while the finding itself is the patient's
/// answer, already recorded in the QuestionnaireResponse; an Observation with an interpretation would record the
/// answer a second time as if it were a measured result. Each Flag names the question and the answer in `code`
/// (the option's coding, and "prompt: label" as text), its level (`urgent` or `review`) in `category`, and points
/// at the QuestionnaireResponse with the `flag-detail` extension.
struct FHIRConsultFlags {
    let response: FHIRQuestionnaireResponse
    let patientReference: String
    let responseReference: String

    /// The urgent answers, then the for-review ones, each in the order of the consult's path.
    private var findings: [(question: ConsultSchema.Question, option: ConsultSchema.Option, level: ConsultSchema.Flag)]
    {
        let path = ConsultFlow.path(through: response.schema) { response.consult.answer(to: $0) }
        var found: [(ConsultSchema.Question, ConsultSchema.Option, ConsultSchema.Flag)] = []
        for level in [ConsultSchema.Flag.urgent, .review] {
            for question in path {
                for option in response.chosen(question) where option.flag == level {
                    found.append((question, option, level))
                }
            }
        }
        return found
    }

    /// Each Flag's narrative line, in the order of `resources`.
    var lines: [String] {
        findings.map { "\(Self.display($0.level)): \($0.question.prompt) \($0.option.label)" }
    }

    private static func display(_ level: ConsultSchema.Flag) -> String {
        level == .urgent ? "Urgent" : "For review"
    }

    var resources: [JSONValue] {
        let consult = response.consult
        let schema = response.schema
        let names = response.names
        let authored = consult.status == .completed ? consult.completedAt : consult.startedAt
        return findings.enumerated().map { number, finding in
            let (question, option, level) = finding
            let display = Self.display(level)
            var members: [(String, JSONValue)] = [
                ("resourceType", .string("Flag")),
                ("id", .string(FHIRNames.resourceID("\(consult.id)-flag-\(number + 1)"))),
                ("text", FHIRNarrative.text(["\(display): \(question.prompt) \(option.label)"])),
                (
                    "extension",
                    .array([
                        .object([
                            ("url", .string("http://hl7.org/fhir/StructureDefinition/flag-detail")),
                            ("valueReference", .object([("reference", .string(responseReference))])),
                        ])
                    ])
                ),
                ("status", .string("active")),
                (
                    "category",
                    .array([
                        .object([
                            (
                                "coding",
                                .array([
                                    .object([
                                        ("system", .string(names.name("flag"))),
                                        ("code", .string(level.rawValue)), ("display", .string(display)),
                                    ])
                                ])
                            ),
                            ("text", .string(display)),
                        ])
                    ])
                ),
                (
                    "code",
                    .object([
                        ("coding", .array([FHIRQuestionnaire.coding(schema, question, option, names: names)])),
                        ("text", .string("\(question.prompt) \(option.label)")),
                    ])
                ),
                ("subject", .object([("reference", .string(patientReference))])),
            ]
            if let authored {
                members.append(("period", .object([("start", .string(FHIRNames.dateTime(authored)))])))
            }
            return .object(members)
        }
    }
}
