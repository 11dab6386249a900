import Foundation

/// How a report writes times and amounts for its clinic: times in the clinic's time zone with the zone named
/// ("2 November 2026, 09:19 (London time)"), amounts with the clinic's currency ("40 GBP").
///
/// Without a clinic in `site.yml`, times are written as the record gave them, with their offset from UTC, and
/// amounts as bare numbers. The time zone's rules come from Foundation's own copy of the time zone data, so the same
/// input gives the same words.
struct ClinicFormat: Sendable {
    /// The clinic, if `site.yml` names one.
    let clinic: Clinic?
    private let zone: TimeZone?

    /// The format of a site's clinic.
    init(clinic: Clinic?) {
        self.clinic = clinic
        zone = clinic.flatMap { TimeZone(identifier: $0.timeZone) }
    }

    /// The date and time in words, e.g. "2 November 2026, 09:19 (London time)".
    func dateTime(_ time: Timestamp) -> String {
        guard let clinic, let local = local(time) else { return time.longDescription }
        return
            "\(local.date.longDescription), \(pad(local.hour, 2)):\(pad(local.minute, 2)) (\(clinic.timeZoneName) time)"
    }

    /// The day in words at the clinic, e.g. "2 November 2026".
    func date(_ time: Timestamp) -> String {
        (local(time)?.date ?? time.date).longDescription
    }

    /// The time of day at the clinic, e.g. "09:19".
    func clockTime(_ time: Timestamp) -> String {
        guard let local = local(time) else { return time.clockTime }
        return "\(pad(local.hour, 2)):\(pad(local.minute, 2))"
    }

    /// An amount with the currency's code, e.g. "40 GBP"; the bare number without a clinic.
    func amount(_ value: Double) -> String {
        clinic.map { "\(value.formatted) \($0.currency)" } ?? value.formatted
    }

    /// The day, hour and minute of a moment in the clinic's time zone.
    private func local(_ time: Timestamp) -> (date: CalendarDate, hour: Int, minute: Int)? {
        guard let zone else { return nil }
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(time.epochSeconds)))
        let seconds = time.epochSeconds + offset
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - day * 86_400
        return (CalendarDate(dayNumber: day), rest / 3_600, rest % 3_600 / 60)
    }
}

extension CalendarDate {
    /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's civil_from_days).
    init(dayNumber: Int) {
        (year, month, day) = ExportDocument.civilDate(fromDayNumber: dayNumber)
    }
}
