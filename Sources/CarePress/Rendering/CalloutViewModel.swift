/// The view model of one callout (`layouts/callout.html`): its tone, its heading's id and level, and its HTML (as
/// libcmark wrote it, UTF-8).
struct CalloutViewModel: ViewModel {
    /// The tone, a CSS class (`urgent`, `caution`).
    var tone: String
    /// The heading's id, which the `<aside>` is labelled by (`callout-1`).
    var id: String
    /// The heading level, 2 to 4, as text.
    var level: String
    /// The heading's content as libcmark renders it, without its `<hN>` element.
    var headingHTML: [UInt8]
    /// The body as libcmark renders it, without trailing line feeds.
    var bodyHTML: [UInt8]

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .tone: .text(tone)
        case .id: .text(id)
        case .level: .text(level)
        case .headingHTML: .utf8(headingHTML)
        case .bodyHTML: .utf8(bodyHTML)
        default: nil
        }
    }
}
