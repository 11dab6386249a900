import Foundation

@testable import CarePress

/// A small knowledge store held as values, written out as the YAML files of `Content/knowledge/`, and the edits a
/// property test makes to it: each edit changes something a physio or consult report may show, directly or through
/// the condition matcher.
struct KnowledgeModel {
    struct Area {
        var id: String
        var name: String
    }

    struct Phase {
        var id: String
        var name: String
        var goals: [String]
    }

    struct ConditionItem {
        var name: String
        var aliases: [String]
        var area: String
        var keywords: [String]
        var summary: String
        var exercises: [String]
        var redFlags: [String]
        var recovery: String
        var phaseNotes: [(phase: String, focus: String)]
    }

    struct ExerciseItem {
        var name: String
        var areas: [String]
        var phase: String
        var steps: [String]
        var dosage: String
        var cautions: [String]
    }

    var areas: [Area]
    var phases: [Phase]
    var conditions: [ConditionItem]
    var exercises: [ExerciseItem]

    /// Two knee conditions, one lower-back condition, four exercises.
    static let start = KnowledgeModel(
        areas: [Area(id: "knee", name: "Knee"), Area(id: "lower_back", name: "Lower back")],
        phases: [
            Phase(id: "protect", name: "Protect", goals: ["Settle pain"]),
            Phase(id: "strengthen", name: "Strengthen", goals: ["Build strength"]),
        ],
        conditions: [
            ConditionItem(
                name: "Patellofemoral Pain Syndrome", aliases: ["runner's knee"], area: "knee",
                keywords: ["kneecap", "stairs", "going down stairs"],
                summary: "Pain around or behind the kneecap, often worse on stairs.",
                exercises: ["Quad Sets", "Step-Downs", "Bridges"], redFlags: ["The knee is hot, red and swollen"],
                recovery: "6-12 weeks", phaseNotes: [("protect", "Calm the kneecap.")]),
            ConditionItem(
                name: "Patellar Tendinopathy", aliases: [], area: "knee",
                keywords: ["jumping", "below the kneecap", "landing"], summary: "Pain in the tendon below the kneecap.",
                exercises: ["Step-Downs", "Quad Sets", "Bridges"], redFlags: ["The tendon snapped"],
                recovery: "3 months", phaseNotes: [("strengthen", "Load the tendon.")]),
            ConditionItem(
                name: "Mechanical Low Back Pain", aliases: [], area: "lower_back",
                keywords: ["lower back", "sitting", "stiff"], summary: "Back pain that changes with movement.",
                exercises: ["Cat Camel", "Bridges", "Quad Sets"], redFlags: ["Numbness between the legs"],
                recovery: "2-6 weeks", phaseNotes: []),
        ],
        exercises: [
            ExerciseItem(
                name: "Quad Sets", areas: ["knee"], phase: "protect", steps: ["Sit down.", "Tighten the thigh."],
                dosage: "3 sets of 10", cautions: ["Stop if pain is sharp."]),
            ExerciseItem(
                name: "Step-Downs", areas: ["knee"], phase: "strengthen",
                steps: ["Stand on a step.", "Step down slowly."], dosage: "2 sets of 8", cautions: []),
            ExerciseItem(
                name: "Cat Camel", areas: ["lower_back"], phase: "protect",
                steps: ["Kneel on all fours.", "Arch, then round, the back."], dosage: "10 times", cautions: []),
            ExerciseItem(
                name: "Bridges", areas: ["knee", "lower_back"], phase: "strengthen",
                steps: ["Lie on your back.", "Lift the hips."], dosage: "2 sets of 10", cautions: []),
        ])

