/// The offline recovery guide: home, body areas, conditions, exercises, phases and free-form pages.
///
/// Every page is Markdown first. Pages that need structure Markdown cannot express (the search form, the urgent-care
/// callout) are composed by an HTML template from Markdown parts, each rendered by libcmark in safe mode.
public struct GuideSite: Sendable {
    /// The project whose knowledge store the guide shows.
    public let project: SiteProject
    /// The page renderer of the build.
    public let pages: PageRenderer
    /// The condition matcher's index, for the search: in a build, the one the reports' matcher is made of (its index
    /// is built once, by whichever asks first).
    let matcherIndex: @Sendable () -> MatcherIndex

    /// The templates the guide needs.
    public static let templates = [
        "guide/home.md", "guide/home-browse.md", "guide/home.html", "guide/area.md", "guide/condition.md",
        "guide/condition-red-flags.md", "guide/condition-exercises.md", "guide/condition.html", "guide/exercise.md",
        "guide/phases.md", "guide/page.md",
    ]

    /// The slug of the free-form page that the urgent-care callouts link to, when the project has one.
    public static let helpPageSlug = "when-to-get-help"

    /// Creates the guide of a project.
    public init(project: SiteProject, pages: PageRenderer) {
        self.init(project: project, pages: pages) { MatcherIndex(knowledge: project.knowledge) }
    }

    /// Creates the guide of a project whose search uses the index `matcherIndex` gives.
    init(project: SiteProject, pages: PageRenderer, matcherIndex: @escaping @Sendable () -> MatcherIndex) {
        self.project = project
        self.pages = pages
        self.matcherIndex = matcherIndex
    }

    private var knowledge: KnowledgeStore { project.knowledge }

    /// Every page of the guide, and the search index its home page loads.
    /// The paths of every file `render()` writes, known without rendering, so reports can check their links first.
    public var paths: [String] {
        [GuidePaths.home, GuideSearchIndex.path] + knowledge.areas.map { GuidePaths.area($0.id) }
            + knowledge.conditions.map(GuidePaths.condition) + knowledge.exercises.map(GuidePaths.exercise)
            + [GuidePaths.phases] + project.pages.map(GuidePaths.page)
    }

    public func render() throws(TemplateErrors) -> [OutputFile] {
        var files = [try home(), GuideSearchIndex(knowledge: knowledge, matcher: matcherIndex()).file]
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
                let count = knowledge.conditions(in: area.id).count
                var item: [String: Any] = [
                    "id": area.id, "name": area.name, "href": RelativeLink.to(GuidePaths.area(area.id), from: path),
                    "count": count == 1 ? "1 condition" : "\(count) conditions",
                ]
                if let description = area.description { item["description"] = description }
                return item
            },
            "pages": project.pages.map {
                ["title": $0.title, "href": RelativeLink.to(GuidePaths.page($0), from: path)]
            },
            "phasesHref": RelativeLink.to(GuidePaths.phases, from: path),
            "starterPrompts": pages.site.starterPrompts.map { ["text": $0] },
            "hasStarterPrompts": !pages.site.starterPrompts.isEmpty,
        ]
        let page = PageRenderer.Page(
            path: path, title: "Search and browse", breadcrumbs: [.init("Home", HomePage.path), .init("Guide")],
            kind: "guide home", hasSearch: true)
        var composed = context
        composed["introHTML"] = try pages.fragment("guide/home.md", context, page: page)
        composed["browseHTML"] = try pages.fragment("guide/home-browse.md", context, page: page)
        let content = try pages.templates.render("guide/home.html", composed)
        return OutputFile(path: path, text: try pages.html(content: content, page: page))
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
        let exercises = condition.exercises.compactMap(knowledge.exercise(named:))
        let phases = knowledge.phases.compactMap { phase -> [String: Any]? in
            let inPhase = exercises.filter { $0.phase == phase.id }
            let focus = condition.phases.first { $0.phase == phase.id }?.focus
            guard !inPhase.isEmpty || focus != nil else { return nil }
            var item: [String: Any] = [
                "order": String(phase.order), "name": phase.name,
                "exercises": inPhase.map { exercise -> [String: Any] in
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
            "phasesHref": RelativeLink.to(GuidePaths.phases, from: path),
        ]
        if let recovery = condition.typicalRecovery { context["typicalRecovery"] = recovery }
        if let area {
            context["area"] = ["name": area.name, "href": RelativeLink.to(GuidePaths.area(area.id), from: path)]
        }
        if let help = project.pages.first(where: { $0.slug == Self.helpPageSlug }) {
            context["helpHref"] = RelativeLink.to(GuidePaths.page(help), from: path)
        }
        let trail: [PageRenderer.Crumb] = area.map { [.init($0.name, GuidePaths.area($0.id))] } ?? []
        let page = PageRenderer.Page(
            path: path, title: condition.name,
            breadcrumbs: crumbs() + trail + [.init(condition.name)], kind: "guide condition")
        var composed = context
        composed["introHTML"] = try pages.fragment("guide/condition.md", context, page: page)
        composed["redFlagsHTML"] = try pages.fragment("guide/condition-red-flags.md", context, page: page)
        composed["exercisesHTML"] = try pages.fragment("guide/condition-exercises.md", context, page: page)
        let content = try pages.templates.render("guide/condition.html", composed)
        return OutputFile(path: path, text: try pages.html(content: content, page: page))
    }

    private func exercisePage(_ exercise: Exercise) throws(TemplateErrors) -> OutputFile {
        let path = GuidePaths.exercise(exercise)
        var context: [String: Any] = [
            "name": exercise.name, "steps": exercise.steps, "dosage": exercise.dosage, "cautions": exercise.cautions,
            "hasCautions": !exercise.cautions.isEmpty,
            "equipment": exercise.equipment.joined(separator: ", "), "hasEquipment": !exercise.equipment.isEmpty,
            "conditions": knowledge.conditions(using: exercise).map { condition -> [String: Any] in
                ["name": condition.name, "href": RelativeLink.to(GuidePaths.condition(condition), from: path)]
            },
            "hasConditions": !knowledge.conditions(using: exercise).isEmpty,
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
                    "progressWhen": phase.progressWhen, "hasProgressWhen": !phase.progressWhen.isEmpty,
                    "exercises": knowledge.exercises.filter { $0.phase == phase.id }.map { exercise -> [String: Any] in
                        ["name": exercise.name, "href": RelativeLink.to(GuidePaths.exercise(exercise), from: path)]
                    },
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

    /// "About 90 seconds" or "About 3 minutes": seconds below two minutes, whole minutes from there.
    static func duration(_ seconds: Int) -> String {
        seconds < 120 ? "About \(seconds) seconds" : "About \(Int((Double(seconds) / 60).rounded())) minutes"
    }
}
