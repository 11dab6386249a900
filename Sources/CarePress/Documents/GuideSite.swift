/// The offline recovery guide: home, body areas, conditions, exercises, phases and free-form pages.
public struct GuideSite: Sendable {
    /// The project whose knowledge store the guide shows.
    public let project: SiteProject
    /// The page renderer of the build.
    public let pages: PageRenderer

    /// The templates the guide needs.
    public static let templates = [
        "guide/home.md", "guide/area.md", "guide/condition.md", "guide/exercise.md", "guide/phases.md", "guide/page.md",
    ]

    /// Creates the guide of a project.
    public init(project: SiteProject, pages: PageRenderer) {
        self.project = project
        self.pages = pages
    }

    private var knowledge: KnowledgeStore { project.knowledge }

    /// Every page of the guide.
    public func render() throws(TemplateErrors) -> [OutputFile] {
        var files = [try home()]
        for area in knowledge.areas { files.append(try areaPage(area)) }
        for condition in knowledge.conditions { files.append(try conditionPage(condition)) }
        for exercise in knowledge.exercises { files.append(try exercisePage(exercise)) }
        files.append(try phasesPage())
        for page in project.pages { files.append(try freePage(page)) }
        return files
    }

    private func crumbs(_ trail: PageRenderer.Crumb...) -> [PageRenderer.Crumb] {
        [.init("Home", HomePage.path), .init("Guide", GuidePaths.home)] + trail
    }

    private func home() throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.home
        let context: [String: Any] = [
            "areas": knowledge.areas.map { area -> [String: Any] in
                var item: [String: Any] = [
                    "name": area.name, "href": RelativeLink.to(GuidePaths.area(area.id), from: path),
                    "count": String(knowledge.conditions(in: area.id).count),
                ]
                if let description = area.description { item["description"] = description }
                return item
            },
            "pages": project.pages.map {
                ["title": $0.title, "href": RelativeLink.to(GuidePaths.page($0), from: path)]
            },
            "phasesHref": RelativeLink.to(GuidePaths.phases, from: path),
        ]
        let page = PageRenderer.Page(
            path: path, title: pages.site.title, breadcrumbs: [.init("Home", HomePage.path), .init("Guide")],
            kind: "guide home", hasSearch: true)
        let starters = pages.site.starterPrompts.map { ["text": $0] }
        return OutputFile(
            path: path,
            text: try pages.render("guide/home.md", context, page: page, extraHTML: ["starterPrompts": starters]).html)
    }

    private func areaPage(_ area: BodyArea) throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.area(area.id)
        var context: [String: Any] = [
            "name": area.name,
            "conditions": knowledge.conditions(in: area.id).map { condition -> [String: Any] in
                [
                    "name": condition.name, "summary": condition.summary,
                    "href": RelativeLink.to(GuidePaths.condition(condition), from: path),
                ]
            },
        ]
        if let description = area.description { context["description"] = description }
        let page = PageRenderer.Page(
            path: path, title: area.name, breadcrumbs: crumbs(.init(area.name)), kind: "guide area")
        return OutputFile(path: path, text: try pages.render("guide/area.md", context, page: page).html)
    }

    private func conditionPage(_ condition: Condition) throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.condition(condition)
        let area = knowledge.area(condition.bodyArea)
        let phases = knowledge.phases.compactMap { phase -> [String: Any]? in
            let exercises = condition.exercises.compactMap(knowledge.exercise(named:)).filter { $0.phase == phase.id }
            let focus = condition.phases.first { $0.phase == phase.id }?.focus
            guard !exercises.isEmpty || focus != nil else { return nil }
            var item: [String: Any] = [
                "name": phase.name,
                "exercises": exercises.map { exercise -> [String: Any] in
                    [
                        "name": exercise.name, "dosage": exercise.dosage,
                        "href": RelativeLink.to(GuidePaths.exercise(exercise), from: path),
                    ]
                },
            ]
            if let focus { item["focus"] = focus }
            return item
        }
        var context: [String: Any] = [
            "name": condition.name, "summary": condition.summary, "aliases": condition.aliases.joined(separator: ", "),
            "hasAliases": !condition.aliases.isEmpty, "redFlags": condition.redFlags, "phases": phases,
        ]
        if let recovery = condition.typicalRecovery { context["typicalRecovery"] = recovery }
        if let area {
            context["area"] = ["name": area.name, "href": RelativeLink.to(GuidePaths.area(area.id), from: path)]
        }
        let trail: [PageRenderer.Crumb] = area.map { [.init($0.name, GuidePaths.area($0.id))] } ?? []
        let page = PageRenderer.Page(
            path: path, title: condition.name,
            breadcrumbs: crumbs() + trail + [.init(condition.name)], kind: "guide condition")
        return OutputFile(path: path, text: try pages.render("guide/condition.md", context, page: page).html)
    }

    private func exercisePage(_ exercise: Exercise) throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.exercise(exercise)
        var context: [String: Any] = [
            "name": exercise.name, "steps": exercise.steps, "dosage": exercise.dosage, "cautions": exercise.cautions,
            "equipment": exercise.equipment.joined(separator: ", "), "hasEquipment": !exercise.equipment.isEmpty,
            "conditions": knowledge.conditions(using: exercise).map { condition -> [String: Any] in
                ["name": condition.name, "href": RelativeLink.to(GuidePaths.condition(condition), from: path)]
            },
            "phasesHref": RelativeLink.to(GuidePaths.phases, from: path),
        ]
        if let summary = exercise.summary { context["summary"] = summary }
        if let phase = knowledge.phase(exercise.phase) { context["phase"] = phase.name }
        if let seconds = exercise.durationSeconds { context["duration"] = Self.duration(seconds) }
        let page = PageRenderer.Page(
            path: path, title: exercise.name, breadcrumbs: crumbs(.init(exercise.name)),
            kind: "guide exercise")
        return OutputFile(path: path, text: try pages.render("guide/exercise.md", context, page: page).html)
    }

    private func phasesPage() throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.phases
        let context: [String: Any] = [
            "phases": knowledge.phases.map { phase -> [String: Any] in
                var item: [String: Any] = [
                    "name": phase.name, "order": String(phase.order), "goals": phase.goals,
                    "progressWhen": phase.progressWhen,
                ]
                if let weeks = phase.typicalWeeks { item["typicalWeeks"] = weeks }
                return item
            }
        ]
        let page = PageRenderer.Page(
            path: path, title: "Recovery phases", breadcrumbs: crumbs(.init("Recovery phases")),
            kind: "guide phases")
        return OutputFile(path: path, text: try pages.render("guide/phases.md", context, page: page).html)
    }

    private func freePage(_ guidePage: GuidePage) throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.page(guidePage)
        let page = PageRenderer.Page(
            path: path, title: guidePage.title, breadcrumbs: crumbs(.init(guidePage.title)),
            kind: "guide page")
        // The body is the site authors' own Markdown, so it is inserted as Markdown, unescaped.
        let output = try pages.render("guide/page.md", ["title": guidePage.title, "body": guidePage.body], page: page)
        return OutputFile(path: path, text: output.html)
    }

    /// "About 45 seconds" or "About 2 minutes".
    static func duration(_ seconds: Int) -> String {
        seconds < 90 ? "About \(seconds) seconds" : "About \(Int((Double(seconds) / 60).rounded())) minutes"
    }
}