    /// One change to the store.
    enum Edit {
        case addRedFlag(condition: Int, text: Int)
        case removeRedFlag(condition: Int)
        case setKeywords(condition: Int, words: Int)
        case addAlias(condition: Int, alias: Int)
        case addCondition(words: Int, area: Int)
        case removeCondition(Int)
        case moveCondition(condition: Int, area: Int)
        case editSummary(condition: Int, text: Int)
        case editRecovery(condition: Int, text: Int)
        case editPhaseNote(condition: Int, text: Int)
        case editExercise(exercise: Int, text: Int)
        case renameExercise(exercise: Int)
        case renameArea(area: Int, text: Int)
        case editPhase(phase: Int, text: Int)

        /// The number of kinds of edit.
        static let kinds = 14

        /// The edit of a kind, with two numbers that pick what it changes and how.
        init(kind: Int, _ first: Int, _ second: Int) {
            switch kind % Self.kinds {
            case 0: self = .addRedFlag(condition: first, text: second)
            case 1: self = .removeRedFlag(condition: first)
            case 2: self = .setKeywords(condition: first, words: second)
            case 3: self = .addAlias(condition: first, alias: second)
            case 4: self = .addCondition(words: first, area: second)
            case 5: self = .removeCondition(first)
            case 6: self = .moveCondition(condition: first, area: second)
            case 7: self = .editSummary(condition: first, text: second)
            case 8: self = .editRecovery(condition: first, text: second)
            case 9: self = .editPhaseNote(condition: first, text: second)
            case 10: self = .editExercise(exercise: first, text: second)
            case 11: self = .renameExercise(exercise: first)
            case 12: self = .renameArea(area: first, text: second)
            default: self = .editPhase(phase: first, text: second)
            }
        }
    }

    /// Words and phrases the records' concerns use, so that keywords, aliases and new conditions change the matches.
    static let phrases = [
        "kneecap", "stairs", "jumping", "below the kneecap", "lower back", "sitting", "stiff", "knee", "pain",
        "going down stairs", "runner's knee", "jumper's knee type b", "landing",
    ]
    static let texts = [
        "Call 999 if you cannot stand", "The leg is numb", "Fever with the pain", "Rest, then move gently.",
        "Most people recover in weeks.", "Keep the knee straight.",
    ]

    /// The store after an edit; numbers out of range wrap around, and an edit with nothing to change changes nothing.
    mutating func apply(_ edit: Edit) {
        func pick<T>(_ items: [T], _ index: Int) -> Int? { items.isEmpty ? nil : abs(index) % items.count }
        let phrase = { (index: Int) in Self.phrases[abs(index) % Self.phrases.count] }
        let text = { (index: Int) in Self.texts[abs(index) % Self.texts.count] }
        switch edit {
        case .addRedFlag(let condition, let flag):
            if let index = pick(conditions, condition) { conditions[index].redFlags.append(text(flag)) }
        case .removeRedFlag(let condition):
            // The last one too: a condition without red flags has an error, and leaves the store.
            if let index = pick(conditions, condition), !conditions[index].redFlags.isEmpty {
                conditions[index].redFlags.removeLast()
            }
        case .setKeywords(let condition, let words):
            if let index = pick(conditions, condition) {
                conditions[index].keywords = (0..<3).map { phrase(words + 4 * $0) }
            }
        case .addAlias(let condition, let alias):
            if let index = pick(conditions, condition) { conditions[index].aliases.append(phrase(alias)) }
        case .addCondition(let words, let area):
            let name = "Added Condition \(conditions.count + 1)"
            conditions.append(
                ConditionItem(
                    name: name, aliases: [], area: areas[abs(area) % areas.count].id,
                    keywords: (0..<3).map { phrase(words + $0) }, summary: "A condition added by the test.",
                    exercises: exercises.prefix(3).map(\.name), redFlags: [text(words)], recovery: "1 week",
                    phaseNotes: []))
        case .removeCondition(let condition):
            if let index = pick(conditions, condition) { conditions.remove(at: index) }
        case .moveCondition(let condition, let area):
            if let index = pick(conditions, condition) { conditions[index].area = areas[abs(area) % areas.count].id }
        case .editSummary(let condition, let summary):
            if let index = pick(conditions, condition) { conditions[index].summary = text(summary) }
        case .editRecovery(let condition, let recovery):
            if let index = pick(conditions, condition) { conditions[index].recovery = text(recovery) }
        case .editPhaseNote(let condition, let note):
            if let index = pick(conditions, condition) {
                conditions[index].phaseNotes.append((phases[abs(note) % phases.count].id, text(note)))
            }
        case .editExercise(let exercise, let step):
            if let index = pick(exercises, exercise) {
                exercises[index].steps.append(text(step))
                exercises[index].dosage = "\(abs(step) % 5 + 1) sets of 10"
            }
        case .renameExercise(let exercise):
            // Renamed everywhere it is used, so that the store stays valid.
            if let index = pick(exercises, exercise) {
                let old = exercises[index].name
                let new = old + " Plus"
                exercises[index].name = new
                for condition in conditions.indices {
                    conditions[condition].exercises = conditions[condition].exercises.map { $0 == old ? new : $0 }
                }
            }
        case .renameArea(let area, let name):
            if let index = pick(areas, area) { areas[index].name = text(name) }
        case .editPhase(let phase, let goal):
            if let index = pick(phases, phase) {
                phases[index].goals.append(text(goal))
                phases[index].name += " again"
            }
        }
    }

