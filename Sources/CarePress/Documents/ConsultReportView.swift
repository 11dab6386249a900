/// The view model of `reports/consult.md.mustache` and its transcript appendix.
///
/// Pre-escaped Markdown: `quotedMarkdown` (free-text answers) and, in `transcript`, `bodyMarkdown`; everything else
/// is plain text that the template escapes.
struct ConsultReportView: ViewModel {
    /// A question on (or off) the consult's path, with its answer in words.
    struct Answer: ViewModel {
        var prompt: String
        /// The options chosen, for a choice question that has an answer. The theme shows one as a paragraph
        /// (`oneChoice`), more as a list.
        var choices: [Choice]?
        /// A free-text answer as a block quote.
        var quotedMarkdown: String?
        /// Any other answer in words.
        var value: String?
        /// What to say of a question on the path that has no answer.
        var unanswered: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .prompt: .text(prompt)
            case .choices: choices.map { .objects($0) }
            case .oneChoice: .flag(choices?.count == 1)
            case .quotedMarkdown: .text(quotedMarkdown)
            case .value: .text(value)
            case .unanswered: .text(unanswered)
            default: nil
            }
        }
    }

    /// One option chosen.
    struct Choice: ViewModel {
        var label: String
        /// Its flag in words, if it has one.
        var flag: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .label: .text(label)
            case .flag: .text(flag)
            default: nil
            }
        }
    }

    /// An answer that needs a clinician's attention.
    struct Flagged: ViewModel {
        var question: String
        var answer: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .question: .text(question)
            case .answer: .text(answer)
            default: nil
            }
        }
    }

    var id: String
    var title: String
    var inProgress: Bool
    var status: String
    var patientName: String?
    var patientAge: String?
    var completedAt: String?
    var startedAt: String?
    var questions: [Answer]
    var urgent: [Flagged]
    var review: [Flagged]
    var offPath: [Answer]
    var missing: [String]
    var transcript: [TranscriptView.Turn]

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .id: .text(id)
        case .title: .text(title)
        case .inProgress: .flag(inProgress)
        case .status: .text(status)
        case .patientName: .text(patientName)
        case .patientAge: .text(patientAge)
        case .completedAt: .text(completedAt)
        case .startedAt: .text(startedAt)
        case .questions: .objects(questions)
        case .urgent: .objects(urgent)
        case .review: .objects(review)
        case .hasUrgent: .flag(!urgent.isEmpty)
        case .hasReview: .flag(!review.isEmpty)
        case .nothingFlagged: .flag(urgent.isEmpty && review.isEmpty)
        case .offPath: .objects(offPath)
        case .hasQuestions: .flag(!questions.isEmpty)
        case .hasOffPath: .flag(!offPath.isEmpty)
        case .missing: .texts(missing)
        case .hasMissing: .flag(!missing.isEmpty)
        case .transcript: .objects(transcript)
        case .hasTranscript: .flag(!transcript.isEmpty)
        default: nil
        }
    }
}
