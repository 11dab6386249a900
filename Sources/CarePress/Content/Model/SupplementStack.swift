/// A personalised supplement recommendation with its schedule and the person's tracking log.
public struct SupplementStack: Sendable, Hashable {
    /// When in the day a supplement is taken.
    public enum Timing: String, Sendable, Hashable, CaseIterable {
        case morning = "AM"
        case lunch = "Lunch"
        case evening = "PM"
        case night = "Night"
    }

    /// How strong the evidence for a supplement is.
    public enum Evidence: String, Sendable, Hashable, CaseIterable {
        /// Strong evidence from multiple trials.
        case a = "A"
        /// Some trials.
        case b = "B"
        /// Limited or mixed.
        case c = "C"
    }

    /// A source for a supplement's claims.
    public struct Citation: Sendable, Hashable {
        /// The title of the source.
        public var title: String
        /// Where to read it; untrusted, so only safe web URLs are ever linked.
        public var url: String?
    }

    /// One supplement of the stack.
    public struct Supplement: Sendable, Hashable {
        /// The id reminders and tracking refer to.
        public var id: String
        /// The display name.
        public var name: String
        /// What it is for.
        public var purpose: String
        /// How much to take.
        public var dose: String
        /// When in the day.
        public var timing: [Timing]
        /// The evidence level.
        public var evidence: Evidence
        /// Sources.
        public var citations: [Citation]
        /// Interactions or warnings.
        public var cautions: [String]
        /// Whether the person still takes it.
        public var active: Bool
    }

    /// A daily reminder for one supplement.
    public struct Reminder: Sendable, Hashable {
        /// The supplement it reminds of.
        public var supplementID: String
        /// The time of day, `HH:MM`.
        public var time: String
        /// Whether it is switched on.
        public var enabled: Bool
        /// Where the supplement id was written.
        public var position: SourcePosition
    }

    /// What the person took on one day.
    public struct TrackingDay: Sendable, Hashable {
        /// The day.
        public var date: CalendarDate
        /// The ids of the supplements taken.
        public var taken: [String]
        /// Where each taken id was written.
        public var takenPositions: [SourcePosition]
        /// The person's note for the day.
        public var note: String?
    }

    /// Who the stack is for.
    public struct Person: Sendable, Hashable {
        /// The name to show.
        public var displayName: String?
        /// Age in years.
        public var age: Int?
        /// What they want from supplements, as enum ids such as `joint_health`.
        public var goals: [String]
        /// Health risks that interact with supplements, as ids such as `anticoagulants`.
        public var risks: [String]
        /// Dietary preferences, as ids such as `vegan`.
        public var dietaryPreferences: [String]
        /// Budget per month.
        public var monthlyBudget: Double?
    }

    /// The id, unique among stacks; untrusted.
    public var id: String
    /// When the stack was made.
    public var createdAt: Timestamp?
    /// Who it is for.
    public var person: Person
    /// The person's top priority in their own words.
    public var priority: String?
    /// The essential supplements (1 to 3).
    public var minimal: [Supplement]
    /// The optional extras (up to 3).
    public var optional: [Supplement]
    /// Daily reminders.
    public var reminders: [Reminder]
    /// The tracking log.
    public var tracking: [TrackingDay]
    /// The file it was loaded from.
    public var source: String
    /// Where the `id` value was written.
    public var idPosition: SourcePosition

    /// Every supplement, minimal first.
    public var supplements: [Supplement] { minimal + optional }
}
