import Foundation

/// The clinic that gives patients their reports, from the `clinic` block of `site.yml`: how a patient reaches it,
/// where to go when it cannot help in time, and the time zone and currency its reports are written in.
public struct Clinic: Sendable, Hashable {
    /// The clinic's name, e.g. "Northbridge Example Clinic".
    public var name: String
    /// The phone number as a patient dials it, e.g. "0161 496 0000".
    public var phone: String
    /// When the clinic answers, in words, e.g. "Monday to Friday, 8am to 6pm".
    public var hours: String
    /// What to do when care is needed sooner than the clinic can give it, in the words of its country, e.g.
    /// "call 111, or 999 in an emergency".
    public var urgentCare: String
    /// The IANA time zone reports show times in, e.g. "Europe/London".
    public var timeZone: String
    /// The ISO 4217 code of the currency amounts are in, e.g. "GBP".
    public var currency: String

    /// Creates clinic settings.
    public init(name: String, phone: String, hours: String, urgentCare: String, timeZone: String, currency: String) {
        self.name = name
        self.phone = phone
        self.hours = hours
        self.urgentCare = urgentCare
        self.timeZone = timeZone
        self.currency = currency
    }

    /// The time zone's name as a patient reads it: its place, e.g. "London" for `Europe/London`, "UTC" for `UTC`.
    public var timeZoneName: String {
        let place = timeZone.split(separator: "/").last.map(String.init) ?? timeZone
        return place.replacingOccurrences(of: "_", with: " ")
    }

    /// Whether a text is an IANA time zone identifier this machine's time zone data knows.
    static func isTimeZone(_ text: String) -> Bool {
        knownTimeZones.contains(text)
    }

    /// Whether a text is an ISO 4217 currency code: three capital letters that the code list has.
    static func isCurrency(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            && currencies.contains(text)
    }

    /// Whether a text looks like a phone number: digits, with spaces, `+`, `-`, `.`, `(` and `)` between them, and
    /// at least three digits.
    static func isPhoneNumber(_ text: String) -> Bool {
        let allowed = Set(" +-.()".unicodeScalars)
        return text.unicodeScalars.filter { ("0"..."9").contains($0) }.count >= 3
            && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || allowed.contains($0) }
    }

    /// The time zone identifiers of the machine's time zone data.
    static let knownTimeZones = Set(TimeZone.knownTimeZoneIdentifiers)
    /// The ISO 4217 codes.
    static let currencies = Set(Locale.Currency.isoCurrencies.map(\.identifier))
}
