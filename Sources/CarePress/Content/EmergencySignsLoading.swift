import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension KnowledgeLoader {
    /// The file of the knowledge store that lists the emergency signs concerns are screened for.
    static let emergencySignsFile = "emergency-signs.yml"

    /// Reads `emergency-signs.yml`: each sign with an id unique in the file, at least one phrasing that leaves a word
    /// to match, and advice (warned about above grade 8). A missing file is a warning, since nothing is screened
    /// without it; one that is there but cannot be read makes the store unreadable, like the other list files.
    static func loadEmergencySigns(
        _ folder: String, _ diagnostics: inout [Diagnostic], _ unreadableParts: inout [Diagnostic]
    ) -> [EmergencySign] {
        let path = folder.appendingPathComponent(emergencySignsFile)
        var link = stat()
        if lstat(path, &link) != 0 && errno == ENOENT {
            diagnostics.append(
                Diagnostic(
                    .warning, file: path, position: .start,
                    message: "missing: concerns are not screened for emergency signs, so someone describing an "
                        + "emergency may be shown exercises",
                    hint: "`carepress init` writes one to start from; its format is in formats/README.md"))
            return []
        }
        let list = loadList(path, &diagnostics, &unreadableParts) { EmergencySign.read($0, $1, $2) }
        var unique = UniqueNames()
        unique.check(
            list.items.map { ($0.value.id, $0.node.child("id")?.position ?? $0.node.position, list.file) },
            what: "emergency sign id", into: &diagnostics)
        var seen = Set<String>()
        return list.items.map(\.value).filter { seen.insert($0.id).inserted }
    }
}

extension EmergencySign {
    /// Reads one sign of `emergency-signs.yml`.
    static func read(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> EmergencySign? {
        guard let object = reader.object(node, path, keys: ["id", "phrasings", "advice"]) else { return nil }
        let id = object.required("id") { $0.identifier($1, $2, .signID) }
        let phrasings = object.required("phrasings") { reader, node, path in
            reader.array(node, path, minItems: 1) { node, path -> String? in
                guard let text = reader.string(node, path, minLength: 1) else { return nil }
                guard !EmergencyScreen.words(text).isEmpty else {
                    reader.log.error(
                        "phrasing '\(text)' has no word to match", at: node.position, path: path,
                        hint: "words such as 'my', 'the' and 'can' are left out; write what a patient says, "
                            + "e.g. \"can't control my bladder\"")
                    return nil
                }
                return text
            }
        }
        let advice = object.requiredString("advice", minLength: 1)
        guard let id, let phrasings, let advice else { return nil }
        let grade = ReadingLevel.grade(advice)
        if grade > ReadingLevel.summaryGradeLimit {
            reader.log.warning(
                "advice reads at grade \(ReadingLevel.formatted(grade)) (Flesch-Kincaid); patients need grade "
                    + "\(Int(ReadingLevel.summaryGradeLimit)) or below",
                at: object.position(of: "advice"), path: path.key("advice"),
                hint: "say what to do now in short, everyday words, e.g. \"Call 999 now or go to A&E.\"")
        }
        return EmergencySign(id: id, phrasings: phrasings, advice: advice.trimmingWhitespace)
    }
}
