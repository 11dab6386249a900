extension ConsultSchema {
    /// Reads a questionnaire file; checks within the file (unique ids, options of choice questions) happen here.
    static func read(_ node: ContentNode, _ reader: NodeReader, source: String) -> ConsultSchema? {
        guard let object = reader.object(node, .root, keys: ["id", "version", "title", "intro", "questions"]) else {
            return nil
        }
        let id = object.required("id") { $0.identifier($1, $2, .schemaID) }
        let version = object.requiredString("version", minLength: 1)
        let title = object.requiredString("title", minLength: 1)
        if case .array(let nodes) = object["questions"]?.value, nodes.count > ConsultSchema.maximumQuestions {
            // Not read further: the flow checks and the exports are bounded by this limit.
            reader.log.error(
                "a questionnaire may have at most \(ConsultSchema.maximumQuestions) questions; this one has \(nodes.count)",
                at: object.position(of: "questions"), path: object.path.key("questions"),
                hint: "split it into several questionnaires (see formats/README.md, Limits)")
            return nil
        }
        let questions = object.required("questions") { reader, node, path in
            reader.array(node, path, minItems: 1) { Question.read($0, $1, reader) }
        }
        guard let id, let version, let title, let questions else { return nil }
        var seen = Set<String>()
        if case .array(let nodes) = object["questions"]?.value {
            for (index, question) in questions.enumerated() where !seen.insert(question.id).inserted {
                let position = nodes.indices.contains(index) ? nodes[index].position : object.node.position
                reader.log.error(
                    "duplicate question id '\(question.id)'", at: position, path: object.path.key("questions"))
            }
        }
        return ConsultSchema(
            id: id, version: version, title: title, intro: object.optionalString("intro"), questions: questions,
            source: source)
    }
}

extension ConsultSchema.Question {
    static func read(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> Self? {
        guard
            let object = reader.object(
                node, path, keys: ["id", "prompt", "type", "options", "additionalInfo", "unit", "required", "next"])
        else { return nil }
        let id = object.required("id") { $0.identifier($1, $2, .questionID) }
        let prompt = object.requiredString("prompt", minLength: 1)
        let type = object.required("type") { $0.choice($1, $2, as: ConsultSchema.QuestionType.self) }
        let options =
            object.optional("options") { reader, node, path in
                reader.array(node, path) { node, path -> ConsultSchema.Option? in
                    guard let option = reader.object(node, path, keys: ["id", "label", "flag"]) else { return nil }
                    let id = option.required("id") { $0.identifier($1, $2, .questionID) }
                    let label = option.requiredString("label", minLength: 1)
                    let flag = option.optional("flag") { $0.choice($1, $2, as: ConsultSchema.Flag.self) }
                    guard let id, let label else { return nil }
                    return ConsultSchema.Option(id: id, label: label, flag: flag)
                }
            } ?? []
        let next =
            object.optional("next") { reader, node, path in
                reader.array(node, path) { node, path -> ConsultSchema.NextRule? in
                    guard let rule = reader.object(node, path, keys: ["ifAnswer", "goto"]) else { return nil }
                    let goto = rule.requiredString("goto", minLength: 1)
                    guard let goto else { return nil }
                    return ConsultSchema.NextRule(
                        ifAnswer: rule.optionalString("ifAnswer"), goto: goto, position: rule.position(of: "goto"))
                }
            } ?? []
        let required = object.optional("required") { $0.bool($1, $2) } ?? true
        guard let id, let prompt, let type else { return nil }
        let isChoice = type == .singleChoice || type == .multipleChoice
        if isChoice && options.isEmpty {
            reader.log.error(
                "a \(type.rawValue) question needs options", at: object.position(of: "type"), path: path.key("options"))
        }
        if !isChoice, let optionsNode = object["options"] {
            reader.log.error(
                "a \(type.rawValue) question has no options", at: optionsNode.position, path: path.key("options"),
                hint: "remove 'options' or make the question singleChoice or multipleChoice")
        }
        var optionIDs = Set<String>()
        for option in options where !optionIDs.insert(option.id).inserted {
            reader.log.error(
                "duplicate option id '\(option.id)'", at: object.position(of: "options"), path: path.key("options"))
        }
        return Self(
            id: id, prompt: prompt, type: type, options: options,
            additionalInfo: object.optionalString("additionalInfo"),
            unit: object.optionalString("unit"), required: required, next: next)
    }
}
