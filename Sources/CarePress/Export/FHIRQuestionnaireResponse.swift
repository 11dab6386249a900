/// A consult as an HL7 FHIR R4 QuestionnaireResponse (JSON).
///
/// One item per answered question on the path the flow took, in path order, with the question's prompt as
/// its text. Choice answers are one `valueCoding` per chosen option; free text is `valueString` exactly as
/// typed; dates are `valueDate`; numbers are `valueQuantity` (UCUM where the unit has a code) when the question
/// has a unit, else `valueDecimal`, matching the exported Questionnaire's `quantity` and `decimal` items. Answers
/// the flow skipped are left out, as is an empty free-text answer (FHIR strings cannot be empty). `subject` and
/// `source` name the Patient of the Bundle: the patient answered the consult in the app.
struct FHIRQuestionnaireResponse {
    let consult: Consult
    let schema: ConsultSchema
    var names = FHIRNames()
    /// The reference to the Bundle's Patient, if any.
    var patient: String?

    var value: JSONValue {
        let path = ConsultFlow.path(through: schema) { consult.answer(to: $0) }
        var lines: [String] = []
        let items = path.compactMap { question -> JSONValue? in
            let answers = answerValues(question)
            guard !answers.isEmpty else { return nil }
            lines.append(question.prompt + " " + answerText(question))
            return .object([
                ("linkId", .string(question.id)),
                ("text", .string(question.prompt)),
                ("answer", .array(answers)),
            ])
        }
        let title = "Answers to \(schema.title) (\(consult.status == .completed ? "completed" : "in progress"))"
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("QuestionnaireResponse")),
            ("id", .string(FHIRNames.resourceID(consult.id))),
            ("text", FHIRNarrative.text([title] + lines)),
            (
                "identifier",
                .object([
                    ("system", .string(names.identifierSystem(.consult))), ("value", .string(consult.id)),
                ])
            ),
            ("questionnaire", .string(names.questionnaireCanonical(schema))),
            ("status", .string(consult.status.rawValue)),
        ]
        if let patient { members.append(("subject", .object([("reference", .string(patient))]))) }
        let authored = consult.status == .completed ? consult.completedAt : consult.startedAt
        if let authored { members.append(("authored", .string(FHIRNames.dateTime(authored)))) }
        if let patient { members.append(("source", .object([("reference", .string(patient))]))) }
        if !items.isEmpty { members.append(("item", .array(items))) }
        return .object(members)
    }

    /// An answer as plain text, for the narrative.
    func answerText(_ question: ConsultSchema.Question) -> String {
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, _), (.multipleChoice, _):
            return chosen(question).map(\.label).joined(separator: ", ")
        case (.number, .number(let number)?):
            return number.formatted + (question.unit.map { " " + $0 } ?? "")
        case (_, .text(let text)?):
            return text
        default:
            return ""
        }
    }

    /// The options an answer chose, in the order chosen, each once.
    func chosen(_ question: ConsultSchema.Question) -> [ConsultSchema.Option] {
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, .text(let id)?):
            return question.option(id).map { [$0] } ?? []
        case (.multipleChoice, .choices(let ids)?):
            var seen = Set<String>()
            return ids.filter { seen.insert($0).inserted }.compactMap(question.option)
        default:
            return []
        }
    }

    /// The FHIR answers of a question: none when it is unanswered.
    private func answerValues(_ question: ConsultSchema.Question) -> [JSONValue] {
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, _), (.multipleChoice, _):
            return chosen(question).map { option in
                .object([("valueCoding", FHIRQuestionnaire.coding(schema, question, option, names: names))])
            }
        case (.freeText, .text(let text)?):
            return text.isEmpty ? [] : [.object([("valueString", .string(text))])]
        case (.date, .text(let text)?):
            return [.object([("valueDate", .string(text))])]
        case (.number, .number(let number)?):
            guard let unit = question.unit else { return [.object([("valueDecimal", .number(number))])] }
            return [.object([("valueQuantity", FHIRUnits.quantity(number, unit: unit))])]
        default:
            return []
        }
    }
}
