/// A part of the body the guide is organised by, such as `knee` or `lower_back`.
public struct BodyArea: Sendable, Hashable, Identifiable {
    /// The stable id, e.g. `wrist_hand`.
    public var id: String
    /// The display name, e.g. "Wrist and hand".
    public var name: String
    /// One sentence about the area.
    public var description: String?
}
