/// A chat transcript laid out for a report's appendix: who spoke, in words, with consecutive assistant messages merged.
enum TranscriptView {
    /// The appendix template that shows a transcript.
    static let template = "reports/transcript.md"

    /// One turn of the conversation as the template shows it.
    struct Turn: ViewModel {
        /// Who spoke, in words.
        var speaker: String
        /// `HH:MM` at the clinic (as recorded without a clinic), if it was recorded.
        var time: String?
        var isPatient: Bool
        /// Pre-escaped Markdown: the patient's words as a block quote, anyone else's as paragraphs.
        var bodyMarkdown: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .speaker: .text(speaker)
            case .time: .text(time)
            case .isPatient: .flag(isPatient)
            case .bodyMarkdown: .text(bodyMarkdown)
            default: nil
            }
        }
    }

    /// The turns of a transcript, consecutive assistant messages merged into one.
    static func turns(
        _ transcript: [TranscriptMessage], knowledge: KnowledgeStore, from page: String,
        format: ClinicFormat = .init(clinic: nil)
    ) -> [Turn] {
        var result: [Turn] = []
        var previousRole: TranscriptMessage.Role?
        for message in transcript {
            let body = bodyMarkdown(message, knowledge: knowledge, from: page)
            if message.role == .assistant && previousRole == .assistant, !result.isEmpty {
                result[result.count - 1].bodyMarkdown += "\n\n" + body
                continue
            }
            result.append(
                Turn(
                    speaker: speaker(message), time: message.at.map(format.clockTime),
                    isPatient: message.role == .user, bodyMarkdown: body))
            previousRole = message.role
        }
        return result
    }

    /// Who wrote a message, in words a patient understands.
    static func speaker(_ message: TranscriptMessage) -> String {
        switch message.role {
        case .user: "You"
        case .assistant: "Assistant (automated)"
        case .system: message.kind == .notice ? "Notice from the app" : "Message from the app"
        }
    }

    /// A message's text as Markdown: quoted for the patient; a leaflet links to the guide page it names.
    static func bodyMarkdown(_ message: TranscriptMessage, knowledge: KnowledgeStore, from page: String) -> String {
        if message.role == .user {
            return ReportMarkdown.quoted(message.text)
        }
        switch message.kind {
        case .leaflet:
            let text = MarkdownEscaping.escaped(message.text)
            if let target = guidePage(named: message.text, knowledge: knowledge) {
                let destination = ReportMarkdown.destination(RelativeLink.to(target, from: page))
                return "Suggested reading in the guide: [\(text)](\(destination))"
            }
            return "Suggested reading: \(text) *(the guide has no page with this name, so there is no link)*"
        case .diagnosis:
            return "*Outcome:* " + ReportMarkdown.paragraphs(message.text)
        case .text, .notice:
            return ReportMarkdown.paragraphs(message.text)
        }
    }

    /// The guide page a name refers to: a condition first, then an exercise, matched in the knowledge store only.
    static func guidePage(named name: String, knowledge: KnowledgeStore) -> String? {
        if let condition = knowledge.condition(matching: name) { return GuidePaths.condition(condition) }
        if let exercise = knowledge.exercise(matching: name) { return GuidePaths.exercise(exercise) }
        return nil
    }
}
