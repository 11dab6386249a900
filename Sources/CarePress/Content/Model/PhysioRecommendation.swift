/// The outcome of one recovery-assistant chat: the patient's concern and the model's structured answer.
public struct PhysioRecommendation: Sendable, Hashable {
    /// The model's structured answer; every field is untrusted.
    public struct Response: Sendable, Hashable {
        /// Why the model chose its answer.
        public var reasoning: String
        /// The condition the model named.
        public var conditionName: String
        /// Where the condition name was written.
        public var conditionPosition: SourcePosition
        /// The exercises the model named, with where each was written.
        public var suggestedExercises: [(name: String, position: SourcePosition)]
        /// An encouraging line for the patient.
        public var encouragement: String

        public static func == (lhs: Response, rhs: Response) -> Bool {
            lhs.reasoning == rhs.reasoning && lhs.conditionName == rhs.conditionName
                && lhs.suggestedExercises.map(\.name) == rhs.suggestedExercises.map(\.name)
                && lhs.encouragement == rhs.encouragement
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(conditionName)
            hasher.combine(suggestedExercises.map(\.name))
        }
    }

    /// The id, unique among physio records; untrusted.
    public var id: String
    /// When the recommendation was made.
    public var createdAt: Timestamp?
    /// The patient's own words.
    public var concern: String
    /// The body area the patient picked, if any.
    public var bodyArea: String?
    /// The model's answer; nil when the model was unavailable.
    public var response: Response?
    /// Why there is no response.
    public var unavailableReason: String?
    /// The chat, if the record has it.
    public var transcript: [TranscriptMessage]
    /// The file it was loaded from.
    public var source: String
    /// Where the `id` value was written.
    public var idPosition: SourcePosition
}
