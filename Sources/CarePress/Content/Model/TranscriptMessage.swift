/// One message of the chat that produced a record.
public struct TranscriptMessage: Sendable, Hashable {
    /// Who wrote a message.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The app's model.
        case assistant
        /// The patient.
        case user
        /// A notice from the app, such as a fallback.
        case system
    }

    /// What a message is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case text
        /// The text names a guide page to link to.
        case leaflet
        /// An outcome statement.
        case diagnosis
        /// A privacy or safety notice.
        case notice
    }

    /// Who wrote it.
    public var role: Role
    /// What was said; untrusted.
    public var text: String
    /// When it was said, as written in the record.
    public var at: Timestamp?
    /// What kind of message it is.
    public var kind: Kind
}
