/// Maps a questionnaire's `next` rules to FHIR `enableWhen` conditions, only where the mapping is exact.
///
/// FHIR enables an item when its conditions on other items' answers hold (all of them, or any); a disabled
/// item counts as unanswered. So `Q = X` holds only when Q is enabled and its answer is (or contains) X, and
/// `Q != X` holds when Q is disabled or its answer is not (does not contain) X. Two shapes of condition
/// follow from the flow:
///
/// - *skips*: a question T is on the path when no earlier rule jumped over it, so each rule
///   "Q: ifAnswer X goto (past T)" gives T the condition `Q != X`, all of which must hold;
/// - *arrivals*: T is on the path when the flow arrives from one of its predecessors: `Q = X` for a rule
///   "Q: ifAnswer X goto T" (any of which may hold), or the predecessor's own conditions plus `Q != X` for
///   the options of its rules when the flow falls through to T or takes a rule without `ifAnswer`.
///
/// Every candidate is checked against `ConsultFlow.path` itself, for every combination of the answers the
/// rules test (each option a rule names, chosen or not, and no answer). A question gets the first candidate
/// that agrees on every combination; when neither shape does, a bounded search tries every "all" or "any"
/// list of up to three conditions. A question for which nothing is exact (its flow would need "all" and
/// "any" together, such as (A or B) and (C or D), or it is never reached) gets no mapping: the
/// Questionnaire leaves it always enabled and not required, and the export warns about it. Questionnaires
/// whose rules test more than `combinationLimit` combinations (or more than `AnswerSpace.cellLimit`
/// combinations × questions) are not mapped at all. The work is linear in the number of questions: arrivals
/// look only at a question's sources, skips only at the few questions with `ifAnswer` rules, the flow order
/// comes from a heap, and the bounded search shares one budget over the whole questionnaire.
struct EnableWhenMapping {
    /// One condition on a choice question's answer: `=` (is or contains the option) or `!=`.
    struct Condition: Hashable, Comparable {
        /// The position of the question in the questionnaire.
        var question: Int
        /// The option id.
        var option: String
        /// `=` when true, `!=` when false.
        var equals: Bool

        static func < (lhs: Condition, rhs: Condition) -> Bool {
            (lhs.question, lhs.option, lhs.equals ? 0 : 1) < (rhs.question, rhs.option, rhs.equals ? 0 : 1)
        }
    }

    /// When a question is enabled: always (no conditions), or when all or any of the conditions hold.
    struct Enablement: Hashable {
        /// The conditions, sorted.
        var conditions: [Condition]
        /// Whether every condition must hold (`all`) or one is enough (`any`).
        var requiresAll: Bool

        /// Always enabled.
        static let always = Enablement(conditions: [], requiresAll: true)

        /// Enabled when every condition holds.
        static func all(_ conditions: [Condition]) -> Enablement {
            Enablement(conditions: Array(Set(conditions)).sorted(), requiresAll: true)
        }

        /// Enabled when any condition holds.
        static func any(_ conditions: [Condition]) -> Enablement {
            Enablement(conditions: Array(Set(conditions)).sorted(), requiresAll: false)
        }

        /// The conditions as one "all of" list, when they can be read that way.
        var asAllOf: [Condition]? { requiresAll || conditions.count <= 1 ? conditions : nil }
    }

    /// The most answer combinations checked; beyond it a questionnaire is left unmapped.
    static let combinationLimit = 1 << 14

    /// For each question, in questionnaire order, when FHIR should enable it; nil when that cannot be exact.
    let enablements: [Enablement?]
    /// How many questions the mapping looked at while choosing candidates: linear in the questionnaire (a test
    /// holds it there; it was quadratic).
    let visits: Int

    /// Maps a questionnaire that passed `ConsultFlow.check` (no cycles, every target exists).
    init(_ schema: ConsultSchema) {
        guard let space = AnswerSpace(schema, limit: Self.combinationLimit) else {
            enablements = Array(repeating: nil, count: schema.questions.count)
            visits = 0
            return
        }
        var mapper = Mapper(schema: schema, space: space)
        enablements = mapper.run()
        visits = mapper.visits
    }
}

