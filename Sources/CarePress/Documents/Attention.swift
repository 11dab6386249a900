/// Whether a report needs a clinician's attention, how urgently, and why in words: what the triage index sorts by.
///
/// Part of ``ReportSummary`` and stored with it in the build manifest (it is `Codable` for that), so an incremental
/// build orders the index without rendering the reports again.
public struct Attention: Sendable, Hashable, Codable {
    /// How urgently a report needs attention, most urgent first.
    public enum Level: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// A consult with an urgent (red flag) answer.
        case urgent
        /// Something a clinician should look at: answers flagged for review, a model's names the guide does not
        /// have, a supplement's caution that concerns a risk the person listed.
        case review
        /// Something to follow up: a consult not finished, a physio record with no personalised answer.
        case followUp
        /// Nothing needs attention.
        case routine

        /// The level in words, as the index shows it.
        public var words: String {
            switch self {
            case .urgent: "Urgent"
            case .review: "For review"
            case .followUp: "Follow up"
            case .routine: "Routine"
            }
        }

        private var rank: Int {
            switch self {
            case .urgent: 0
            case .review: 1
            case .followUp: 2
            case .routine: 3
            }
        }

        /// The more urgent level is the smaller: urgent < review < followUp < routine.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    /// How urgently, from the most urgent reason.
    public var level: Level
    /// Why, in words, most urgent first, e.g. "1 urgent answer: Painful, burning or inflamed scalp"; empty when
    /// routine.
    public var reasons: [String]

    /// Nothing needs attention.
    public static let routine = Attention(level: .routine, reasons: [])

    /// An attention with a level and its reasons.
    public init(level: Level, reasons: [String]) {
        self.level = level
        self.reasons = reasons
    }

    /// The attention of several findings: the most urgent level, and every reason, most urgent first.
    init(_ findings: [(level: Level, reason: String)]) {
        let sorted = findings.enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }
        level = sorted.first?.element.level ?? .routine
        reasons = sorted.map(\.element.reason)
    }

    /// Whether the report needs attention at all.
    public var isNeeded: Bool { level != .routine }
}
