/// What `carepress export` can read: the three kinds of record, and a consult schema.
public enum ExportKind: String, Sendable, Hashable, CaseIterable {
    /// A completed or in-progress consult (`consult.schema.json`).
    case consult
    /// A physio recommendation (`physio.schema.json`).
    case physio
    /// A supplement stack (`stack.schema.json`).
    case stack
    /// A consult questionnaire (`consult-schema.schema.json`).
    case schema

    /// The formats this kind can be exported to, in the order the help lists them.
    public var formats: [ExportFormat] {
        switch self {
        case .consult, .physio, .stack: [.markdown, .html, .json, .fhir, .pdf]
        case .schema: [.json, .fhirQuestionnaire]
        }
    }

    /// The record kind, for the three kinds that are records.
    public var recordKind: RecordKind? {
        switch self {
        case .consult: .consult
        case .physio: .physio
        case .stack: .stack
        case .schema: nil
        }
    }

    /// The top-level keys that together mark a document of this kind.
    public var markerKeys: [String] {
        switch self {
        case .consult: ["schema", "answers"]
        case .physio: ["concern"]
        case .stack: ["user", "minimal"]
        case .schema: ["questions", "version"]
        }
    }

    /// The kinds whose marker keys a parsed document has (exactly one when the kind is clear).
    public static func candidates(for node: ContentNode) -> [ExportKind] {
        guard case .object(let members) = node.value else { return [] }
        let keys = Set(members.map(\.key))
        return allCases.filter { $0.markerKeys.allSatisfy(keys.contains) }
    }

    /// How each kind is recognised, for messages: `consult ("schema" and "answers"), physio ("concern"), ...`.
    static var markerDescription: String {
        allCases.map { kind in
            "\(kind.rawValue) (\(kind.markerKeys.map { "\"\($0)\"" }.joined(separator: " and ")))"
        }.joined(separator: ", ")
    }
}
