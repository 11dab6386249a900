/// A consult schema as an HL7 FHIR R4 Questionnaire (JSON).
///
/// Each question is an item: `choice` with `answerOption` codings (and `repeats` for multiple choice),
/// `text` for free text, `date`, `decimal` for numbers without a unit and `quantity` (with the unit as a UCUM
/// `questionnaire-unitOption` where it has one) for numbers with one. `enableWhen` carries the `next` rules wherever
/// `EnableWhenMapping` can express them exactly; a question it cannot is always enabled and not required.
struct FHIRQuestionnaire {
    let schema: ConsultSchema
    let mapping: EnableWhenMapping
    let names: FHIRNames

    /// Maps a schema that passed its checks.
    init(schema: ConsultSchema, names: FHIRNames = FHIRNames()) {
        self.schema = schema
        self.mapping = EnableWhenMapping(schema)
        self.names = names
    }

    /// The positions of the questions left always enabled because their flow has no exact `enableWhen`.
    var unmappedQuestions: [Int] {
        mapping.enablements.indices.filter { mapping.enablements[$0] == nil }
    }

    var value: JSONValue {
        .object([
            ("resourceType", .string("Questionnaire")),
            ("id", .string(FHIRNames.resourceID(schema.id))),
            ("text", narrative),
            ("url", .string(names.questionnaireURL(schema))),
            ("version", .string(schema.version)),
            ("title", .string(schema.title)),
            ("status", .string("active")),
            ("item", .array(schema.questions.indices.map(item))),
        ])
    }

    /// The questionnaire's title, version and questions, as plain text.
    private var narrative: JSONValue {
        FHIRNarrative.text(
            ["Questionnaire: \(schema.title) (version \(schema.version))"]
                + schema.questions.map { "\($0.id): \($0.prompt)" })
    }

    /// A coding for an option: its question's code system, the option id and its label.
    static func coding(
        _ schema: ConsultSchema, _ question: ConsultSchema.Question, _ option: ConsultSchema.Option, names: FHIRNames
    ) -> JSONValue {
        .object([
            ("system", .string(names.optionSystem(schema, question))),
            ("code", .string(option.id)),
            ("display", .string(option.label)),
        ])
    }

    private func item(_ position: Int) -> JSONValue {
        let question = schema.questions[position]
        let enablement = mapping.enablements[position]
        var members: [(String, JSONValue)] = [
            ("linkId", .string(question.id)),
            ("text", .string(question.prompt)),
            ("type", .string(Self.itemType(question))),
        ]
        if question.type == .number, let unit = question.unit, let code = FHIRUnits.ucum(unit) {
            members.insert(
                (
                    "extension",
                    .array([
                        .object([
                            ("url", .string("http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption")),
                            (
                                "valueCoding",
                                .object([
                                    ("system", .string(FHIRUnits.system)), ("code", .string(code)),
                                    ("display", .string(unit)),
                                ])
                            ),
                        ])
                    ])
                ), at: 0)
        }
        if let enablement, !enablement.conditions.isEmpty {
            members.append(("enableWhen", .array(enablement.conditions.map(enableWhen))))
            if enablement.conditions.count > 1 {
                members.append(("enableBehavior", .string(enablement.requiresAll ? "all" : "any")))
            }
        }
        members.append(("required", .bool(question.required && enablement != nil)))
        if question.type == .multipleChoice { members.append(("repeats", .bool(true))) }
        if !question.options.isEmpty {
            members.append(
                (
                    "answerOption",
                    .array(
                        question.options.map {
                            .object([("valueCoding", Self.coding(schema, question, $0, names: names))])
                        })
                ))
        }
        return .object(members)
    }

    private func enableWhen(_ condition: EnableWhenMapping.Condition) -> JSONValue {
        let question = schema.questions[condition.question]
        let option = question.option(condition.option) ?? ConsultSchema.Option(id: condition.option, label: "")
        var coding = Self.coding(schema, question, option, names: names)
        if option.label.isEmpty, case .object(let members) = coding {
            coding = .object(members.filter { $0.0 != "display" })
        }
        return .object([
            ("question", .string(question.id)),
            ("operator", .string(condition.equals ? "=" : "!=")),
            ("answerCoding", coding),
        ])
    }

    /// The FHIR item type of a question: a number with a unit is a `quantity`.
    static func itemType(_ question: ConsultSchema.Question) -> String {
        switch question.type {
        case .singleChoice, .multipleChoice: "choice"
        case .freeText: "text"
        case .date: "date"
        case .number: question.unit == nil ? "decimal" : "quantity"
        }
    }
}
