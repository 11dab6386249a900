/// `KnowledgeStore.swift`: the conditions, the matcher and the emergency screen, as `carepress match` builds them.
extension AppKitSources {
    var knowledgeStore: String {
        var out = Self.header
        out += """

            /// A condition of the knowledge store: what it is, what patients call it, its exercises and red flags.
            struct KnowledgeCondition: Sendable {
                /// What a condition suggests for one recovery phase.
                struct PhaseNote: Sendable {
                    /// The id of the recovery phase (`RecoveryPhase.id`).
                    let phase: String
                    /// What to focus on in that phase.
                    let focus: String
                }

                /// The unique display name.
                let name: String
                /// The body area it belongs to.
                let bodyArea: BodyArea
                /// Words and phrases patients use for it.
                let keywords: [String]
                /// What it is, in at most 60 words.
                let summary: String
                /// Its exercises, each the `name` of an `Exercise` (see `ExerciseStore`).
                let exerciseNames: [String]
                /// Signs that need prompt medical care.
                let redFlags: [String]
                /// The file-name form of the name, e.g. `acl-tear`.
                let slug: String
                /// Other names people use for it, matched like its name.
                let aliases: [String]
                /// How long recovery typically takes, when the knowledge store says.
                let typicalRecovery: String?
                /// What to focus on in each recovery phase.
                let phases: [PhaseNote]
                /// Its page in the bundled guide, relative to the kit's `Guide` folder.
                let guidePage: String
            }

            /// The knowledge store compiled into the app, matched by the same code as `carepress match`.
            struct KnowledgeStore {
                /// Every condition, sorted by name.
                static let conditions: [KnowledgeCondition] = [

            """
        for condition in knowledge.conditions {
            out += """
                        KnowledgeCondition(
                            name: \(SwiftLiteral.string(condition.name)),
                            bodyArea: \(areaReference(condition.bodyArea)),
                            keywords: \(Self.list(condition.keywords, indent: 12)),
                            summary: \(SwiftLiteral.string(condition.summary)),
                            exerciseNames: \(Self.list(condition.exercises, indent: 12)),
                            redFlags: \(Self.list(condition.redFlags, indent: 12)),
                            slug: \(SwiftLiteral.string(condition.slug)),
                            aliases: \(Self.list(condition.aliases, indent: 12)),
                            typicalRecovery: \(SwiftLiteral.string(condition.typicalRecovery)),
                            phases: \(Self.phaseNotes(condition.phases)),
                            guidePage: \(SwiftLiteral.string(GuidePaths.condition(condition)))
                        ),

                """
        }
        out += """
                ]

            """
        out += emergencySigns
        out += """

                /// The best three conditions for a concern in the patient's own words, best first, optionally only
                /// within one body area; none when nothing fits.
                static func match(userInput: String, bodyArea: BodyArea?) -> [KnowledgeCondition] {
                    matcher.matches(for: userInput, area: bodyArea?.rawValue, limit: 3).compactMap { byName[$0.name] }
                }

                /// The condition with exactly this name.
                static func condition(named name: String) -> KnowledgeCondition? {
                    byName[name]
                }

                /// The emergency signs a concern in the patient's own words carries, in the knowledge store's order,
                /// each with the advice to show before any condition or exercise; none for an ordinary concern.
                static func urgentSigns(userInput: String) -> [EmergencyScreen.UrgentSign] {
                    screen.urgentSigns(in: userInput)
                }

                /// The matcher over every condition, built once, as `carepress match` builds it.
                private static let matcher = ConditionMatcher(
                    index: MatcherIndex(
                        conditions: conditions.map { condition in
                            MatcherIndex.Source(
                                name: condition.name, slug: condition.slug, area: condition.bodyArea.rawValue,
                                areaName: condition.bodyArea.displayName, summary: condition.summary,
                                aliases: condition.aliases, keywords: condition.keywords)
                        },
                        lexicon: lexicon))

                /// The screen over every emergency sign, built once, as `carepress match` builds it.
                private static let screen = EmergencyScreen(signs: emergencySigns)

                private static let byName: [String: KnowledgeCondition] = Dictionary(
                    conditions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

            """
        out += lexiconDeclaration
        out += "}\n"
        return out
    }
}
