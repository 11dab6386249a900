/// A condition of the knowledge store, such as "ACL Tear", with what patients call it and how to recover.
public struct Condition: Sendable, Hashable {
    /// What a condition suggests for one recovery phase.
    public struct PhaseNote: Sendable, Hashable {
        /// The id of the recovery phase.
        public var phase: String
        /// What to focus on in that phase.
        public var focus: String
    }

    /// The unique display name.
    public var name: String
    /// The file-name form of the name, e.g. `acl-tear`.
    public var slug: String
    /// Other names people use.
    public var aliases: [String]
    /// The id of its body area.
    public var bodyArea: String
    /// Words and phrases patients use for it.
    public var keywords: [String]
    /// At most 60 words on what it is.
    public var summary: String
    /// The names of its exercises.
    public var exercises: [String]
    /// Signs that need prompt medical care.
    public var redFlags: [String]
    /// How long recovery typically takes, e.g. "6-12 weeks".
    public var typicalRecovery: String?
    /// Per-phase notes.
    public var phases: [PhaseNote]
    /// The file it was loaded from.
    public var source: String
}
