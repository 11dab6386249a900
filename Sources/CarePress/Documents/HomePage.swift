/// The output's front page: links to the guide and, in a build, to the reports.
enum HomePage {
    static let template = "home.md"
    static let path = "index.html"

    /// The page; without `reportCount` (the app kit's guide, which has no reports) it does not mention reports.
    static func render(reportCount: Int?, project: SiteProject, with pages: PageRenderer) throws(TemplateErrors)
        -> OutputFile
    {
        let page = PageRenderer.Page(path: path, title: pages.site.title, breadcrumbs: [.init("Home")], kind: "home")
        var context: [String: Any] = [
            "guideHref": GuidePaths.home, "conditionCount": String(project.knowledge.conditions.count),
            "exerciseCount": String(project.knowledge.exercises.count),
        ]
        if let reportCount {
            context["reportsHref"] = ReportsIndex.path
            context["reportCount"] = String(reportCount)
        }
        return OutputFile(path: path, text: try pages.render(template, context, page: page).html)
    }
}
