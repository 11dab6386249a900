/// The view model of one callout (`layouts/callout.html`): its tone and the label word that says it, its heading's id
/// and level, and its HTML (as libcmark wrote it, UTF-8).
struct CalloutViewModel: ViewModel {
    /// The tone, a CSS class (`urgent`, `caution`).
    var tone: String
    /// The tone in a word a reader sees before the heading ("Urgent", "For review"), so that a callout says what it
    /// is by more than its colour (in greyscale print too); nil for a tone a theme made up.
    var label: String? {
        switch tone {
        case "urgent": "Urgent"
        case "caution": "For review"
        default: nil
        }
    }
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
        case .label: .text(label)
        case .id: .text(id)
        case .level: .text(level)
        case .headingHTML: .utf8(headingHTML)
        case .bodyHTML: .utf8(bodyHTML)
        default: nil
        }
    }
}