    /// Writes the store over `Content/knowledge/` of a project, leaving no file of an earlier store behind.
    func write(to project: TemporaryProject) throws {
        let folder = project.path("Content/knowledge")
        if FileManager.default.fileExists(atPath: folder) { try FileManager.default.removeItem(atPath: folder) }
        try project.write(
            "Content/knowledge/body-areas.yml",
            areas.map { "- id: \($0.id)\n  name: \(Self.quoted($0.name))\n" }.joined())
        try project.write(
            "Content/knowledge/phases.yml",
            phases.enumerated().map { order, phase in
                "- { id: \(phase.id), name: \(Self.quoted(phase.name)), order: \(order + 1), "
                    + "goals: \(Self.list(phase.goals)) }\n"
            }.joined())
        for exercise in exercises {
            try project.write(
                "Content/knowledge/exercises/\(Self.slug(exercise.name)).yml",
                """
                name: \(Self.quoted(exercise.name))
                bodyAreas: \(Self.list(exercise.areas))
                phase: \(exercise.phase)
                steps: \(Self.list(exercise.steps))
                dosage: \(Self.quoted(exercise.dosage))
                cautions: \(Self.list(exercise.cautions))

                """)
        }
        for condition in conditions {
            let notes = condition.phaseNotes.map { "  - { phase: \($0.phase), focus: \(Self.quoted($0.focus)) }\n" }
            try project.write(
                "Content/knowledge/conditions/\(Self.slug(condition.name)).yml",
                """
                name: \(Self.quoted(condition.name))
                aliases: \(Self.list(condition.aliases))
                bodyArea: \(condition.area)
                keywords: \(Self.list(condition.keywords))
                summary: \(Self.quoted(condition.summary))
                exercises: \(Self.list(condition.exercises))
                redFlags: \(Self.list(condition.redFlags))
                typicalRecovery: \(Self.quoted(condition.recovery))
                phases:\(notes.isEmpty ? " []" : "\n" + notes.joined())

                """)
        }
        if exercises.isEmpty {
            try FileManager.default.createDirectory(atPath: folder + "/exercises", withIntermediateDirectories: true)
        }
        if conditions.isEmpty {
            try FileManager.default.createDirectory(atPath: folder + "/conditions", withIntermediateDirectories: true)
        }
    }

    /// A YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A YAML flow list of double-quoted strings.
    static func list(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ", ") + "]"
    }

    /// The file name the loader expects for a name.
    static func slug(_ name: String) -> String { Slug.make(name) }
}
