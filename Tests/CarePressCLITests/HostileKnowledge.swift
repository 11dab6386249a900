@testable import CarePress

/// A knowledge store made of hostile text, for the kit's compile test: every string field holds quotes,
/// backslashes, `\(`, line breaks, NUL, controls, bidi and format characters, combining marks and text outside
/// ASCII; area ids are Swift keywords, collide once camel-cased, or start with a digit.
enum HostileKnowledge {
    /// The texts every field cycles through.
    static let strings: [String] = [
        "plain text",
        "\"quoted\" and \\backslashed\\",
        "\\(interpolated) \\(1 + 1) \\#(raw)",
        "\"\"\" triple quotes \"\"\"",
        "#\"raw\"# ##\"raw\"##",
        "\\u{41} is not A",
        "line one\nline two\r\nline three\rend",
        "tab\there",
        "NUL\0inside",
        "\u{1}\u{7}\u{1B}[31mred\u{1B}[0m\u{7F}",
        "\u{85}next line\u{2028}line separator\u{2029}paragraph",
        "\u{202E}txt.exe\u{202C} \u{2066}isolate\u{2069} \u{200F}rtl mark",
        "zero\u{200B}width\u{200D}joiner\u{FEFF}bom",
        "\u{301}starts with a combining mark",
        "quote then mark \"\u{301}",
        "cafe\u{301} and caf\u{E9}",
        "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} thumbs \u{1F44D}\u{1F3FD}",
        "\u{10FFFF}\u{E000}\u{FFFE}\u{FFFF}",
        "\u{D55C}\u{AD6D}\u{C5B4} \u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629}",
        "*/ /* // comment #if false #endif",
        "#sourceLocation(file: \"x.swift\", line: 1) @main `back` $0",
        "trailing backslash \\",
        "",
        "   ",
    ]

    /// Area ids that are keywords, members of the generated enum, collide when camel-cased or start with a digit.
    static let areaIDs = [
        "default", "class", "lower-back", "lower_back", "lower__back", "lowerBack", "1st-toe", "self", "Self", "id",
        "displayName", "none", "rawValue", "allCases", "init", "\u{819D}", "_", "Type", "knee",
    ]

    static let phaseIDs = ["default", "class", "phase\"1\\(x)", "\u{202E}rtl"]

    /// The text at a position of the cycle.
    static func text(_ index: Int) -> String { strings[index % strings.count] }

    /// Several texts from a position on.
    static func texts(_ start: Int, count: Int) -> [String] { (0..<count).map { text(start + $0) } }

    /// The store: 19 areas, 4 phases, 12 exercises, 8 conditions, every field hostile.
    static let store: KnowledgeStore = {
        let areas = areaIDs.enumerated().map { index, id in
            BodyArea(id: id, name: "Area \(index) " + text(index), description: index % 3 == 0 ? nil : text(index + 5))
        }
        let phases = phaseIDs.enumerated().map { index, id in
            RecoveryPhase(
                id: id, name: text(index + 2), order: index + 1, typicalWeeks: index == 0 ? nil : text(index + 7),
                goals: texts(index * 6, count: 6), progressWhen: index == 1 ? [] : texts(index * 5 + 1, count: 4))
        }
        let exercises = (0..<12).map { index in
            let name = "Exercise \(index): " + text(index * 2 + 1)
            return Exercise(
                name: name, slug: Slug.make(name),
                bodyAreas: [areaIDs[index % areaIDs.count], areaIDs[(index + 7) % 19]],
                phase: phaseIDs[index % phaseIDs.count], summary: index % 4 == 0 ? nil : text(index + 3),
                steps: texts(index * 2, count: 2 + index % 2), dosage: text(index + 11),
                durationSeconds: index % 2 == 0 ? nil : 30 * index,
                equipment: index % 3 == 0 ? [] : texts(index + 13, count: 2),
                cautions: texts(index + 17, count: 2), source: "hostile")
        }
        let conditions = (0..<8).map { index in
            let name = "Condition \(index) " + text(index * 3)
            return Condition(
                name: name, slug: Slug.make(name),
                aliases: index % 2 == 0 ? [] : [text(index + 9), "hostile alias \(index)"],
                bodyArea: areaIDs[(index * 2) % areaIDs.count],
                keywords: ["hostile\(index)", "knee pain", "sore \(["knee", "back", "neck"][index % 3])"]
                    + texts(index + 4, count: 4),
                summary: text(index * 5 + 2),
                exercises: [exercises[index].name, exercises[(index + 3) % exercises.count].name],
                redFlags: texts(index * 3, count: 3), typicalRecovery: index % 3 == 0 ? nil : text(index + 15),
                phases: [
                    Condition.PhaseNote(phase: phaseIDs[index % 4], focus: text(index + 6)),
                    Condition.PhaseNote(phase: phaseIDs[(index + 1) % 4], focus: text(index + 19)),
                ],
                source: "hostile")
        }
        return KnowledgeStore(areas: areas, phases: phases, conditions: conditions, exercises: exercises)
    }()

    /// Concerns for the hostile store's matcher: its own words, hostile text, with and without an area.
    static let concerns: [(text: String, area: String?)] = {
        var result: [(String, String?)] = []
        for (index, condition) in store.conditions.enumerated() {
            for text in [condition.name, "my knee pain is hostile\(index)", condition.keywords.last ?? "", "sore back"]
            {
                result.append((text, nil))
                result.append((text, condition.bodyArea))
                result.append((text, areaIDs[(index + 5) % areaIDs.count]))
            }
        }
        return result + strings.map { ($0, nil) }
    }()
}
