/// An exercise of the knowledge store, with its steps, dosage and cautions.
public struct Exercise: Sendable, Hashable {
    /// The unique display name.
    public var name: String
    /// The file-name form of the name.
    public var slug: String
    /// The ids of the body areas it works.
    public var bodyAreas: [String]
    /// The id of the earliest recovery phase it suits.
    public var phase: String
    /// One sentence on what it does.
    public var summary: String?
    /// How to do it, step by step.
    public var steps: [String]
    /// How much and how often, e.g. "3 sets of 10, once a day".
    public var dosage: String
    /// About how long one set takes.
    public var durationSeconds: Int?
    /// What is needed.
    public var equipment: [String]
    /// When to take care or stop.
    public var cautions: [String]
    /// The file it was loaded from.
    public var source: String
}