extension EnableWhenMapping {
    /// Every combination of the answers the rules test, with the path the flow takes for each.
    struct AnswerSpace {
        /// A question whose rules test its answer, and the options they name.
        struct Variable {
            let question: Int
            let options: [String]
            let multiple: Bool
            var stateCount: Int { multiple ? 1 << options.count : options.count + 1 }
        }

        let variables: [Variable]
        let variableOfQuestion: [Int: Int]
        /// For each combination, each variable's state: for single choice 0 (none of the named options) or
        /// 1 + the option's position; for multiple choice a bit mask of the named options chosen.
        let states: [[Int]]
        /// For each combination, whether each question is on the path.
        let onPath: [[Bool]]

        init?(_ schema: ConsultSchema, limit: Int) {
            var variables: [Variable] = []
            for (position, question) in schema.questions.enumerated()
            where question.type == .singleChoice || question.type == .multipleChoice {
                var options: [String] = []
                for rule in question.next {
                    if let option = rule.ifAnswer, !options.contains(option) { options.append(option) }
                }
                if options.isEmpty { continue }
                if question.type == .multipleChoice && options.count > 20 { return nil }
                variables.append(
                    Variable(question: position, options: options, multiple: question.type == .multipleChoice))
            }
            // Each combination walks the flow and keeps a row per question: bound the product, not only the count.
            let rowLimit = max(1, Self.cellLimit / max(1, schema.questions.count))
            var total = 1
            for variable in variables {
                total *= variable.stateCount
                if total > min(limit, rowLimit) { return nil }
            }
            self.variables = variables
            variableOfQuestion = Dictionary(
                variables.enumerated().map { ($1.question, $0) }, uniquingKeysWith: { first, _ in first })
            var states: [[Int]] = []
            var onPath: [[Bool]] = []
            states.reserveCapacity(total)
            onPath.reserveCapacity(total)
            for combination in 0..<total {
                var rest = combination
                var state: [Int] = []
                for variable in variables {
                    state.append(rest % variable.stateCount)
                    rest /= variable.stateCount
                }
                var answers: [String: Consult.Answer] = [:]
                for (index, variable) in variables.enumerated() {
                    let id = schema.questions[variable.question].id
                    if variable.multiple {
                        let chosen = variable.options.enumerated().filter { state[index] & (1 << $0.offset) != 0 }
                        if !chosen.isEmpty { answers[id] = .choices(chosen.map(\.element)) }
                    } else if state[index] > 0 {
                        answers[id] = .text(variable.options[state[index] - 1])
                    }
                }
                let visited = Set(ConsultFlow.path(through: schema) { answers[$0] }.map(\.id))
                states.append(state)
                onPath.append(schema.questions.map { visited.contains($0.id) })
            }
            self.states = states
            self.onPath = onPath
        }

        /// The most (combination, question) pairs kept: 20,000 questions leave room for 838 combinations.
        static let cellLimit = 1 << 24

        /// Whether, in a combination, a question's answer is (or contains) an option.
        func answer(_ combination: Int, _ question: Int, is option: String) -> Bool {
            guard let index = variableOfQuestion[question],
                let position = variables[index].options.firstIndex(of: option)
            else { return false }
            let state = states[combination][index]
            return variables[index].multiple ? state & (1 << position) != 0 : state == position + 1
        }
    }

    /// Decides each question in flow order, checking candidates against the real flow.
    struct Mapper {
        let schema: ConsultSchema
        let space: AnswerSpace
        let index: [String: Int]
        var result: [Enablement?]
        var decided: [Bool]
        /// For each combination, whether each decided question is enabled under the mapping chosen so far.
        var enabled: [[Bool]]
        /// For each question, the other questions the flow can step to it from (a rule's goto, or the fall-through
        /// from the question before), ascending: arrivals look only at these, not at every question.
        let sources: [[Int]]
        /// The questions with an `ifAnswer` rule, ascending (at most a few: each one multiplies the answer space).
        let ruled: [Int]
        /// What `search` may still spend over the whole questionnaire; once spent, it finds nothing.
        var searchBudget = Self.totalSearchBudget
        /// Questions looked at while choosing candidates, for tests: it grows linearly with the questionnaire.
        private(set) var visits = 0

