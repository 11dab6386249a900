/// Walks a questionnaire's `next` rules, as the consult app does, to find the path a consult actually took.
public enum ConsultFlow {
    /// The `goto` target that ends the flow.
    public static let end = "end"

    /// The questions the flow visits for these answers, in order.
    ///
    /// At each question the first rule whose `ifAnswer` the answer is (or, for multiple choice, contains) applies,
    /// or the first rule without `ifAnswer`; with none, the flow goes to the following question. An unanswered
    /// question matches only rules without `ifAnswer`. A question is never visited twice, so even a cyclic
    /// questionnaire ends.
    public static func path(through schema: ConsultSchema, answers: (String) -> Consult.Answer?) -> [ConsultSchema
        .Question]
    {
        let index = schema.questionIndex
        var visited = Set<Int>()
        var result: [ConsultSchema.Question] = []
        var current: Int? = schema.questions.isEmpty ? nil : 0
        while let position = current, visited.insert(position).inserted {
            let question = schema.questions[position]
            result.append(question)
            let answer = answers(question.id)
            let rule = question.next.first { rule in
                guard let option = rule.ifAnswer else { return true }
                switch answer {
                case .text(let chosen): return chosen == option
                case .choices(let chosen): return chosen.contains(option)
                case .number, nil: return false
                }
            }
            if let rule {
                current = rule.goto == end ? nil : index[rule.goto]
            } else {
                current = position + 1 < schema.questions.count ? position + 1 : nil
            }
        }
        return result
    }

    /// Checks a questionnaire's rules: targets exist, `ifAnswer` names an option, and no path can loop.
    static func check(_ schema: ConsultSchema, node: ContentNode, log: DiagnosticLog) {
        let index = schema.questionIndex
        for (q, question) in schema.questions.enumerated() {
            let rulesNode = node.child("questions")?.element(q)?.child("next")
            for (r, rule) in question.next.enumerated() {
                let rulePath = ValuePath.root.key("questions").index(q).key("next").index(r)
                if rule.goto != end && index[rule.goto] == nil {
                    log.error(
                        "goto names no question: '\(rule.goto)'", at: rule.position, path: rulePath.key("goto"),
                        hint: Suggestion.hint(for: rule.goto, in: schema.questions.map(\.id) + [end]))
                }
                if let option = rule.ifAnswer {
                    let position = rulesNode?.element(r)?.child("ifAnswer")?.position ?? rule.position
                    if question.type != .singleChoice && question.type != .multipleChoice {
                        log.error(
                            "ifAnswer applies only to choice questions", at: position, path: rulePath.key("ifAnswer"))
                    } else if question.option(option) == nil {
                        log.error(
                            "ifAnswer names no option of '\(question.id)': '\(option)'", at: position,
                            path: rulePath.key("ifAnswer"),
                            hint: Suggestion.hint(for: option, in: question.options.map(\.id)))
                    }
                }
            }
        }
        if let cycle = firstCycle(schema) {
            let names = cycle.map { schema.questions[$0].id }
            let first = cycle[0]
            log.error(
                "the flow can loop: \((names + [names[0]]).joined(separator: " → "))",
                at: node.child("questions")?.element(first)?.position ?? node.position,
                path: ValuePath.root.key("questions").index(first),
                hint: "a goto may only lead to a later question or 'end'")
        }
    }

    /// The questions of a cycle in the graph of every possible step, if there is one.
    static func firstCycle(_ schema: ConsultSchema) -> [Int]? {
        let index = schema.questionIndex
        let count = schema.questions.count
        func successors(_ position: Int) -> [Int] {
            let question = schema.questions[position]
            var result = question.next.compactMap { $0.goto == end ? nil : index[$0.goto] }
            // The fall-through applies unless a rule without ifAnswer always catches the flow first.
            if !question.next.contains(where: { $0.ifAnswer == nil }), position + 1 < count {
                result.append(position + 1)
            }
            return result
        }
        // Depth-first, with an explicit stack (a chain of 100,000 questions would overflow the call stack): each frame
        // is a question on the current path and how many of its successors have been followed.
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        var frames: [(node: Int, successors: [Int], next: Int)] = []
        for start in 0..<count where state[start] == 0 {
            state[start] = 1
            path.append(start)
            frames.append((start, successors(start), 0))
            while let top = frames.indices.last {
                let frame = frames[top]
                guard frame.next < frame.successors.count else {
                    state[frame.node] = 2
                    path.removeLast()
                    frames.removeLast()
                    continue
                }
                frames[top].next += 1
                let next = frame.successors[frame.next]
                if state[next] == 1, let begin = path.firstIndex(of: next) { return Array(path[begin...]) }
                if state[next] == 0 {
                    state[next] = 1
                    path.append(next)
                    frames.append((next, successors(next), 0))
                }
            }
        }
        return nil
    }
}
