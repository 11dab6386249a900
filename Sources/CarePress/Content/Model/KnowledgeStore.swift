/// The recovery knowledge the guide, the physio reports and the matcher draw from, with lookups by name and id.
public struct KnowledgeStore: Sendable {
    /// The body areas, in file order.
    public let areas: [BodyArea]
    /// The recovery phases, by order.
    public let phases: [RecoveryPhase]
    /// The conditions, by name.
    public let conditions: [Condition]
    /// The exercises, by name.
    public let exercises: [Exercise]
    /// The emergency signs concerns are screened for, in file order (`emergency-signs.yml`).
    public let emergencySigns: [EmergencySign]
    /// The matcher's lay words (`lexicon.yml`); empty when the store has none.
    public var lexicon: MatcherLexicon = .empty

    private let areaIndex: [String: Int]
    private let phaseIndex: [String: Int]
    private let conditionIndex: [String: Int]
    private let exerciseIndex: [String: Int]
    private let conditionSlugIndex: [String: Int]
    private let exerciseSlugIndex: [String: Int]

    /// Creates a store; lists are sorted (phases by order, the rest by name) so output never depends on file order.
    public init(
        areas: [BodyArea], phases: [RecoveryPhase], conditions: [Condition], exercises: [Exercise],
        emergencySigns: [EmergencySign] = []
    ) {
        self.areas = areas
        self.emergencySigns = emergencySigns
        self.phases = phases.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        self.conditions = conditions.sorted { $0.name < $1.name }
        self.exercises = exercises.sorted { $0.name < $1.name }
        func index<T>(_ items: [T], _ key: (T) -> String) -> [String: Int] {
            Dictionary(items.enumerated().map { (key($1), $0) }, uniquingKeysWith: { first, _ in first })
        }
        areaIndex = index(self.areas, \.id)
        phaseIndex = index(self.phases, \.id)
        conditionIndex = index(self.conditions, \.name)
        exerciseIndex = index(self.exercises, \.name)
        conditionSlugIndex = index(self.conditions, \.slug)
        exerciseSlugIndex = index(self.exercises, \.slug)
    }

    /// An empty store.
    public static let empty = KnowledgeStore(areas: [], phases: [], conditions: [], exercises: [])

    /// The body area with an id.
    public func area(_ id: String) -> BodyArea? { areaIndex[id].map { areas[$0] } }
    /// The phase with an id.
    public func phase(_ id: String) -> RecoveryPhase? { phaseIndex[id].map { phases[$0] } }
    /// The condition with exactly this name.
    public func condition(named name: String) -> Condition? { conditionIndex[name].map { conditions[$0] } }
    /// The exercise with exactly this name.
    public func exercise(named name: String) -> Exercise? { exerciseIndex[name].map { exercises[$0] } }

    /// The condition a free-form name refers to, ignoring case, spacing and punctuation ("acl tear" → ACL Tear).
    public func condition(matching name: String) -> Condition? {
        condition(named: name) ?? conditionSlugIndex[Slug.make(name)].map { conditions[$0] }
    }

    /// The exercise a free-form name refers to, ignoring case, spacing and punctuation.
    public func exercise(matching name: String) -> Exercise? {
        exercise(named: name) ?? exerciseSlugIndex[Slug.make(name)].map { exercises[$0] }
    }

    /// The conditions of a body area, by name.
    public func conditions(in areaID: String) -> [Condition] {
        conditions.filter { $0.bodyArea == areaID }
    }

    /// The conditions that use an exercise, by name.
    public func conditions(using exercise: Exercise) -> [Condition] {
        conditions.filter { $0.exercises.contains(exercise.name) }
    }
}
