/// The view model of `reports/physio.md.mustache` and its transcript appendix.
///
/// Pre-escaped Markdown: `concernMarkdown`, `reasoningMarkdown`, `encouragementMarkdown` and, in `transcript`,
/// `bodyMarkdown`; link destinations: `hrefDestination`. Everything else is plain text that the template escapes.
struct PhysioReportView: ViewModel {
    /// A condition of the knowledge store, as the report shows it.
    struct Condition: ViewModel {
        var name: String
        var hrefDestination: String
        var summary: String
        var redFlags: [String]
        /// Its place among the matcher's matches, from 1; nil for the model's own condition.
        var rank: String?
        var typicalRecovery: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .name: .text(self.name)
            case .hrefDestination: .text(hrefDestination)
            case .summary: .text(summary)
            case .redFlags: .texts(redFlags)
            case .hasRedFlags: .flag(!redFlags.isEmpty)
            case .rank: .text(rank)
            case .typicalRecovery: .text(typicalRecovery)
            default: nil
            }
        }
    }

    /// An exercise the model suggested: one of the knowledge store's, or a name the store does not have.
    enum Exercise: ViewModel {
        /// The store's exercise, with its instructions.
        case known(
            number: String, name: String, hrefDestination: String, dosage: String, steps: [Step], cautions: [String])
        /// A name the store does not have.
        case unknown(number: String, name: String)

        func field(_ name: FieldName) -> TemplateValue? {
            switch (self, name.key) {
            case (.known(let number, _, _, _, _, _), .number), (.unknown(let number, _), .number): .text(number)
            case (.known(_, let exercise, _, _, _, _), .name), (.unknown(_, let exercise), .name): .text(exercise)
            case (.known, .known): .flag(true)
            case (.unknown, .unknown): .flag(true)
            case (.known(_, _, let destination, _, _, _), .hrefDestination): .text(destination)
            case (.known(_, _, _, let dosage, _, _), .dosage): .text(dosage)
            case (.known(_, _, _, _, let steps, _), .steps): .objects(steps)
            case (.known(_, _, _, _, _, let cautions), .cautions): .texts(cautions)
            case (.known(_, _, _, _, _, let cautions), .hasCautions): .flag(!cautions.isEmpty)
            default: nil
            }
        }
    }

    /// One numbered step of an exercise.
    struct Step: ViewModel {
        var number: String
        var text: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .number: .text(number)
            case .text: .text(text)
            default: nil
            }
        }
    }

    /// What the language model answered.
    struct Response: ViewModel {
        var reasoningMarkdown: String
        var encouragementMarkdown: String
        var exercises: [Exercise]

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .reasoningMarkdown: .text(reasoningMarkdown)
            case .encouragementMarkdown: .text(encouragementMarkdown)
            case .exercises: .objects(exercises)
            case .hasExercises: .flag(!exercises.isEmpty)
            default: nil
            }
        }
    }

    /// An object with one text field, for a section that shows one thing (`{{#unavailable}}{{reason}}`).
    struct Named: ViewModel {
        var key: String
        var text: String

        func field(_ name: FieldName) -> TemplateValue? { name.text == key ? .text(text) : nil }
    }

    var id: String
    var title: String
    var concernMarkdown: String
    var createdAt: String?
    /// The body area the patient picked, by name.
    var area: String?
    /// The knowledge store's condition for the model's condition name.
    var condition: Condition?
    var matches: [Condition]
    /// The advice of each emergency sign the concern carries (`advice`), shown first.
    var urgentSigns: [Named]
    /// The model's condition name when the store does not have it (`name`).
    var unknownCondition: Named?
    var response: Response?
    /// Why there is no response (`reason`), when there is none.
    var unavailable: Named?
    var transcript: [TranscriptView.Turn]

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .id: .text(id)
        case .title: .text(title)
        case .concernMarkdown: .text(concernMarkdown)
        case .createdAt: .text(createdAt)
        case .area: .text(area)
        case .condition: condition.map { .object($0) }
        case .matches: .objects(matches)
        case .hasMatches: .flag(!matches.isEmpty)
        case .urgentSigns: .objects(urgentSigns)
        case .hasUrgentSigns: .flag(!urgentSigns.isEmpty)
        case .noMatches: .flag(condition == nil && matches.isEmpty)
        case .unknownCondition: unknownCondition.map { .object($0) }
        case .response: response.map { .object($0) }
        case .unavailable: unavailable.map { .object($0) }
        case .transcript: .objects(transcript)
        case .hasTranscript: .flag(!transcript.isEmpty)
        default: nil
        }
    }
}
