/// A page's view model as its Markdown template sees it: the page's own fields, plus `site` and `root`.
struct PageViewModel: ViewModel {
    var site: SiteViewModel
    /// The prefix that leads from the page to the output folder.
    var root: String
    /// The page's own view model.
    var page: any ViewModel

    func field(_ name: String) -> TemplateValue? {
        switch name {
        case "site": .object(site)
        case "root": .text(root)
        default: page.field(name)
        }
    }
}
