/// The output's front page: links to the guide and to the reports.
enum HomePage {
    static let template = "home.md"
    static let path = "index.html"

    static func render(reportCount: Int, project: SiteProject, with pages: PageRenderer) throws(TemplateErrors)
        -> OutputFile
    {
        let page = PageRenderer.Page(path: path, title: pages.site.title, breadcrumbs: [.init("Home")], kind: "home")
        let context: [String: Any] = [
            "guideHref": GuidePaths.home, "reportsHref": ReportsIndex.path, "reportCount": String(reportCount),
            "conditionCount": String(project.knowledge.conditions.count),
            "exerciseCount": String(project.knowledge.exercises.count),
        ]
        return OutputFile(path: path, text: try pages.render(template, context, page: page).html)
    }
}
