import Foundation

/// The result of `carepress match`, as text for people or one JSON object for scripts.
public struct MatchReport: Sendable, Codable {
    /// One matching condition.
    public struct Item: Sendable, Codable {
        /// The condition's name.
        public var name: String
        /// Its body area id.
        public var area: String
        /// How well it fits.
        public var score: Int
        /// What it is, in at most 60 words.
        public var summary: String
        /// Its guide page, relative to the output folder.
        public var page: String
    }

    /// The concern as given.
    public var concern: String
    /// The body area filter, if any.
    public var area: String?
    /// The emergency signs the concern carries, in file order: their advice comes before any condition.
    public var urgentSigns: [EmergencyScreen.UrgentSign]
    /// The best conditions, best first.
    public var matches: [Item]

    /// Matches a concern against a project's knowledge store.
    public init(concern: String, area: String?, knowledge: KnowledgeStore, limit: Int = 3) {
        self.init(
            concern: concern, area: area, knowledge: knowledge, matcher: ConditionMatcher(knowledge: knowledge),
            screen: EmergencyScreen(knowledge: knowledge), limit: limit)
    }

    /// Matches each concern against a project's knowledge store, with one matcher and one screen for them all.
    public static func reports(
        for concerns: [String], area: String?, knowledge: KnowledgeStore, limit: Int = 3
    ) -> [MatchReport] {
        let (matcher, screen) = (ConditionMatcher(knowledge: knowledge), EmergencyScreen(knowledge: knowledge))
        return concerns.map {
            MatchReport(
                concern: $0, area: area, knowledge: knowledge, matcher: matcher, screen: screen, limit: limit)
        }
    }

    /// Matches each concern of `concerns` (the lines of standard input, `match --lines`): the results in order, as
    /// text (each after a `> concern` line, escaped for the terminal: the concern is a patient's words) or, with `json`, one JSON object a line (JSON Lines); a concern too long to
    /// match is an error located at its line (`<stdin>:N:1`), and its result is `{"error": …}`, keeping the lines in
    /// step.
    public static func lines(
        _ concerns: [String], area: String?, knowledge: KnowledgeStore, json: Bool
    ) -> (output: String, errors: [Diagnostic]) {
        let problems = concerns.map(lengthProblem)
        let reports = reports(
            for: zip(concerns, problems).map { $1 == nil ? $0 : "" }, area: area, knowledge: knowledge)
        var (output, errors) = ("", [Diagnostic]())
        for (number, (report, problem)) in zip(reports, problems).enumerated() {
            if let problem {
                errors.append(
                    Diagnostic(.error, file: "<stdin>", position: .init(line: number + 1, column: 1), message: problem))
                output += json ? errorLine(problem) + "\n" : "error: \(problem)\n\n"
            } else {
                output += json ? report.jsonLine + "\n" : "> \(DisplayText.escaped(report.concern))\n\(report.text)\n\n"
            }
        }
        return (output, errors)
    }

    /// The JSON line of a concern that was not matched.
    private static func errorLine(_ problem: String) -> String {
        let encoded = try? JSONEncoder().encode(["error": problem])
        return encoded.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Why a concern is not matched (it is too long), or nil.
    public static func lengthProblem(_ concern: String) -> String? {
        let length = concern.unicodeScalars.count
        guard length > ConditionMatcher.maximumConcernLength else { return nil }
        return "the concern is \(length) characters long; at most \(ConditionMatcher.maximumConcernLength) are "
            + "matched (a concern in a patient's words, not a document)"
    }

    private init(
        concern: String, area: String?, knowledge: KnowledgeStore, matcher: ConditionMatcher, screen: EmergencyScreen,
        limit: Int
    ) {
        self.concern = concern
        self.area = area
        self.urgentSigns = screen.urgentSigns(in: concern)
        self.matches = matcher.matches(for: concern, area: area, limit: limit).compactMap { match in
            guard let condition = knowledge.condition(named: match.name) else { return nil }
            return Item(
                name: match.name, area: match.area, score: match.score, summary: condition.summary,
                page: GuidePaths.condition(condition))
        }
    }

    /// Key-sorted JSON on one line (for JSON Lines).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Pretty, key-sorted JSON.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The advice of each urgent sign first, then numbered lines with each condition's summary, or a sentence saying
    /// nothing matched.
    public var text: String {
        let urgent = urgentSigns.map { "URGENT (\($0.sign)): \($0.advice)\n" }.joined()
        guard !matches.isEmpty else {
            return urgent + (urgent.isEmpty ? "" : "\n")
                + "No condition in the knowledge store matches that concern. Try other words, or leave out --area."
        }
        return urgent + (urgent.isEmpty ? "" : "\n")
            + matches.enumerated().map { index, item in
                "\(index + 1). \(item.name) (\(item.area), score \(item.score))\n   \(item.summary)\n   \(item.page)"
            }.joined(separator: "\n")
    }
}
