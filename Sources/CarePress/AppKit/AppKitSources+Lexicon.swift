/// The lexicon in `KnowledgeStore.swift`: the app's matcher reads patients' words exactly as `carepress match` does.
extension AppKitSources {
    /// The declaration of `KnowledgeStore.lexicon`, indented for the body of `struct KnowledgeStore`.
    var lexiconDeclaration: String {
        let lexicon = knowledge.lexicon
        var out = """

                /// The knowledge store's lexicon (`lexicon.yml`): how the matcher reads patients' words.
                static let lexicon = MatcherLexicon(
                    synonyms: [

            """
        for synonym in lexicon.synonyms {
            out += "            MatcherLexicon.Synonym(\n"
            out += "                says: \(Self.list(synonym.says, indent: 16)),\n"
            out += "                means: \(SwiftLiteral.string(synonym.means))),\n"
        }
        out += "        ],\n        bodyParts: [\n"
        for part in lexicon.bodyParts {
            out += "            MatcherLexicon.BodyPart(\n"
            out += "                words: \(Self.list(part.words, indent: 16)),\n"
            out += "                areas: \(Self.list(part.areas, indent: 16))),\n"
        }
        out += "        ],\n        urgentConditions: \(Self.list(lexicon.urgentConditions, indent: 8)),\n"
        out += "        notMusculoskeletal: [\n"
        for group in lexicon.notMusculoskeletal {
            out += "            MatcherLexicon.NotMusculoskeletal(\n"
            out += "                about: \(SwiftLiteral.string(group.about)),\n"
            out += "                says: \(Self.list(group.says, indent: 16))),\n"
        }
        out += "        ])\n"
        return out
    }
}
