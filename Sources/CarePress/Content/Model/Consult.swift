/// A consult a patient went through: which questionnaire, and the answers the chat collected.
public struct Consult: Sendable, Hashable {
    /// Whether the patient finished the consult.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case completed
        case inProgress = "in-progress"
    }

    /// An answer as the record holds it, before the schema says what kind of question it answers.
    public enum Answer: Sendable, Hashable {
        /// A single-choice option id, free text or an ISO date.
        case text(String)
        /// A number.
        case number(Double)
        /// Multiple-choice option ids.
        case choices([String])
    }

    /// One answer with where it was written.
    public struct AnswerEntry: Sendable, Hashable {
        /// The question id it answers.
        public var questionID: String
        /// The answer.
        public var answer: Answer
        /// Where the key was written.
        public var keyPosition: SourcePosition
        /// Where the value was written.
        public var valuePosition: SourcePosition
    }

    /// What the record says about the patient.
    public struct Patient: Sendable, Hashable {
        /// The name to show, if any.
        public var displayName: String?
        /// Age in years.
        public var age: Int?
    }

    /// The id, unique among consults; untrusted.
    public var id: String
    /// The id of the questionnaire.
    public var schemaID: String
    /// The questionnaire version the app used.
    public var schemaVersion: String?
    /// Whether the consult was finished.
    public var status: Status
    /// When the consult started.
    public var startedAt: Timestamp?
    /// When the consult was completed.
    public var completedAt: Timestamp?
    /// The patient, if the record names one.
    public var patient: Patient?
    /// The answers, in the order the record lists them.
    public var answers: [AnswerEntry]
    /// The chat, if the record has it.
    public var transcript: [TranscriptMessage]
    /// The file it was loaded from.
    public var source: String
    /// Where the `id` value was written.
    public var idPosition: SourcePosition
    /// Where the `schema` value was written.
    public var schemaPosition: SourcePosition

    /// The answer to a question, if any.
    public func answer(to questionID: String) -> Answer? {
        answers.first { $0.questionID == questionID }?.answer
    }
}
