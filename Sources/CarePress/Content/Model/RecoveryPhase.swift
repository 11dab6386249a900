/// A stage of recovery, such as protect or strengthen, with its goals and the signs it is time to move on.
public struct RecoveryPhase: Sendable, Hashable, Identifiable {
    /// The stable id, e.g. `strengthen`.
    public var id: String
    /// The display name.
    public var name: String
    /// The position in the sequence of phases, from 1.
    public var order: Int
    /// Roughly when the phase happens, e.g. "0-2" weeks.
    public var typicalWeeks: String?
    /// What the phase aims for.
    public var goals: [String]
    /// The criteria for moving to the next phase.
    public var progressWhen: [String]
}
