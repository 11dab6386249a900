import Foundation

/// Reads the knowledge store's optional `lexicon.yml` (the matcher's lay words; see `MatcherLexicon`), checking
/// it against the store: every phrase reads as at least one word and is listed once, every area and condition it
/// names exists. A phrase with an error is left out (with a located error); a missing file is an empty lexicon.
enum LexiconLoader {
    /// The file's name in the knowledge folder.
    static let fileName = "lexicon.yml"

    /// The lexicon of `folder`, with its problems.
    static func load(
        from folder: String, areaIDs: Set<String>, conditionNames: Set<String>
    ) -> (lexicon: MatcherLexicon, diagnostics: [Diagnostic]) {
        let path = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else { return (.empty, []) }
        let log = DiagnosticLog(file: path)
        guard let root = SourceFile.yaml(path, limit: .knowledge, log: log),
            let object = NodeReader(log: log).object(
                root, .root, keys: ["synonyms", "bodyParts", "urgentConditions", "notMusculoskeletal"])
        else { return (.empty, log.diagnostics) }
        var seen: [[String]: String] = [:]  // each folded phrase, and where it was first listed
        /// The phrases of a list that read as words, each listed once in the file.
        func phrases(_ node: ContentNode?, _ path: ValuePath, _ list: [String], what: String) -> [String] {
            list.enumerated().compactMap { index, phrase in
                let position = node?.element(index)?.position ?? root.position
                let words = ConcernText.words(phrase)
                if words.isEmpty {
                    log.error(
                        "the \(what) '\(phrase)' has no words the matcher reads", at: position, path: path.index(index),
                        hint: "words such as 'my', 'the' and 'and' are left out of every concern")
                    return nil
                }
                if let first = seen[words] {
                    log.error(
                        "'\(phrase)' reads the same as '\(first)', listed before", at: position,
                        path: path.index(index),
                        hint: "list each phrase once in the lexicon")
                    return nil
                }
                seen[words] = phrase
                return phrase
            }
        }
        let synonyms =
            object.optional("synonyms") { reader, node, path in
                reader.array(node, path) { node, path -> MatcherLexicon.Synonym? in
                    guard let item = reader.object(node, path, keys: ["says", "means"]),
                        let says = item.required("says", { $0.strings($1, $2, minItems: 1) }),
                        let means = item.requiredString("means", minLength: 1)
                    else { return nil }
                    if ConcernText.words(means).isEmpty {
                        log.error(
                            "'\(means)' has no words the matcher reads", at: item.position(of: "means"),
                            path: path.key("means"))
                        return nil
                    }
                    return MatcherLexicon.Synonym(
                        says: phrases(item["says"], path.key("says"), says, what: "phrase"), means: means)
                }
            } ?? []
        seen.removeAll()  // a body part may also be a synonym's meaning
        let bodyParts =
            object.optional("bodyParts") { reader, node, path in
                reader.array(node, path) { node, path -> MatcherLexicon.BodyPart? in
                    guard let item = reader.object(node, path, keys: ["words", "areas"]),
                        let words = item.required("words", { $0.strings($1, $2, minItems: 1) }),
                        let areas = item.required("areas", { $0.strings($1, $2, minItems: 1) })
                    else { return nil }
                    for (index, area) in areas.enumerated() where !areaIDs.contains(area) {
                        log.error(
                            "unknown body area '\(area)'", at: item["areas"]?.element(index)?.position ?? node.position,
                            path: path.key("areas").index(index), hint: Suggestion.hint(for: area, in: areaIDs))
                    }
                    return MatcherLexicon.BodyPart(
                        words: phrases(item["words"], path.key("words"), words, what: "body part"),
                        areas: areas.filter(areaIDs.contains))
                }
            } ?? []
        let urgent = object.strings("urgentConditions")
        for (index, name) in urgent.enumerated() where !conditionNames.contains(name) {
            log.error(
                "unknown condition '\(name)'",
                at: object["urgentConditions"]?.element(index)?.position ?? root.position,
                path: ValuePath.root.key("urgentConditions").index(index),
                hint: Suggestion.hint(for: name, in: conditionNames))
        }
        seen.removeAll()
        let folded = MatcherIndex(conditions: [], lexicon: MatcherLexicon(synonyms: synonyms, bodyParts: bodyParts))
        let partPhrases = Set(folded.bodyParts.map(\.from))
        let meant = Set(folded.rewrites.flatMap(\.to))
        let away =
            object.optional("notMusculoskeletal") { reader, node, path in
                reader.array(node, path) { node, path -> MatcherLexicon.NotMusculoskeletal? in
                    guard let item = reader.object(node, path, keys: ["about", "says"]),
                        let about = item.requiredString("about", minLength: 1),
                        let says = item.required("says", { $0.strings($1, $2, minItems: 1) })
                    else { return nil }
                    let listed = phrases(item["says"], path.key("says"), says, what: "word or phrase")
                    return MatcherLexicon.NotMusculoskeletal(
                        about: about,
                        says: listed.filter { phrase in
                            let index = says.firstIndex(of: phrase) ?? 0
                            let position = item["says"]?.element(index)?.position ?? node.position
                            let words = ConcernText.words(phrase)
                            if partPhrases.contains(words) {
                                log.error(
                                    "'\(phrase)' is a body part", at: position, path: path.key("says").index(index),
                                    hint: "a body part says where, not what: list what points away (a rash, a tooth)")
                                return false
                            }
                            let read = MatcherIndex.rewrite(words, folded.rewrites).words
                            if read.allSatisfy(meant.contains) {
                                log.error(
                                    "'\(phrase)' is read as '\(read.joined(separator: " "))', a word of "
                                        + "musculoskeletal concerns too",
                                    at: position, path: path.key("says").index(index),
                                    hint: "it would take matches from concerns about muscles and joints")
                                return false
                            }
                            return true
                        })
                }
            } ?? []
        let lexicon = MatcherLexicon(
            synonyms: synonyms, bodyParts: bodyParts, urgentConditions: urgent.filter(conditionNames.contains),
            notMusculoskeletal: away)
        return (lexicon, log.diagnostics)
    }
}
