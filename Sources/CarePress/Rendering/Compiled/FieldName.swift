/// A field name as the compiled templates look it up and the view models answer it: worked out once, when a
/// template is compiled, so that each view model finds its field by a `switch` over `FieldName.Key` (a jump) rather
/// than by comparing the name with each of its fields' names in turn.
public struct FieldName: Sendable {
    /// The field names CarePress's view models answer (each case is spelt as templates name it).
    public enum Key: String, Sendable, CaseIterable {
        case adherence, age, answer, appendix, area, bodyHTML, bodyMarkdown, breadcrumbs, budget, caution, cautions
        case chartAlt, chartDestination, choices, citations, completedAt, concernMarkdown, condition, content
        case createdAt, date, daysTracked, description, detail, diets, disclaimer, documentTitle, dosage, dose, doses
        case empty, encouragementMarkdown, entries, evidence, evidenceLevel, exercises, extra, extras, flag
        case footerDisclaimer, goals, hasCautions, hasCitations, hasExercises, hasInactive, hasLog, hasMatches
        case hasMissing, hasOffPath, hasOptional, hasQuestions, hasRedFlags, hasReview, hasSearch, hasTranscript
        case hasUrgent, hasWarnings, headingHTML, href, hrefDestination, id, inProgress, inactive, inlineStylesheet
        case isPatient, kind, label, language, last, lastDate, level, log, markdownDestination, matches, minimal
        case missing, name, noMatches, noteMarkdown, nothingFlagged, number, offPath, oneChoice, optional, patient
        case patientAge, patientName, planned, priorityMarkdown, prompt, purpose, question, questions
        case quotedMarkdown, rank, reasoningMarkdown, redFlags, rejectedURL, reminder, reports, response, review
        case risks, root, schedule, site, span, speaker, startedAt, status, steps, stopped, streak, summary, taken
        case known, text, time, timing, title, tone, transcript, typicalRecovery, unanswered, unavailable, unknown
        case unknownCondition, untracked, urgent, urlDestination, value, warnings, why
        case countLine, total, dataSource, scriptSource, kinds, sections, needsAttention, count, continued
        case entriesHTML, paginationHTML, introHTML, pagination, page, pageCount, pages, current, previous, next
        /// `class` (a CSS class), a Swift keyword.
        case `class`
        /// A name no view model of CarePress's has (a dictionary context or a `Named` object may still have it).
        case other = ""
    }

    /// The name as a template writes it.
    public let text: String
    /// Its key; `.other` for a name no view model of CarePress's has.
    public let key: Key

    /// The name `text`.
    public init(_ text: String) {
        self.text = text
        key = Self.keys[text] ?? .other
    }

    private static let keys: [String: Key] = Dictionary(
        uniqueKeysWithValues: Key.allCases.filter { $0 != .other }.map { ($0.rawValue, $0) })
}
