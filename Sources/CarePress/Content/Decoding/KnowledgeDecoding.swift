extension BodyArea {
    /// Reads one body area of `body-areas.yml`.
    static func read(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> BodyArea? {
        guard let object = reader.object(node, path, keys: ["id", "name", "description"]) else { return nil }
        let id = object.required("id") { $0.identifier($1, $2, .bodyAreaID) }
        let name = object.requiredString("name", minLength: 1)
        guard let id, let name else { return nil }
        return BodyArea(id: id, name: name, description: object.optionalString("description"))
    }
}

extension RecoveryPhase {
    /// Reads one phase of `phases.yml`.
    static func read(_ node: ContentNode, _ path: ValuePath, _ reader: NodeReader) -> RecoveryPhase? {
        guard
            let object = reader.object(
                node, path, keys: ["id", "name", "order", "typicalWeeks", "goals", "progressWhen"])
        else { return nil }
        let id = object.required("id") { $0.identifier($1, $2, .phaseID) }
        let name = object.requiredString("name", minLength: 1)
        let order = object.required("order") { $0.integer($1, $2, in: 1...Int.max) }
        let goals = object.required("goals") { $0.strings($1, $2, minItems: 1) }
        guard let id, let name, let order, let goals else { return nil }
        return RecoveryPhase(
            id: id, name: name, order: order, typicalWeeks: object.optionalString("typicalWeeks"), goals: goals,
            progressWhen: object.strings("progressWhen"))
    }
}

extension Condition {
    /// Reads one condition file.
    static func read(_ node: ContentNode, _ reader: NodeReader, source: String) -> Condition? {
        guard
            let object = reader.object(
                node, .root,
                keys: [
                    "name", "aliases", "bodyArea", "keywords", "summary", "exercises", "redFlags", "typicalRecovery",
                    "phases",
                ])
        else { return nil }
        let name = object.requiredString("name", minLength: 1)
        let bodyArea = object.requiredString("bodyArea", minLength: 1)
        let keywords = object.required("keywords") { $0.strings($1, $2, minItems: 3) }
        let summary = object.requiredString("summary", minLength: 1)
        let exercises = object.required("exercises") { $0.strings($1, $2, minItems: 3) }
        let redFlags = object.required("redFlags") { $0.strings($1, $2, minItems: 1) }
        let phases =
            object.optional("phases") { reader, node, path in
                reader.array(node, path) { node, path -> PhaseNote? in
                    guard let note = reader.object(node, path, keys: ["phase", "focus"]) else { return nil }
                    let phase = note.requiredString("phase", minLength: 1)
                    let focus = note.requiredString("focus", minLength: 1)
                    guard let phase, let focus else { return nil }
                    return PhaseNote(phase: phase, focus: focus)
                }
            } ?? []
        guard let name, let bodyArea, let keywords, let summary, let exercises, let redFlags else { return nil }
        return Condition(
            name: name, slug: Slug.make(name), aliases: object.strings("aliases"), bodyArea: bodyArea,
            keywords: keywords, summary: summary.trimmingWhitespace, exercises: exercises, redFlags: redFlags,
            typicalRecovery: object.optionalString("typicalRecovery"), phases: phases, source: source)
    }
}

extension Exercise {
    /// Reads one exercise file.
    static func read(_ node: ContentNode, _ reader: NodeReader, source: String) -> Exercise? {
        guard
            let object = reader.object(
                node, .root,
                keys: [
                    "name", "bodyAreas", "phase", "summary", "steps", "dosage", "durationSeconds", "equipment",
                    "cautions",
                ])
        else { return nil }
        let name = object.requiredString("name", minLength: 1)
        let bodyAreas = object.required("bodyAreas") { $0.strings($1, $2, minItems: 1) }
        let phase = object.requiredString("phase", minLength: 1)
        let steps = object.required("steps") { $0.strings($1, $2, minItems: 2) }
        let dosage = object.requiredString("dosage", minLength: 1)
        let duration = object.optional("durationSeconds") { $0.integer($1, $2, in: 1...Int.max) }
        guard let name, let bodyAreas, let phase, let steps, let dosage else { return nil }
        return Exercise(
            name: name, slug: Slug.make(name), bodyAreas: bodyAreas, phase: phase,
            summary: object.optionalString("summary")?.trimmingWhitespace, steps: steps, dosage: dosage,
            durationSeconds: duration, equipment: object.strings("equipment"), cautions: object.strings("cautions"),
            source: source)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines (YAML folded scalars end in a newline).
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
