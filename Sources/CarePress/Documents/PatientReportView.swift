/// A report's view model as its templates see it: the report's own fields, plus `attention`, the level that decides
/// what the report tells its patient to do now and what happens next.
///
/// `attention` has one flag per level (`urgent`, `review`, `followUp`, `routine`), exactly one of them set, so the
/// theme words each case itself. The report's own fields are looked at first.
struct PatientReportView: ViewModel {
    /// The report's own view model.
    var report: any ViewModel
    /// How urgently the report needs the clinic's attention.
    var attention: AttentionView

    /// The flags of one attention level.
    struct AttentionView: ViewModel {
        var level: Attention.Level

        func field(_ name: FieldName) -> TemplateValue? {
            switch name.key {
            case .urgent: .flag(level == .urgent)
            case .review: .flag(level == .review)
            case .followUp: .flag(level == .followUp)
            case .routine: .flag(level == .routine)
            default: nil
            }
        }
    }

    /// The view of a report whose attention is at `level`.
    init(_ report: any ViewModel, level: Attention.Level) {
        self.report = report
        attention = AttentionView(level: level)
    }

    func field(_ name: FieldName) -> TemplateValue? {
        if let value = report.field(name) { return value }
        return name.key == .attention ? .object(attention) : nil
    }
}

/// The clinic as templates see it, under `site.clinic`.
struct ClinicViewModel: ViewModel {
    var clinic: Clinic

    func field(_ name: FieldName) -> TemplateValue? {
        switch name.key {
        case .name: .text(clinic.name)
        case .phone: .text(clinic.phone)
        case .hours: .text(clinic.hours)
        case .urgentCare: .text(clinic.urgentCare)
        default: nil
        }
    }
}
