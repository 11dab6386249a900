/// A consult schema as an HL7 FHIR R4 Questionnaire (JSON).
///
/// Each question is an item: `choice` with `answerOption` codings (and `repeats` for multiple choice),
/// `text` for free text, `date`, and `decimal` for numbers. `enableWhen` carries the `next` rules wherever
/// `EnableWhenMapping` can express them exactly; a question it cannot is always enabled and not required.
struct FHIRQuestionnaire {
    let schema: ConsultSchema
    let mapping: EnableWhenMapping

    /// Maps a schema that passed its checks.
    init(schema: ConsultSchema) {
        self.schema = schema
        self.mapping = EnableWhenMapping(schema)
    }

    /// The positions of the questions left always enabled because their flow has no exact `enableWhen`.
    var unmappedQuestions: [Int] {
        mapping.enablements.indices.filter { mapping.enablements[$0] == nil }
    }

    var value: JSONValue {
        .object([
            ("resourceType", .string("Questionnaire")),
            ("id", .string(FHIRNames.resourceID(schema.id))),
            ("url", .string(FHIRNames.questionnaireURL(schema))),
            ("version", .string(schema.version)),
            ("title", .string(schema.title)),
            ("status", .string("active")),
            ("item", .array(schema.questions.indices.map(item))),
        ])
    }

    /// A coding for an option: its question's code system, the option id and its label.
    static func coding(_ schema: ConsultSchema, _ question: ConsultSchema.Question, _ option: ConsultSchema.Option)
        -> JSONValue
    {
        .object([
            ("system", .string(FHIRNames.optionSystem(schema, question))),
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
            ("type", .string(Self.itemType(question.type))),
        ]
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
                    .array(question.options.map { .object([("valueCoding", Self.coding(schema, question, $0))]) })
                ))
        }
        return .object(members)
    }

    private func enableWhen(_ condition: EnableWhenMapping.Condition) -> JSONValue {
        let question = schema.questions[condition.question]
        let option = question.option(condition.option) ?? ConsultSchema.Option(id: condition.option, label: "")
        var coding = Self.coding(schema, question, option)
        if option.label.isEmpty, case .object(let members) = coding {
            coding = .object(members.filter { $0.0 != "display" })
        }
        return .object([
            ("question", .string(question.id)),
            ("operator", .string(condition.equals ? "=" : "!=")),
            ("answerCoding", coding),
        ])
    }

    /// The FHIR item type of a question type.
    static func itemType(_ type: ConsultSchema.QuestionType) -> String {
        switch type {
        case .singleChoice, .multipleChoice: "choice"
        case .freeText: "text"
        case .date: "date"
        case .number: "decimal"
        }
    }
}
