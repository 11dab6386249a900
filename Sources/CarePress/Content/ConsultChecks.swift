/// The rules a consult must follow against its questionnaire (`formats/README.md`).
struct ConsultChecks {
    let schemas: [String: ConsultSchema]
    let broken: Set<String>

    func check(_ consult: Consult, node: ContentNode, log: DiagnosticLog) {
        let answersPath = ValuePath.root.key("answers")
        guard let schema = schemas[consult.schemaID] else {
            if broken.contains(consult.schemaID) {
                log.error(
                    "schema '\(consult.schemaID)' has errors, so this consult cannot be checked",
                    at: consult.schemaPosition,
                    path: ValuePath.root.key("schema"), hint: "fix the errors reported for Content/schemas first")
            } else {
                log.error(
                    "unknown schema '\(consult.schemaID)'", at: consult.schemaPosition,
                    path: ValuePath.root.key("schema"),
                    hint: Suggestion.hint(for: consult.schemaID, in: schemas.keys))
            }
            return
        }
        if let version = consult.schemaVersion, version != schema.version {
            log.warning(
                "the consult was taken with schema version \(version); the schema is now version \(schema.version)",
                at: node.child("schemaVersion")?.position ?? consult.idPosition,
                path: ValuePath.root.key("schemaVersion"))
        }
        for entry in consult.answers {
            let path = answersPath.key(entry.questionID)
            guard let question = schema.question(entry.questionID) else {
                log.error(
                    "unknown question '\(entry.questionID)' in schema '\(schema.id)'", at: entry.keyPosition,
                    path: path,
                    hint: Suggestion.hint(for: entry.questionID, in: schema.questions.map(\.id)))
                continue
            }
            checkType(
                of: entry, against: question, path: path, node: node.child("answers")?.child(entry.questionID), log: log
            )
        }
        let path = ConsultFlow.path(through: schema) { consult.answer(to: $0) }
        let onPath = Set(path.map(\.id))
        let unanswered = path.filter { $0.required && consult.answer(to: $0.id) == nil }.map { "'\($0.id)'" }
        if consult.status == .completed && !unanswered.isEmpty {
            let message =
                unanswered.count == 1
                ? "required question \(unanswered[0]) is on the path this consult took but has no answer"
                : "\(unanswered.count) required questions on the path this consult took have no answer: "
                    + unanswered.joined(separator: ", ")
            log.error(
                message, at: node.child("answers")?.position ?? consult.idPosition, path: answersPath,
                hint: "answer \(unanswered.count == 1 ? "it" : "them"), or mark the consult \"in-progress\"")
        }
        for entry in consult.answers
        where schema.question(entry.questionID) != nil && !onPath.contains(entry.questionID) {
            log.warning(
                "'\(entry.questionID)' is answered but the flow skipped it; the report lists it apart",
                at: entry.keyPosition, path: answersPath.key(entry.questionID))
        }
    }

    private func checkType(
        of entry: Consult.AnswerEntry, against question: ConsultSchema.Question, path: ValuePath, node: ContentNode?,
        log: DiagnosticLog
    ) {
        let position = entry.valuePosition
        func mismatch(_ expected: String) {
            log.error(
                "question '\(question.id)' is \(question.type.rawValue), so its answer must be \(expected)",
                at: position, path: path)
        }
        func checkOption(_ id: String, at position: SourcePosition, path: ValuePath) {
            if question.option(id) == nil {
                log.error(
                    "'\(id)' is not an option of question '\(question.id)'", at: position, path: path,
                    hint: Suggestion.hint(for: id, in: question.options.map(\.id)))
            }
        }
        switch (question.type, entry.answer) {
        case (.singleChoice, .text(let id)):
            checkOption(id, at: position, path: path)
        case (.singleChoice, _):
            mismatch("one option id (a string)")
        case (.multipleChoice, .choices(let ids)):
            var seen = Set<String>()
            for (index, id) in ids.enumerated() {
                let elementPosition = node?.element(index)?.position ?? position
                checkOption(id, at: elementPosition, path: path.index(index))
                if !seen.insert(id).inserted {
                    log.warning("option '\(id)' is chosen twice", at: elementPosition, path: path.index(index))
                }
            }
        case (.multipleChoice, _):
            mismatch("an array of option ids")
        case (.freeText, .text):
            break
        case (.freeText, _):
            mismatch("a string")
        case (.date, .text(let text)):
            if CalendarDate(iso: Substring(text)) == nil {
                log.error(
                    "'\(text)' is not a date", at: position, path: path, hint: "write it as YYYY-MM-DD, e.g. 2026-11-02"
                )
            }
        case (.date, _):
            mismatch("a date string (YYYY-MM-DD)")
        case (.number, .number):
            break
        case (.number, _):
            mismatch("a number")
        }
    }
}