        init(schema: ConsultSchema, space: AnswerSpace) {
            self.schema = schema
            self.space = space
            index = schema.questionIndex
            var sources = Array(repeating: [Int](), count: schema.questions.count)
            for (position, question) in schema.questions.enumerated() {
                var targets = Set(question.next.compactMap { schema.questionIndex[$0.goto] })
                if position + 1 < schema.questions.count { targets.insert(position + 1) }
                for target in targets.sorted() where target != position { sources[target].append(position) }
            }
            self.sources = sources
            ruled = schema.questions.indices.filter { schema.questions[$0].next.contains { $0.ifAnswer != nil } }
            result = Array(repeating: nil, count: schema.questions.count)
            decided = Array(repeating: false, count: schema.questions.count)
            enabled = Array(
                repeating: Array(repeating: true, count: schema.questions.count), count: space.states.count)
        }

        mutating func run() -> [Enablement?] {
            for question in flowOrder() {
                visits += sources[question].count + ruled.count
                var candidates: [Enablement] = [.always]
                // Fewer conditions first; on a tie, arrivals before skips.
                let shaped = [arrivals(question), skips(question)].enumerated()
                    .compactMap { item in item.element.map { (item.offset, $0) } }
                    .sorted { ($0.1.conditions.count, $0.0) < ($1.1.conditions.count, $1.0) }.map(\.1)
                for candidate in shaped where !candidates.contains(candidate) { candidates.append(candidate) }
                var chosen = candidates.first { candidate in
                    candidate.conditions.allSatisfy { decided[$0.question] } && isExact(candidate, for: question)
                }
                if chosen == nil {
                    let (found, spent) = search(question, budget: searchBudget)
                    chosen = found
                    searchBudget -= spent
                }
                result[question] = chosen
                for combination in space.states.indices {
                    enabled[combination][question] = chosen.map { evaluate($0, combination) } ?? true
                }
                decided[question] = true
            }
            return result
        }

        /// Whether FHIR, with this candidate, enables the question exactly when the flow visits it.
        func isExact(_ candidate: Enablement, for question: Int) -> Bool {
            space.states.indices.allSatisfy { evaluate(candidate, $0) == space.onPath[$0][question] }
        }

        /// FHIR's reading of an enablement in one combination: a disabled question counts as unanswered.
        func evaluate(_ enablement: Enablement, _ combination: Int) -> Bool {
            guard !enablement.conditions.isEmpty else { return true }
            let holds = enablement.conditions.lazy.map { condition -> Bool in
                let chosen =
                    enabled[combination][condition.question]
                    && space.answer(combination, condition.question, is: condition.option)
                return condition.equals ? chosen : !chosen
            }
            return enablement.requiresAll ? holds.allSatisfy { $0 } : holds.contains(true)
        }

        /// The smallest exact "all" or "any" list of up to three conditions on decided questions, tried one
        /// by one within a fixed amount of work, for flows the two shapes above miss (e.g. "Q = A or Q != B").
        /// It spends at most `budget` (what the whole questionnaire has left) and returns what it spent, so a large
        /// questionnaire cannot multiply the work.
        func search(_ question: Int, budget total: Int) -> (found: Enablement?, spent: Int) {
            var pool: [Condition] = []
            for variable in space.variables where decided[variable.question] && variable.question != question {
                for option in variable.options {
                    pool.append(Condition(question: variable.question, option: option, equals: true))
                    pool.append(Condition(question: variable.question, option: option, equals: false))
                }
            }
            let allowed = min(Self.searchBudget, total)
            var budget = allowed
            for size in 1...3 where size <= pool.count {
                var picks = Array(0..<size)
                while true {
                    let conditions = picks.map { pool[$0] }
                    for requiresAll in size == 1 ? [true] : [true, false] {
                        budget -= space.states.count
                        if budget < 0 { return (nil, allowed) }
                        let candidate: Enablement = requiresAll ? .all(conditions) : .any(conditions)
                        if isExact(candidate, for: question) { return (candidate, allowed - budget) }
                    }
                    // The next combination of `size` positions out of the pool, in lexicographic order.
                    var slot = size - 1
                    while slot >= 0 && picks[slot] == pool.count - size + slot { slot -= 1 }
                    if slot < 0 { break }
                    picks[slot] += 1
                    for next in (slot + 1)..<size { picks[next] = picks[next - 1] + 1 }
                }
            }
            return (nil, allowed - budget)
        }

