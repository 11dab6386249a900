/// A field name as the compiled templates look it up and the view models answer it: worked out once, when a
/// template is compiled, so that each view model finds its field by a `switch` over `FieldName.Key` (a jump) rather
/// than by comparing the name with each of its fields' names in turn.
public struct FieldName: Sendable {
    /// The field names CarePress's view models answer (each case is spelt as templates name it).
    public enum Key: String, Sendable, CaseIterable {
        case adherence, advice, age, answer, appendix, area, bodyHTML, bodyMarkdown, breadcrumbs, budget
        case caution, cautions, chartAlt, chartDestination, choices, citations, completedAt, concernMarkdown
        case condition, content
        case continued, count, countLine, createdAt, current, dataSource, date, daysTracked, description, detail, diets
        case disclaimer, documentTitle, dosage, dose, doses, empty, encouragementMarkdown, entries, entriesHTML, errors
        case evidence, evidenceLevel, exercises, extra, extras, failureCount, failures, failuresHTML, file, flag
        case footerDisclaimer, goals, hasCautions, hasCitations, hasExercises, hasInactive, hasLog, hasMatches
        case hasMissing, hasOffPath, hasOptional, hasQuestions, hasRedFlags, hasReview, hasSearch, hasTranscript
        case hasUrgent, hasUrgentSigns, hasWarnings, headingHTML, href, hrefDestination, id, inactive
        case inlineStylesheet, inProgress
        case introHTML, isPatient, kind, kinds, known, label, language, last, lastDate, lastGood, level, log
        case markdownDestination, matches, minimal, missing, name, needsAttention, next, noMatches, noteMarkdown
        case nothingFlagged, number, offPath, oneChoice, optional, page, pageCount, pages, pagination, paginationHTML
        case patient, patientAge, patientName, planned, previous, priorityMarkdown, prompt, purpose, question
        case questions, quotedMarkdown, rank, reasoningMarkdown, redFlags, rejectedURL, reminder, reports, response
        case review, risks, root, schedule, scriptSource, sections, site, span, speaker, startedAt, status, steps
        case stopped, streak, summary, taken, text, time, timing, title, tone, total, transcript, typicalRecovery
        case unanswered, unavailable, unknown, unknownCondition, untracked, urgent, urgentSigns, urlDestination, value
        case warnings, why
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
