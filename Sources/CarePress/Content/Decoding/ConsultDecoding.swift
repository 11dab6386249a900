extension Consult {
    /// Reads a consult file against `consult.schema.json`; the checks against its questionnaire come later.
    static func read(_ node: ContentNode, _ reader: NodeReader, source: String) -> Consult? {
        guard
            let object = reader.object(
                node, .root,
                keys: [
                    "id", "schema", "schemaVersion", "status", "startedAt", "completedAt", "patient", "answers",
                    "transcript",
                ])
        else { return nil }
        let id = object.required("id") { $0.recordID($1, $2) }
        let schema = object.requiredString("schema", minLength: 1)
        let status = object.required("status") { $0.choice($1, $2, as: Status.self) }
        let startedAt = object.optional("startedAt") { $0.timestamp($1, $2) }
        let completedAt = object.optional("completedAt") { $0.timestamp($1, $2) }
        let patient = object.optional("patient") { reader, node, path -> Patient? in
            guard let patient = reader.object(node, path, keys: ["displayName", "age"]) else { return nil }
            return Patient(
                displayName: patient.optionalString("displayName"),
                age: patient.optional("age") { $0.integer($1, $2, in: 0...130) })
        }
        let answers = object.required("answers") { reader, node, path -> [AnswerEntry]? in
            guard let members = reader.map(node, path) else { return nil }
            return members.compactMap { member in
                let answerPath = path.key(member.key)
                let answer: Answer
                switch member.value.value {
                case .string(let text):
                    answer = .text(text)
                case .integer(let number):
                    answer = .number(Double(number))
                case .number(let number):
                    answer = .number(number)
                case .array:
                    guard let choices = reader.strings(member.value, answerPath) else { return nil }
                    answer = .choices(choices)
                default:
                    reader.log.error(
                        "expected a string, a number or an array of strings, found \(member.value.typeName)",
                        at: member.value.position, path: answerPath)
                    return nil
                }
                return AnswerEntry(
                    questionID: member.key, answer: answer, keyPosition: member.keyPosition,
                    valuePosition: member.value.position)
            }
        }
        let transcript = object.optional("transcript") { TranscriptMessage.readAll($1, $2, $0) } ?? []
        if let startedAt, let completedAt, completedAt < startedAt {
            reader.log.error(
                "completedAt is before startedAt", at: object.position(of: "completedAt"),
                path: object.path.key("completedAt"))
        }
        guard let id, let schema, let status, let answers else { return nil }
        return Consult(
            id: id, schemaID: schema, schemaVersion: object.optionalString("schemaVersion"), status: status,
            startedAt: startedAt, completedAt: completedAt, patient: patient, answers: answers, transcript: transcript,
            source: source, idPosition: object.position(of: "id"), schemaPosition: object.position(of: "schema"))
    }
}
