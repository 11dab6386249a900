/// A consult normalised for the `json` export: every question on the flow's path with its answer resolved
/// to labels, the answers the flow skipped, the flags, and what is still missing.
struct ConsultJSON {
    let consult: Consult
    let schema: ConsultSchema

    var value: JSONValue {
        let path = ConsultFlow.path(through: schema) { consult.answer(to: $0) }
        let onPath = Set(path.map(\.id))
        var urgent: [JSONValue] = []
        var review: [JSONValue] = []
        for question in path {
            for option in chosenOptions(question) {
                let flag = JSONValue.object([
                    ("question", .string(question.id)),
                    ("prompt", .string(question.prompt)),
                    ("option", .string(option.id)),
                    ("label", .string(option.label)),
                    ("flag", .string(option.flag?.rawValue)),
                ])
                switch option.flag {
                case .urgent: urgent.append(flag)
                case .review: review.append(flag)
                case nil: break
                }
            }
        }
        let offPath = consult.answers.compactMap { entry -> JSONValue? in
            guard let question = schema.question(entry.questionID), !onPath.contains(question.id) else { return nil }
            return questionValue(question)
        }
        let patient: JSONValue =
            consult.patient.map { patient in
                .object([
                    ("displayName", .string(patient.displayName)),
                    ("age", patient.age.map(JSONValue.integer) ?? .null),
                ])
            } ?? .null
        return .object([
            (
                "schema",
                .object([
                    ("id", .string(schema.id)), ("version", .string(schema.version)), ("title", .string(schema.title)),
                ])
            ),
            ("takenWithSchemaVersion", .string(consult.schemaVersion)),
            ("status", .string(consult.status.rawValue)),
            ("startedAt", ExportDocument.timestamp(consult.startedAt)),
            ("completedAt", ExportDocument.timestamp(consult.completedAt)),
            ("patient", patient),
            ("path", .array(path.map { .string($0.id) })),
            ("questions", .array(path.map(questionValue))),
            ("offPath", .array(offPath)),
            ("skipped", .array(schema.questions.filter { !onPath.contains($0.id) }.map { .string($0.id) })),
            (
                "missingRequired",
                .array(path.filter { $0.required && consult.answer(to: $0.id) == nil }.map { .string($0.id) })
            ),
            ("flags", .array(urgent + review)),
            ("transcript", ExportDocument.transcript(consult.transcript)),
        ])
    }

    /// One question with its answer: `{id, prompt, type, required, answered, answer, flag}`.
    private func questionValue(_ question: ConsultSchema.Question) -> JSONValue {
        let answer = consult.answer(to: question.id)
        let chosen = chosenOptions(question)
        let flag: ConsultSchema.Flag? =
            chosen.contains { $0.flag == .urgent } ? .urgent : chosen.contains { $0.flag == .review } ? .review : nil
        return .object([
            ("id", .string(question.id)),
            ("prompt", .string(question.prompt)),
            ("type", .string(question.type.rawValue)),
            ("required", .bool(question.required)),
            ("answered", .bool(answer != nil)),
            ("answer", answer.map { answerValue($0, question) } ?? .null),
            ("flag", .string(flag?.rawValue)),
        ])
    }

    /// An answer as `{raw, display}` plus `choices`, `date` or `number` and `unit` by question type.
    private func answerValue(_ answer: Consult.Answer, _ question: ConsultSchema.Question) -> JSONValue {
        let raw: JSONValue
        switch answer {
        case .text(let text): raw = .string(text)
        case .number(let number): raw = .number(number)
        case .choices(let ids): raw = .array(ids.map(JSONValue.string))
        }
        var members: [(String, JSONValue)] = [("raw", raw)]
        switch (question.type, answer) {
        case (.singleChoice, _), (.multipleChoice, _):
            let chosen = chosenOptions(question)
            members.append(("display", .string(chosen.map(\.label).joined(separator: ", "))))
            members.append(
                (
                    "choices",
                    .array(
                        chosen.map { option in
                            .object([
                                ("id", .string(option.id)), ("label", .string(option.label)),
                                ("flag", .string(option.flag?.rawValue)),
                            ])
                        })
                ))
        case (.date, .text(let text)):
            let date = CalendarDate(iso: Substring(text))
            members.append(("display", .string(date?.longDescription ?? text)))
            members.append(("date", .string(date?.description ?? text)))
        case (.number, .number(let number)):
            members.append(("display", .string(number.formatted + (question.unit.map { " \($0)" } ?? ""))))
            members.append(("number", .number(number)))
            members.append(("unit", .string(question.unit)))
        case (_, .text(let text)):
            members.append(("display", .string(text)))
        case (_, .number(let number)):
            members.append(("display", .string(number.formatted)))
        case (_, .choices(let ids)):
            members.append(("display", .string(ids.joined(separator: ", "))))
        }
        return .object(members)
    }

    /// The options an answer chose, in the order chosen, each once.
    func chosenOptions(_ question: ConsultSchema.Question) -> [ConsultSchema.Option] {
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
}
