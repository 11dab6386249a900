/// The patient-readable report of a consult: what needs attention first, then the questions the flow took.
struct ConsultReport {
    let consult: Consult
    let schema: ConsultSchema
    let knowledge: KnowledgeStore

    /// The report's Markdown template.
    static let template = "reports/consult.md"

    /// The path of the HTML report.
    var htmlPath: String { ReportPaths.html(kind: .consult, id: consult.id) }

    /// The page title: the questionnaire's title, marked when the consult is not finished.
    var title: String { consult.status == .inProgress ? "\(schema.title) (incomplete)" : schema.title }

    /// The questions the flow took for these answers, in order.
    var path: [ConsultSchema.Question] { ConsultFlow.path(through: schema) { consult.answer(to: $0) } }

    /// One answer that needs a clinician's attention because its option is flagged.
    struct FlaggedAnswer {
        /// The question as asked.
        var question: String
        /// The label of the flagged option chosen.
        var answer: String
        /// How urgent it is.
        var flag: ConsultSchema.Flag
    }

    /// The chosen options on the path that carry a flag: urgent ones first, then those for review, each in path order.
    var flaggedAnswers: [FlaggedAnswer] {
        let flagged = path.flatMap { question in
            chosenOptions(question).compactMap { option in
                option.flag.map { FlaggedAnswer(question: question.prompt, answer: option.label, flag: $0) }
            }
        }
        return flagged.filter { $0.flag == .urgent } + flagged.filter { $0.flag == .review }
    }

    /// The required questions on the path that have no answer.
    var missing: [ConsultSchema.Question] {
        path.filter { $0.required && consult.answer(to: $0.id) == nil }
    }

    /// The consult's line in the reports index.
    var summary: ReportSummary {
        ReportSummary(
            kind: .consult, id: consult.id, title: title, patient: consult.patient?.displayName,
            status: consult.status == .completed ? "Completed" : "Not finished", detail: "",
            date: consult.completedAt ?? consult.startedAt, htmlPath: htmlPath, attention: attention)
    }

    /// Why the consult needs attention: urgent answers, answers for review, and whether it is unfinished.
    var attention: Attention {
        let flagged = flaggedAnswers
        var findings: [(level: Attention.Level, reason: String)] = []
        let urgent = flagged.filter { $0.flag == .urgent }.map(\.answer)
        if !urgent.isEmpty {
            findings.append(
                (.urgent, ReportMarkdown.count(urgent.count, "urgent answer") + ": " + urgent.joined(separator: "; ")))
        }
        let review = flagged.filter { $0.flag == .review }.map(\.answer)
        if !review.isEmpty {
            findings.append(
                (
                    .review,
                    ReportMarkdown.count(review.count, "answer") + " for review: " + review.joined(separator: "; ")
                ))
        }
        if consult.status == .inProgress {
            let missing = self.missing.count
            findings.append(
                (
                    .followUp,
                    missing == 0
                        ? "Not finished"
                        : "Not finished: \(ReportMarkdown.count(missing, "required question")) unanswered"
                ))
        }
        return Attention(findings)
    }

    /// The view model of `reports/consult.md.mustache` and its transcript appendix.
    ///
    /// Pre-escaped Markdown keys: `quotedMarkdown` (free-text answers) and, in `transcript`, `bodyMarkdown`.
    var context: [String: Any] {
        let path = self.path
        let onPath = Set(path.map(\.id))
        let flagged = flaggedAnswers.map { answer -> [String: Any] in
            ["question": answer.question, "answer": answer.answer]
        }
        let urgent = zip(flaggedAnswers, flagged).filter { $0.0.flag == .urgent }.map(\.1)
        let review = zip(flaggedAnswers, flagged).filter { $0.0.flag == .review }.map(\.1)
        let questions = path.map { question -> [String: Any] in
            var item = answerContext(question)
            if consult.answer(to: question.id) == nil {
                item["unanswered"] = question.required ? "Not answered. This question is required." : "Not answered."
            }
            return item
        }
        let offPath = consult.answers.compactMap { entry -> [String: Any]? in
            guard let question = schema.question(entry.questionID), !onPath.contains(entry.questionID) else {
                return nil
            }
            return answerContext(question)
        }
        let missing = self.missing.map(\.prompt)
        var context: [String: Any] = [
            "id": consult.id,
            "title": title,
            "inProgress": consult.status == .inProgress,
            "status": consult.status == .completed ? "Completed" : "Not finished (in progress)",
            "questions": questions,
            "urgent": urgent,
            "review": review,
            "hasUrgent": !urgent.isEmpty,
            "hasReview": !review.isEmpty,
            "nothingFlagged": urgent.isEmpty && review.isEmpty,
            "offPath": offPath,
            "hasOffPath": !offPath.isEmpty,
            "missing": missing,
            "hasMissing": !missing.isEmpty,
            "hasTranscript": !consult.transcript.isEmpty,
            "transcript": TranscriptView.turns(consult.transcript, knowledge: knowledge, from: htmlPath),
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
        case .choices(let ids) where question.type == .multipleChoice: ids.compactMap(question.option)
        default: []
        }
    }

    /// A question and its answer in words: option labels, free text quoted exactly, a date or a number with its unit.
    private func answerContext(_ question: ConsultSchema.Question) -> [String: Any] {
        var item: [String: Any] = ["prompt": question.prompt]
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, _?), (.multipleChoice, _?):
            item["choices"] = chosenOptions(question).map { option -> [String: Any] in
                var choice: [String: Any] = ["label": option.label]
                switch option.flag {
                case .urgent: choice["flag"] = "red flag, urgent"
                case .review: choice["flag"] = "for a clinician to review"
                case nil: break
                }
                return choice
            }
        case (.freeText, .text(let text)):
            item["quotedMarkdown"] = ReportMarkdown.quoted(text)
        case (.date, .text(let text)):
            item["value"] = CalendarDate(iso: Substring(text))?.longDescription ?? text
        case (.number, .number(let number)):
            item["value"] = number.formatted + (question.unit.map { " \($0)" } ?? "")
        case (_, .text(let text)):
            item["value"] = text
        case (_, .number(let number)):
            item["value"] = number.formatted
        case (_, .choices(let ids)):
            item["value"] = ids.joined(separator: ", ")
        case (_, nil):
            break
        }
        return item
    }
}
