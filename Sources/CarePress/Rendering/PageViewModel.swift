/// A page's view model as its Markdown template sees it: the page's own fields, plus `site` and `root` (which a
/// page's view model does not name itself; its own fields are looked at first, as they are the most asked for).
struct PageViewModel: ViewModel {
    var site: SiteViewModel
    /// The prefix that leads from the page to the output folder.
    var root: String
    /// The page's own view model.
    var page: any ViewModel

    func field(_ name: FieldName) -> TemplateValue? {
        if let value = page.field(name) { return value }
        switch name.key {
        case .site: return .object(site)
        case .root: return .text(root)
        default: return nil
        }
    }
}
