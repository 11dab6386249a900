/// A consult schema normalised for the `json` export: each question with its options, flags and next rules.
struct SchemaJSON {
    let schema: ConsultSchema

    var value: JSONValue {
        .object([
            ("version", .string(schema.version)),
            ("title", .string(schema.title)),
            ("intro", .string(schema.intro)),
            (
                "questions",
                .array(
                    schema.questions.map { question in
                        .object([
                            ("id", .string(question.id)),
                            ("prompt", .string(question.prompt)),
                            ("type", .string(question.type.rawValue)),
                            ("required", .bool(question.required)),
                            ("additionalInfo", .string(question.additionalInfo)),
                            ("unit", .string(question.unit)),
                            (
                                "options",
                                .array(
                                    question.options.map { option in
                                        .object([
                                            ("id", .string(option.id)), ("label", .string(option.label)),
                                            ("flag", .string(option.flag?.rawValue)),
                                        ])
                                    })
                            ),
                            (
                                "next",
                                .array(
                                    question.next.map { rule in
                                        .object([("ifAnswer", .string(rule.ifAnswer)), ("goto", .string(rule.goto))])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
