/// A field name as the compiled templates look it up and the view models answer it: worked out once, when a
/// template is compiled, so that each view model finds its field by a `switch` over `FieldName.Key` (a jump) rather
/// than by comparing the name with each of its fields' names in turn.
public struct FieldName: Sendable {
    /// The field names CarePress's view models answer (each case is spelt as templates name it).
    public enum Key: String, Sendable, CaseIterable {
        case adherence, age, answer, appendix, area, bodyHTML, bodyMarkdown, breadcrumbs, budget, caution, cautions
        case chartAlt, chartDestination, choices, citations, completedAt, concernMarkdown, condition, content
        case continued, count, countLine, createdAt, current, dataSource, date, daysTracked, description, detail, diets
        case disclaimer, documentTitle, dosage, dose, doses, empty, encouragementMarkdown, entries, entriesHTML
        case evidence, evidenceLevel, exercises, extra, extras, flag, footerDisclaimer, goals, hasCautions
        case hasCitations, hasExercises, hasInactive, hasLog, hasMatches, hasMissing, hasOffPath, hasOptional
        case hasQuestions, hasRedFlags, hasReview, hasSearch, hasTranscript, hasUrgent, hasWarnings, headingHTML, href
        case hrefDestination, id, inactive, inlineStylesheet, inProgress, introHTML, isPatient, kind, kinds, known
        case label, language, last, lastDate, level, log, markdownDestination, matches, minimal, missing, name
        case needsAttention, next, noMatches, noteMarkdown, nothingFlagged, number, offPath, oneChoice, optional, page
        case pageCount, pages, pagination, paginationHTML, patient, patientAge, patientName, planned, previous
        case priorityMarkdown, prompt, purpose, question, questions, quotedMarkdown, rank, reasoningMarkdown, redFlags
        case rejectedURL, reminder, reports, response, review, risks, root, schedule, scriptSource, sections, site
        case span, speaker, startedAt, status, steps, stopped, streak, summary, taken, text, time, timing, title, tone
        case total, transcript, typicalRecovery, unanswered, unavailable, unknown, unknownCondition, untracked, urgent
        case urlDestination, value, warnings, why
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
