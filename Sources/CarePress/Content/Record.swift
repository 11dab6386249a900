/// The three kinds of record the apps export.
public enum RecordKind: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case consult
    case physio
    case stack

    /// The folder under `Content/` the records live in, and under `Output/reports/` their reports go to.
    public var folder: String {
        switch self {
        case .consult: "consults"
        case .physio: "physio"
        case .stack: "stacks"
        }
    }

    /// A heading for a group of reports of this kind.
    public var title: String {
        switch self {
        case .consult: "Consults"
        case .physio: "Physio recommendations"
        case .stack: "Supplement stacks"
        }
    }

    /// Consults, then physio, then stacks.
    private var rank: Int {
        switch self {
        case .consult: 0
        case .physio: 1
        case .stack: 2
        }
    }

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool { lhs.rank < rhs.rank }
}

/// One validated record of any kind.
public enum Record: Sendable, Hashable {
    case consult(Consult)
    case physio(PhysioRecommendation)
    case stack(SupplementStack)

    /// The kind of record.
    public var kind: RecordKind {
        switch self {
        case .consult: .consult
        case .physio: .physio
        case .stack: .stack
        }
    }

    /// The record's id; untrusted.
    public var id: String {
        switch self {
        case .consult(let consult): consult.id
        case .physio(let physio): physio.id
        case .stack(let stack): stack.id
        }
    }

    /// Where the record's `id` value was written, for errors about the id.
    public var idPosition: SourcePosition {
        switch self {
        case .consult(let consult): consult.idPosition
        case .physio(let physio): physio.idPosition
        case .stack(let stack): stack.idPosition
        }
    }

    /// The file it was loaded from.
    public var source: String {
        switch self {
        case .consult(let consult): consult.source
        case .physio(let physio): physio.source
        case .stack(let stack): stack.source
        }
    }

    /// The most meaningful time of the record (completion, else creation or start), for "newest first".
    public var date: Timestamp? {
        switch self {
        case .consult(let consult): consult.completedAt ?? consult.startedAt
        case .physio(let physio): physio.createdAt
        case .stack(let stack): stack.createdAt
        }
    }
}

/// A record file found under `Content/`, not yet loaded.
public struct RecordFile: Sendable, Hashable, Comparable {
    /// The kind its folder says it holds.
    public var kind: RecordKind
    /// Its path as shown in diagnostics.
    public var path: String

    /// Creates a reference to a record file.
    public init(kind: RecordKind, path: String) {
        self.kind = kind
        self.path = path
    }

    public static func < (lhs: RecordFile, rhs: RecordFile) -> Bool {
        (lhs.kind, lhs.path) < (rhs.kind, rhs.path)
    }
}