        /// How many (candidate, combination) checks `search` may spend on one question.
        static let searchBudget = 2_000_000
        /// How many it may spend on a whole questionnaire.
        static let totalSearchBudget = 20_000_000

        /// `Q != X` for every rule of an earlier question that jumps past this one.
        func skips(_ question: Int) -> Enablement? {
            var conditions: [Condition] = []
            for position in ruled where position < question {
                let earlier = schema.questions[position]
                var seen = Set<String>()
                for rule in earlier.next {
                    guard let option = rule.ifAnswer else { break }
                    if seen.insert(option).inserted && jumps(rule, past: question) {
                        conditions.append(Condition(question: position, option: option, equals: false))
                    }
                }
            }
            return conditions.isEmpty ? nil : .all(conditions)
        }

        /// The ways the flow arrives at this question, as one "all" term or several one-condition "any" terms.
        func arrivals(_ question: Int) -> Enablement? {
            var terms: [Enablement] = []
            for position in sources[question] {
                let source = schema.questions[position]
                let multiple = source.type == .multipleChoice
                var earlier: [String] = []
                var caught = false
                for rule in source.next {
                    if let option = rule.ifAnswer {
                        if !earlier.contains(option) && index[rule.goto] == question {
                            var conditions = [Condition(question: position, option: option, equals: true)]
                            if multiple {
                                conditions += earlier.map { Condition(question: position, option: $0, equals: false) }
                            }
                            terms.append(.all(conditions))
                        }
                        earlier.append(option)
                    } else {
                        if index[rule.goto] == question {
                            guard let term = reaching(position, unless: earlier) else { return nil }
                            terms.append(term)
                        }
                        caught = true
                        break
                    }
                }
                if !caught && position + 1 == question {
                    guard let term = reaching(position, unless: earlier) else { return nil }
                    terms.append(term)
                }
            }
            if terms.count == 1 { return terms[0] }
            guard !terms.isEmpty, terms.allSatisfy({ $0.conditions.count == 1 }) else { return nil }
            return .any(terms.flatMap(\.conditions))
        }

        /// "The flow is at this question and its answer is none of these options", when expressible.
        func reaching(_ question: Int, unless options: [String]) -> Enablement? {
            guard decided[question], let reach = result[question] else { return nil }
            if options.isEmpty { return reach }
            guard let base = reach.asAllOf else { return nil }
            return .all(base + options.map { Condition(question: question, option: $0, equals: false) })
        }

        func jumps(_ rule: ConsultSchema.NextRule, past question: Int) -> Bool {
            guard rule.goto != ConsultFlow.end else { return true }
            return (index[rule.goto] ?? -1) > question
        }

        /// The questions in an order where every question comes after those the flow can reach it from.
        func flowOrder() -> [Int] {
            let count = schema.questions.count
            var incoming = Array(repeating: 0, count: count)
            var successors = Array(repeating: [Int](), count: count)
            for (position, question) in schema.questions.enumerated() {
                var targets = Set(question.next.compactMap { index[$0.goto] })
                if !question.next.contains(where: { $0.ifAnswer == nil }), position + 1 < count {
                    targets.insert(position + 1)
                }
                for target in targets where target != position {
                    successors[position].append(target)
                    incoming[target] += 1
                }
            }
            // Always the first question, in questionnaire order, that nothing left leads to (a heap of the ready
            // ones); if a cycle leaves none, the first question not yet placed.
            var order: [Int] = []
            order.reserveCapacity(count)
            var done = Array(repeating: false, count: count)
            var ready = MinimumHeap((0..<count).filter { incoming[$0] == 0 })
            var firstNotDone = 0
            while order.count < count {
                var next: Int
                if let first = ready.popFirst() {
                    next = first
                } else {
                    while done[firstNotDone] { firstNotDone += 1 }
                    next = firstNotDone
                }
                guard !done[next] else { continue }
                done[next] = true
                order.append(next)
                for target in successors[next] {
                    incoming[target] -= 1
                    if incoming[target] == 0 && !done[target] { ready.insert(target) }
                }
            }
            return order
        }
    }
}
