extension AppKitSources {
    /// `KnowledgeStore.emergencySigns` in `KnowledgeStore.swift`: every emergency sign of the knowledge store, in file
    /// order, which `KnowledgeStore.urgentSigns(userInput:)` screens a concern for with the shipped `EmergencyScreen`.
    var emergencySigns: String {
        var out = """
                /// Every emergency sign of the knowledge store (`emergency-signs.yml`), in file order.
                static let emergencySigns: [EmergencySign] = [

            """
        for sign in knowledge.emergencySigns {
            out += """
                        EmergencySign(
                            id: \(SwiftLiteral.string(sign.id)),
                            phrasings: \(Self.list(sign.phrasings, indent: 12)),
                            advice: \(SwiftLiteral.string(sign.advice))
                        ),

                """
        }
        out += """
                ]

            """
        return out
    }
}
