/// A consult as an HL7 FHIR R4 QuestionnaireResponse (JSON).
///
/// One item per answered question on the path the flow took, in path order, with the question's prompt as
/// its text. Choice answers are one `valueCoding` per chosen option; free text is `valueString` exactly as
/// typed; dates are `valueDate`; numbers are `valueDecimal`, matching the `decimal` items of the exported
/// Questionnaire (a schema's number question does not say whether it takes whole numbers). Answers the flow
/// skipped are left out, as is an empty free-text answer (FHIR strings cannot be empty).
struct FHIRQuestionnaireResponse {
    let consult: Consult
    let schema: ConsultSchema

    var value: JSONValue {
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("QuestionnaireResponse")),
            ("id", .string(FHIRNames.resourceID(consult.id))),
            (
                "identifier",
                .object([("system", .string(FHIRNames.consultIdentifierSystem)), ("value", .string(consult.id))])
            ),
            ("questionnaire", .string(FHIRNames.questionnaireCanonical(schema))),
            ("status", .string(consult.status.rawValue)),
        ]
        let authored = consult.status == .completed ? consult.completedAt : consult.startedAt
        if let authored { members.append(("authored", .string(FHIRNames.dateTime(authored)))) }
        let path = ConsultFlow.path(through: schema) { consult.answer(to: $0) }
        let items = path.compactMap { question -> JSONValue? in
            let answers = answerValues(question)
            guard !answers.isEmpty else { return nil }
            return .object([
                ("linkId", .string(question.id)),
                ("text", .string(question.prompt)),
                ("answer", .array(answers)),
            ])
        }
        if !items.isEmpty { members.append(("item", .array(items))) }
        return .object(members)
    }

    /// The FHIR answers of a question: none when it is unanswered.
    private func answerValues(_ question: ConsultSchema.Question) -> [JSONValue] {
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, .text(let id)?):
            return question.option(id).map { [coding(question, $0)] } ?? []
        case (.multipleChoice, .choices(let ids)?):
            var seen = Set<String>()
            return ids.filter { seen.insert($0).inserted }.compactMap(question.option).map { coding(question, $0) }
        case (.freeText, .text(let text)?):
            return text.isEmpty ? [] : [.object([("valueString", .string(text))])]
        case (.date, .text(let text)?):
            return [.object([("valueDate", .string(text))])]
        case (.number, .number(let number)?):
            return [.object([("valueDecimal", .number(number))])]
        default:
            return []
        }
    }

    private func coding(_ question: ConsultSchema.Question, _ option: ConsultSchema.Option) -> JSONValue {
        .object([("valueCoding", FHIRQuestionnaire.coding(schema, question, option))])
    }
}
