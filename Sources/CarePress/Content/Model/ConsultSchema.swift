/// A consult questionnaire: the questions a consult app walks a patient through, and how the flow branches.
public struct ConsultSchema: Sendable, Hashable {
    /// The kind of answer a question takes.
    public enum QuestionType: String, Sendable, Hashable, CaseIterable {
        case singleChoice, multipleChoice, freeText, date, number
    }

    /// How an option's answer should be brought to a clinician's attention.
    public enum Flag: String, Sendable, Hashable, CaseIterable {
        /// A clinician should look at this answer.
        case review
        /// The report shows this answer first, as a red flag.
        case urgent
    }

    /// One of the predefined answers of a choice question.
    public struct Option: Sendable, Hashable {
        /// The id stored in answers.
        public var id: String
        /// What the patient saw.
        public var label: String
        /// Whether the answer needs attention.
        public var flag: Flag?
    }

    /// Where the flow goes after a question: when the answer is (or contains) `ifAnswer`, or always.
    public struct NextRule: Sendable, Hashable {
        /// The option id the rule applies to; nil applies always.
        public var ifAnswer: String?
        /// A question id, or `end`.
        public var goto: String
        /// Where `goto` was written, for diagnostics.
        public var position: SourcePosition
    }

    /// One question.
    public struct Question: Sendable, Hashable, Identifiable {
        /// The id that answers are keyed by.
        public var id: String {
            get { storage.fields.id }
            set { mutate { $0.id = newValue } }
        }
        /// The question as asked.
        public var prompt: String {
            get { storage.fields.prompt }
            set { mutate { $0.prompt = newValue } }
        }
        /// The kind of answer.
        public var type: QuestionType {
            get { storage.fields.type }
            set { mutate { $0.type = newValue } }
        }
        /// The options of a choice question.
        public var options: [Option] {
            get { storage.fields.options }
            set { mutate { $0.options = newValue } }
        }
        /// Extra context shown with the question.
        public var additionalInfo: String? {
            get { storage.fields.additionalInfo }
            set { mutate { $0.additionalInfo = newValue } }
        }
        /// The unit of a number answer, e.g. "years".
        public var unit: String? {
            get { storage.fields.unit }
            set { mutate { $0.unit = newValue } }
        }
        /// Whether an answer is needed when the flow reaches the question.
        public var required: Bool {
            get { storage.fields.required }
            set { mutate { $0.required = newValue } }
        }
        /// Next-question rules, tried in order.
        public var next: [NextRule] {
            get { storage.fields.next }
            set { mutate { $0.next = newValue } }
        }

        /// The fields, held in one shared, immutable box: a question is copied wherever the flow, the checks and the
        /// reports list it (a consult's path is an array of its questions), and a copy of eight fields retained one
        /// by one showed in every build's profile. Changing a field makes a new box, so a question is still
        /// a value.
        private var storage: Storage

        private struct Fields: Hashable {
            var id: String
            var prompt: String
            var type: QuestionType
            var options: [Option]
            var additionalInfo: String?
            var unit: String?
            var required: Bool
            var next: [NextRule]
        }

        private final class Storage: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        public init(
            id: String, prompt: String, type: QuestionType, options: [Option], additionalInfo: String?, unit: String?,
            required: Bool, next: [NextRule]
        ) {
            storage = Storage(
                Fields(
                    id: id, prompt: prompt, type: type, options: options, additionalInfo: additionalInfo, unit: unit,
                    required: required, next: next))
        }

        private mutating func mutate(_ change: (inout Fields) -> Void) {
            var fields = storage.fields
            change(&fields)
            storage = Storage(fields)
        }

        public static func == (lhs: Question, rhs: Question) -> Bool {
            lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(storage.fields)
        }

        /// The option with an id, if any.
        public func option(_ id: String) -> Option? { options.first { $0.id == id } }
    }

    /// The id consults refer to.
    public var id: String
    /// The questionnaire's version.
    public var version: String
    /// The title shown on reports.
    public var title: String
    /// The opening message.
    public var intro: String?
    /// The questions, in order.
    public var questions: [Question] {
        didSet { questionIndex = Self.index(of: questions) }
    }
    /// The file it was loaded from.
    public var source: String
    /// Question ids to their position in `questions` (the first, if an id repeats).
    public private(set) var questionIndex: [String: Int]

    /// The most questions a questionnaire may have (formats/README.md, "Limits"); a larger one is an error.
    public static let maximumQuestions = 20_000

    /// Creates a questionnaire.
    public init(id: String, version: String, title: String, intro: String?, questions: [Question], source: String) {
        self.id = id
        self.version = version
        self.title = title
        self.intro = intro
        self.questions = questions
        self.source = source
        questionIndex = Self.index(of: questions)
    }

    /// The question with an id, if any.
    public func question(_ id: String) -> Question? {
        guard let index = questionIndex[id] else { return nil }
        return questions[index]
    }

    private static func index(of questions: [Question]) -> [String: Int] {
        Dictionary(questions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
