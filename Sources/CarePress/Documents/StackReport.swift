/// The report of a supplement stack: who it is for, what to take and when, and how well it has been kept.
struct StackReport {
    let stack: SupplementStack

    static let template = "reports/stack.md"

    var htmlPath: String { ReportPaths.html(kind: .stack, id: stack.id) }

    var title: String { "Supplement plan" }

    var summary: ReportSummary {
        let names = stack.minimal.map(\.name).joined(separator: ", ")
        return ReportSummary(
            kind: .stack, id: stack.id, title: stack.person.displayName.map { "Supplement plan for \($0)" } ?? title,
            detail: names, date: stack.createdAt, htmlPath: htmlPath)
    }

    var context: [String: Any] {
        var context: [String: Any] = [
            "id": stack.id,
            "title": title,
            "minimal": stack.minimal.filter(\.active).map(supplementContext),
            "optional": stack.optional.filter(\.active).map(supplementContext),
            "inactive": stack.supplements.filter { !$0.active }.map(supplementContext),
        ]
        if let name = stack.person.displayName { context["personName"] = name }
        if let priority = stack.priority { context["priority"] = priority }
        if let date = stack.createdAt { context["createdAt"] = date.longDescription }
        return context
    }

    private func supplementContext(_ supplement: SupplementStack.Supplement) -> [String: Any] {
        [
            "name": supplement.name,
            "purpose": supplement.purpose,
            "dose": supplement.dose,
            "timing": supplement.timing.map(\.rawValue).joined(separator: ", "),
            "evidence": supplement.evidence.rawValue,
            "cautions": supplement.cautions,
            "citations": supplement.citations.map { citation -> [String: Any] in
                var item: [String: Any] = ["title": citation.title]
                if let url = citation.url.flatMap(MarkdownEscaping.safeWebURL) { item["url"] = url }
                return item
            },
        ]
    }
}
