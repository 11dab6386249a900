import FuzzSupport

@testable import CarePress

/// Fuzz target: a consult questionnaire and its flow. The input is a schema, or a JSON array of a schema and a
/// consult. Rejections are reported inside the file; the cycle check agrees with an independent topological sort;
/// the path a consult takes starts at the first question, visits none twice, and only takes steps the rules allow;
/// checking a consult against the schema reports every rejection.
func fuzzConsultFlow(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzing.bytes(data, size)
    guard let root = try? JSONParser.parse(bytes) else { return 0 }
    let pair = root.elements.count == 2 ? root.elements : nil
    let schemaNode = pair?[0] ?? root
    let log = DiagnosticLog(file: "Content/schemas/fuzz.json")
    let schema = ConsultSchema.read(schemaNode, NodeReader(log: log), source: log.file)
    Invariant.requireReported(schema, log.diagnostics, "a schema")
    guard let schema else {
        Invariant.requireLocated(log.diagnostics.map(\.position), in: bytes)
        return 0
    }
    ConsultFlow.check(schema, node: schemaNode, log: log)
    Invariant.requireLocated(log.diagnostics.map(\.position), in: bytes)

    let graph = FlowGraph(schema)
    let cycle = ConsultFlow.firstCycle(schema)
    if let cycle {
        Invariant.require(graph.isCycle(cycle), "firstCycle gave \(cycle), which is not a cycle")
    } else {
        Invariant.require(graph.isAcyclic, "firstCycle found no cycle in a cyclic flow")
    }
    let loopReported = log.diagnostics.contains { $0.message.hasPrefix("the flow can loop") }
    Invariant.require(loopReported == (cycle != nil), "a cycle is reported (\(loopReported)) but found \(cycle ?? [])")

    // Answers: the consult's, or some chosen from the input's bytes.
    var answers: (String) -> Consult.Answer? = { id in
        guard let position = schema.questionIndex[id] else { return nil }
        let options = schema.questions[position].options
        let pick = Int(bytes[position % max(bytes.count, 1)]) % (options.count + 1)
        return pick < options.count ? .text(options[pick].id) : nil
    }
    if let consultNode = pair?[1] {
        let consultLog = DiagnosticLog(file: "Content/consults/fuzz.json")
        let consult = Consult.read(consultNode, NodeReader(log: consultLog), source: consultLog.file)
        Invariant.requireReported(consult, consultLog.diagnostics, "a consult")
        if let consult {
            ConsultChecks(schemas: [schema.id: schema], broken: []).check(consult, node: consultNode, log: consultLog)
            answers = { consult.answer(to: $0) }
        }
        Invariant.requireLocated(consultLog.diagnostics.map(\.position), in: bytes)
    }

    let path = ConsultFlow.path(through: schema, answers: answers)
    guard Set(schema.questions.map(\.id)).count == schema.questions.count else { return 0 }
    let steps = path.compactMap { schema.questionIndex[$0.id] }
    Invariant.require(steps.count == path.count, "the path visits a question that is not in the schema")
    Invariant.require(steps.first == (schema.questions.isEmpty ? nil : 0), "the path does not start at the first")
    Invariant.require(Set(steps).count == steps.count, "the path visits a question twice: \(steps)")
    for (from, to) in zip(steps, steps.dropFirst()) {
        Invariant.require(graph.successors[from].contains(to), "the path steps from \(from) to \(to), no rule does")
    }
    if cycle == nil, let last = steps.last {
        // In a flow without cycles the path ends only at 'end', past the last question or at an unknown goto.
        let question = schema.questions[last]
        let rule = question.next.first { rule in
            guard let option = rule.ifAnswer else { return true }
            switch answers(question.id) {
            case .text(let chosen): return chosen == option
            case .choices(let chosen): return chosen.contains(option)
            case .number, nil: return false
            }
        }
        let stopped =
            rule.map { $0.goto == ConsultFlow.end || schema.questionIndex[$0.goto] == nil }
            ?? (last == schema.questions.count - 1)
        Invariant.require(stopped, "the path stopped at \(last) for no reason")
    }
    return 0
}

/// Every step a questionnaire's rules allow, built independently of `ConsultFlow`.
struct FlowGraph {
    /// The questions each question may lead to.
    let successors: [Set<Int>]

    init(_ schema: ConsultSchema) {
        let count = schema.questions.count
        successors = schema.questions.enumerated().map { position, question in
            var next = Set(
                question.next.compactMap { $0.goto == ConsultFlow.end ? nil : schema.questionIndex[$0.goto] })
            if !question.next.contains(where: { $0.ifAnswer == nil }), position + 1 < count {
                next.insert(position + 1)
            }
            return next
        }
    }

    /// Whether each question of `cycle` leads to the next, and the last back to the first.
    func isCycle(_ cycle: [Int]) -> Bool {
        guard let first = cycle.first, cycle.allSatisfy(successors.indices.contains) else { return false }
        return zip(cycle, cycle.dropFirst() + [first]).allSatisfy { successors[$0].contains($1) }
    }

    /// Whether the graph has a topological order (Kahn's algorithm).
    var isAcyclic: Bool {
        var incoming = [Int](repeating: 0, count: successors.count)
        for next in successors { for target in next { incoming[target] += 1 } }
        var ready = incoming.indices.filter { incoming[$0] == 0 }
        var removed = 0
        while let node = ready.popLast() {
            removed += 1
            for target in successors[node] {
                incoming[target] -= 1
                if incoming[target] == 0 { ready.append(target) }
            }
        }
        return removed == successors.count
    }
}
