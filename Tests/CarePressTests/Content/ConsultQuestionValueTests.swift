import Testing

@testable import CarePress

/// `ConsultSchema.Question` keeps its fields in one shared box; it must still behave as a value.
@Suite("Consult questions are values")
struct ConsultQuestionValueTests {
    static func question(prompt: String = "How long?") -> ConsultSchema.Question {
        ConsultSchema.Question(
            id: "duration", prompt: prompt, type: .singleChoice,
            options: [ConsultSchema.Option(id: "weeks", label: "Weeks", flag: .review)], additionalInfo: nil,
            unit: nil, required: true,
            next: [ConsultSchema.NextRule(ifAnswer: "weeks", goto: "end", position: .start)])
    }

    @Test func changingACopyLeavesTheOriginal() {
        let original = Self.question()
        var copy = original
        copy.prompt = "How many weeks?"
        copy.options.append(ConsultSchema.Option(id: "months", label: "Months", flag: nil))
        copy.required = false
        #expect(original.prompt == "How long?")
        #expect(original.options.map(\.id) == ["weeks"])
        #expect(original.required)
        #expect(copy.prompt == "How many weeks?")
        #expect(copy.options.map(\.id) == ["weeks", "months"])
        #expect(!copy.required)
        #expect(copy.id == "duration" && copy.next == original.next && copy.type == original.type)
    }

    @Test func equalityAndHashingCompareTheFields() {
        let first = Self.question()
        let second = Self.question()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        var changed = second
        changed.unit = "weeks"
        #expect(changed != first)
        changed.unit = nil
        #expect(changed == first)
        #expect(Self.question(prompt: "Other?") != first)
    }
}
