/// A record that has errors, as the reports index lists it first, so that no record is lost from the triage: its
/// file, who it is for where that could be read, its errors, and its last good report when one is still published.
public struct FailedRecord: Sendable, Hashable {
    /// The kind of record (the folder it is in).
    public var kind: RecordKind
    /// The record file, as diagnostics name it.
    public var file: String
    /// The id the record claims, when it could be read; untrusted.
    public var id: String?
    /// The patient's display name, when it could be read; untrusted.
    public var patient: String?
    /// Its errors, located, in order (at least one).
    public var errors: [Diagnostic]
    /// The summary of the report an earlier build made of this record, while that report is still in the output
    /// folder: the clinician sees both the report (marked as from an earlier build) and why it was not made again.
    public var lastGood: ReportSummary?

    /// The id and patient a record file names, read from its parsed tree whatever else is wrong with it: a consult's
    /// `patient.displayName`, a stack's `user.displayName` (a physio record names no patient).
    static func identity(of node: ContentNode, kind: RecordKind) -> (id: String?, patient: String?) {
        func text(_ node: ContentNode?) -> String? {
            guard case .string(let value)? = node?.value, !value.isEmpty else { return nil }
            return value
        }
        let person: ContentNode? =
            switch kind {
            case .consult: node.child("patient")
            case .stack: node.child("user")
            case .physio: nil
            }
        return (text(node.child("id")), text(person?.child("displayName")))
    }
}

extension [FailedRecord] {
    /// The digest of what the index shows of these failures.
    func combine(into hasher: inout ContentHasher) {
        hasher.combine(length: count)
        for failure in self {
            hasher.combine(failure.kind.rawValue)
            hasher.combine(failure.file)
            hasher.combine(failure.id ?? "\u{0}")
            hasher.combine(failure.patient ?? "\u{0}")
            hasher.combine(length: failure.errors.count)
            for error in failure.errors { hasher.combine(error.description) }
            if let lastGood = failure.lastGood {
                hasher.combine(lastGood.htmlPath)
                hasher.combine(lastGood.title)
                hasher.combine(lastGood.attention.level.rawValue)
            } else {
                hasher.combine("\u{0}")
            }
        }
    }
}
