/// The view model of `reports/stack.md.mustache` and `reports/tracking-log.md.mustache`.
///
/// Pre-escaped Markdown: `priorityMarkdown` and, in `log`, `noteMarkdown`; link destinations: `urlDestination`
/// (citations, vetted by `MarkdownEscaping.safeWebURL`) and `chartDestination`. Everything else is plain text that
/// the templates escape.
struct StackReportView: ViewModel {
    /// A supplement as the report describes it.
    struct Supplement: ViewModel {
        var name: String
        var purpose: String
        var dose: String
        /// When to take it, in words.
        var timing: String
        /// The evidence level in words, and its letter.
        var evidence: String
        var evidenceLevel: String
        var cautions: [String]
        var citations: [Citation]

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .name: .text(self.name)
            case .purpose: .text(purpose)
            case .dose: .text(dose)
            case .timing: .text(timing)
            case .evidence: .text(evidence)
            case .evidenceLevel: .text(evidenceLevel)
            case .cautions: .texts(cautions)
            case .hasCautions: .flag(!cautions.isEmpty)
            case .hasCitations: .flag(!citations.isEmpty)
            case .citations: .objects(citations)
            default: nil
            }
        }
    }

    /// A source cited for a supplement.
    struct Citation: ViewModel {
        var title: String
        /// The link destination of a web address that passed `MarkdownEscaping.safeWebURL`.
        var urlDestination: String?
        /// An address that did not, shown as text.
        var rejectedURL: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .title: .text(title)
            case .urlDestination: .text(urlDestination)
            case .rejectedURL: .text(rejectedURL)
            default: nil
            }
        }
    }

    /// A caution that concerns a risk the person listed.
    struct Warning: ViewModel {
        var name: String
        var stopped: Bool
        /// The risks concerned, in a sentence.
        var risks: String
        var caution: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .name: .text(self.name)
            case .stopped: .flag(stopped)
            case .risks: .text(risks)
            case .caution: .text(caution)
            default: nil
            }
        }
    }

    /// One time of day of the daily schedule.
    struct Slot: ViewModel {
        var timing: String
        var entries: [Entry]

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .timing: .text(timing)
            case .entries: .objects(entries)
            case .empty: .flag(entries.isEmpty)
            default: nil
            }
        }
    }

    /// A supplement in a slot of the schedule.
    struct Entry: ViewModel {
        var name: String
        var dose: String
        /// Its reminders, in words.
        var reminder: String

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .name: .text(self.name)
            case .dose: .text(dose)
            case .reminder: .text(reminder)
            default: nil
            }
        }
    }

    /// The adherence figures, in words.
    struct Adherence: ViewModel {
        var daysTracked: String
        var streak: String
        var chartAlt: String
        var chartDestination: String
        var planned: String
        var span: String?
        var lastDate: String?
        var untracked: String?
        var doses: String
        /// Supplements of the daily schedule taken outside the counted doses, in words.
        var notCounted: String?
        /// Supplements taken that are not in the daily schedule, in words.
        var extras: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .daysTracked: .text(daysTracked)
            case .streak: .text(streak)
            case .chartAlt: .text(chartAlt)
            case .chartDestination: .text(chartDestination)
            case .planned: .text(planned)
            case .span: .text(span)
            case .lastDate: .text(lastDate)
            case .untracked: .text(untracked)
            case .doses: .text(doses)
            case .notCounted: .text(notCounted)
            case .extras: .text(extras)
            default: nil
            }
        }
    }

    /// One day of the tracking log.
    struct Day: ViewModel {
        var date: String
        /// What was taken, in words.
        var taken: String
        var extra: String?
        /// The day's notes as an indented block quote.
        var noteMarkdown: String?

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .date: .text(date)
            case .taken: .text(taken)
            case .extra: .text(extra)
            case .noteMarkdown: .text(noteMarkdown)
            default: nil
            }
        }
    }

    var id: String
    var title: String
    var goals: String
    var risks: String
    var diets: String
    var minimal: [Supplement]
    var optional: [Supplement]
    var inactive: [Supplement]
    var schedule: [Slot]
    var age: String?
    var budget: String?
    var priorityMarkdown: String?
    var createdAt: String?
    var warnings: [Warning]
    var adherence: Adherence?
    var log: [Day]

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .id: .text(id)
        case .title: .text(title)
        case .goals: .text(goals)
        case .risks: .text(risks)
        case .diets: .text(diets)
        case .minimal: .objects(minimal)
        case .optional: .objects(optional)
        case .hasOptional: .flag(!optional.isEmpty)
        case .inactive: .objects(inactive)
        case .hasInactive: .flag(!inactive.isEmpty)
        case .schedule: .objects(schedule)
        case .age: .text(age)
        case .budget: .text(budget)
        case .priorityMarkdown: .text(priorityMarkdown)
        case .createdAt: .text(createdAt)
        case .warnings: .objects(warnings)
        case .hasWarnings: .flag(!warnings.isEmpty)
        case .adherence: adherence.map { .object($0) }
        case .log: adherence == nil ? nil : .objects(log)
        case .hasLog: adherence == nil ? nil : .flag(true)
        default: nil
        }
    }
}
