/// The patient-readable report of a consult: what needs attention first, then the questions the flow took.
struct ConsultReport: Report {
    let consult: Consult
    let schema: ConsultSchema
    let knowledge: KnowledgeStore
    /// The questions the flow took for these answers, in order.
    let path: [ConsultSchema.Question]
    /// The chosen options on the path that carry a flag: urgent ones first, then those for review, each in path order.
    let flaggedAnswers: [FlaggedAnswer]
    /// How times are written: in the clinic's time zone.
    let format: ClinicFormat

    /// The report of a consult; its path through the questionnaire is worked out once, here (the summary, the
    /// attention and the view model all read it).
    init(consult: Consult, schema: ConsultSchema, knowledge: KnowledgeStore, format: ClinicFormat = .init(clinic: nil))
    {
        self.consult = consult
        self.format = format
        self.schema = schema
        self.knowledge = knowledge
        path = ConsultFlow.path(through: schema) { consult.answer(to: $0) }
        flaggedAnswers = Self.flaggedAnswers(of: consult, on: path)
    }

    /// The report's Markdown template.
    static let template = "reports/consult.md"

    var template: String { Self.template }
    var appendixTemplate: String { TranscriptView.template }

    /// The path of the HTML report.
    var htmlPath: String { ReportPaths.html(kind: .consult, id: consult.id) }

    /// The page title: the questionnaire's title, marked when the consult is not finished.
    var title: String { consult.status == .inProgress ? "\(schema.title) (incomplete)" : schema.title }

    /// One answer that needs a clinician's attention because its option is flagged.
    struct FlaggedAnswer {
        /// The question as asked.
        var question: String
        /// The label of the flagged option chosen.
        var answer: String
        /// How urgent it is.
        var flag: ConsultSchema.Flag
    }

    /// The flagged answers of the questions on `path`.
    private static func flaggedAnswers(of consult: Consult, on path: [ConsultSchema.Question]) -> [FlaggedAnswer] {
        let flagged = path.flatMap { question in
            chosenOptions(question, in: consult).compactMap { option in
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
    var viewModel: any ViewModel {
        let onPath = Set(path.map(\.id))
        let flagged = flaggedAnswers
        // A required question with no answer is listed once, under "Missing answers", not again among the answers.
        let questions = path.compactMap { question -> ConsultReportView.Answer? in
            var answer = self.answer(question)
            if consult.answer(to: question.id) == nil {
                guard !question.required else { return nil }
                answer.unanswered = "Not answered."
            }
            return answer
        }
        let offPath = consult.answers.compactMap { entry -> ConsultReportView.Answer? in
            guard let question = schema.question(entry.questionID), !onPath.contains(entry.questionID) else {
                return nil
            }
            return answer(question)
        }
        return ConsultReportView(
            id: consult.id, title: title, inProgress: consult.status == .inProgress,
            status: consult.status == .completed ? "Completed" : "Not finished (in progress)",
            patientName: consult.patient?.displayName, patientAge: consult.patient?.age.map { String($0) },
            completedAt: consult.completedAt.map(format.dateTime), startedAt: consult.startedAt.map(format.dateTime),
            questions: questions,
            urgent: flagged.filter { $0.flag == .urgent }.map { .init(question: $0.question, answer: $0.answer) },
            review: flagged.filter { $0.flag == .review }.map { .init(question: $0.question, answer: $0.answer) },
            offPath: offPath, missing: path.filter { $0.required && consult.answer(to: $0.id) == nil }.map(\.prompt),
            transcript: TranscriptView.turns(consult.transcript, knowledge: knowledge, from: htmlPath, format: format))
    }

    private static func chosenOptions(_ question: ConsultSchema.Question, in consult: Consult) -> [ConsultSchema.Option]
    {
        switch consult.answer(to: question.id) {
        case .text(let id) where question.type == .singleChoice: question.option(id).map { [$0] } ?? []
        case .choices(let ids) where question.type == .multipleChoice: ids.compactMap(question.option)
        default: []
        }
    }

    /// A question and its answer in words: option labels, free text quoted exactly, a date or a number with its unit.
    private func answer(_ question: ConsultSchema.Question) -> ConsultReportView.Answer {
        var item = ConsultReportView.Answer(prompt: question.prompt)
        switch (question.type, consult.answer(to: question.id)) {
        case (.singleChoice, _?), (.multipleChoice, _?):
            item.choices = Self.chosenOptions(question, in: consult).map { option in
                switch option.flag {
                case .urgent: .init(label: option.label, flag: "needs care soon")
                case .review: .init(label: option.label, flag: "a clinician will check this")
                case nil: .init(label: option.label)
                }
            }
        case (.freeText, .text(let text)):
            item.quotedMarkdown = ReportMarkdown.quoted(text)
        case (.date, .text(let text)):
            item.value = CalendarDate(iso: Substring(text))?.longDescription ?? text
        case (.number, .number(let number)):
            item.value = number.formatted + (question.unit.map { " \($0)" } ?? "")
        case (_, .text(let text)):
            item.value = text
        case (_, .number(let number)):
            item.value = number.formatted
        case (_, .choices(let ids)):
            item.value = ids.joined(separator: ", ")
        case (_, nil):
            break
        }
        return item
    }
}
