/// The patient-readable report of a consult: what needs attention first, then the questions the flow took.
struct ConsultReport {
    let consult: Consult
    let schema: ConsultSchema
    let knowledge: KnowledgeStore

    static let template = "reports/consult.md"

    /// The path of the HTML report.
    var htmlPath: String { ReportPaths.html(kind: .consult, id: consult.id) }

    var title: String { schema.title }

    var summary: ReportSummary {
        var parts: [String] = []
        if let name = consult.patient?.displayName { parts.append(name) }
        parts.append(consult.status == .completed ? "completed" : "in progress (incomplete)")
        return ReportSummary(
            kind: .consult, id: consult.id, title: schema.title, detail: parts.joined(separator: " · "),
            date: consult.completedAt ?? consult.startedAt, htmlPath: htmlPath)
    }

    /// The view model of `reports/consult.md.mustache`.
    var context: [String: Any] {
        let path = ConsultFlow.path(through: schema) { consult.answer(to: $0) }
        let onPath = Set(path.map(\.id))
        var urgent: [[String: Any]] = []
        var review: [[String: Any]] = []
        for question in path {
            for option in chosenOptions(question) {
                let item: [String: Any] = ["question": question.prompt, "answer": option.label]
                switch option.flag {
                case .urgent: urgent.append(item)
                case .review: review.append(item)
                case nil: break
                }
            }
        }
        let questions = path.map { question -> [String: Any] in
            var item = answerContext(question)
            item["missing"] = consult.answer(to: question.id) == nil
            item["required"] = question.required
            return item
        }
        let offPath = consult.answers.compactMap { entry -> [String: Any]? in
            guard let question = schema.question(entry.questionID), !onPath.contains(entry.questionID) else {
                return nil
            }
            return answerContext(question)
        }
        let missing = path.filter { $0.required && consult.answer(to: $0.id) == nil }.map(\.prompt)
        var context: [String: Any] = [
            "id": consult.id,
            "title": schema.title,
            "schemaVersion": schema.version,
            "completed": consult.status == .completed,
            "inProgress": consult.status == .inProgress,
            "questions": questions,
            "urgent": urgent,
            "review": review,
            "hasAttention": !urgent.isEmpty || !review.isEmpty,
            "offPath": offPath,
            "hasOffPath": !offPath.isEmpty,
            "hasTranscript": !consult.transcript.isEmpty,
            "missing": missing,
            "transcript": TranscriptView.messages(consult.transcript, knowledge: knowledge, from: htmlPath),
        ]
        if let name = consult.patient?.displayName { context["patientName"] = name }
        if let age = consult.patient?.age { context["patientAge"] = String(age) }
        if let date = consult.completedAt { context["completedAt"] = date.longDescription }
        if let date = consult.startedAt { context["startedAt"] = date.longDescription }
        return context
    }

    private func chosenOptions(_ question: ConsultSchema.Question) -> [ConsultSchema.Option] {
        switch consult.answer(to: question.id) {
        case .text(let id) where question.type == .singleChoice: question.option(id).map { [$0] } ?? []
        case .choices(let ids): ids.compactMap(question.option)
        default: []
        }
    }

    private func answerContext(_ question: ConsultSchema.Question) -> [String: Any] {
        var item: [String: Any] = ["prompt": question.prompt]
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, _), (.multipleChoice, _):
            item["choices"] = chosenOptions(question).map { option -> [String: Any] in
                var choice: [String: Any] = ["label": option.label]
                if let flag = option.flag { choice["flag"] = flag == .urgent ? "urgent" : "for review" }
                return choice
            }
        case (.freeText, .text(let text)):
            item["freeText"] = text
        case (.date, .text(let text)):
            item["value"] = CalendarDate(iso: Substring(text))?.longDescription ?? text
        case (.number, .number(let number)):
            item["value"] = number.formatted + (question.unit.map { " \($0)" } ?? "")
        default:
            break
        }
        return item
    }
}

/// A chat transcript laid out for a report: who spoke, in words, with consecutive assistant messages merged.
enum TranscriptView {
    static func messages(_ transcript: [TranscriptMessage], knowledge: KnowledgeStore, from page: String) -> [[String:
        Any]]
    {
        var result: [[String: Any]] = []
        var previousRole: TranscriptMessage.Role?
        for message in transcript {
            var paragraph: [String: Any] = ["text": message.text]
            if message.kind == .leaflet {
                if let condition = knowledge.condition(matching: message.text) {
                    paragraph["link"] = RelativeLink.to(GuidePaths.condition(condition), from: page)
                } else if let exercise = knowledge.exercise(matching: message.text) {
                    paragraph["link"] = RelativeLink.to(GuidePaths.exercise(exercise), from: page)
                }
            }
            if message.role == .assistant && previousRole == .assistant, var last = result.popLast(),
                var paragraphs = last["paragraphs"] as? [[String: Any]]
            {
                paragraphs.append(paragraph)
                last["paragraphs"] = paragraphs
                result.append(last)
                continue
            }
            let speaker: String
            switch message.role {
            case .assistant: speaker = "Assistant"
            case .user: speaker = "Patient"
            case .system: speaker = message.kind == .notice ? "Notice" : "System"
            }
            result.append(["speaker": speaker, "role": message.role.rawValue, "paragraphs": [paragraph]])
            previousRole = message.role
        }
        return result
    }
}
