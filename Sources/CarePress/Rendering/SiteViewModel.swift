/// The site settings as every template sees them, under `site`.
struct SiteViewModel: ViewModel {
    var site: Site

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .title: .text(site.title)
        case .language: .text(site.language)
        case .disclaimer: .text(site.disclaimer)
        case .description: .text(site.description)
        case .clinic: site.clinic.map { .object(ClinicViewModel(clinic: $0)) }
        default: nil
        }
    }

    /// The settings as a dictionary context, for pages whose contexts are dictionaries.
    var dictionary: [String: Any] {
        var context: [String: Any] = ["title": site.title, "language": site.language, "disclaimer": site.disclaimer]
        if let description = site.description { context["description"] = description }
        if let clinic = site.clinic {
            context["clinic"] = [
                "name": clinic.name, "phone": clinic.phone, "hours": clinic.hours, "urgentCare": clinic.urgentCare,
            ]
        }
        return context
    }
}
