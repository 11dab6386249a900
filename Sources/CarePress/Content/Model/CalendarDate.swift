/// A day in the proleptic Gregorian calendar, read from an ISO `YYYY-MM-DD` string.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// Creates a date after checking that the day exists.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: Substring) {
        self.init(isoBytes: Array(text.utf8)[...])
    }

    /// Parses the UTF-8 of `YYYY-MM-DD`.
    init?(isoBytes bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = Self.digits(bytes[start..<(start + 4)]),
            let month = Self.digits(bytes[(start + 5)..<(start + 7)]),
            let day = Self.digits(bytes[(start + 8)..<(start + 10)])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01, for differences and streaks.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The date in words, e.g. "2 November 2026" (English, independent of the machine's locale).
    public var longDescription: String {
        var text = NumberText()
        appendLongDescription(to: &text)
        return text.string
    }

    /// Appends the date in words (`longDescription`).
    func appendLongDescription(to text: inout NumberText) {
        text.append(day)
        text.append(" ")
        text.append(Self.monthNames[month - 1])
        text.append(" ")
        text.append(year)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// Zero-pads a number to a width: `String(value)` with zeros before it up to `width` characters (before the sign of
/// a negative number too).
func pad(_ value: Int, _ width: Int) -> String {
    var text = NumberText()
    text.append(value, width: width)
    return text.string
}

/// Text of numbers and words, written into one buffer: the dates and times of every report and index entry. String
/// interpolation with `pad` made a string for each part.
struct NumberText {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(32)
    }

    /// The text made so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a number as `pad(value, width)` writes it.
    mutating func append(_ value: Int, width: Int = 0) {
        var count = 1
        var probe = value.magnitude / 10
        while probe > 0 {
            count += 1
            probe /= 10
        }
        let length = count + (value < 0 ? 1 : 0)
        if width > length { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - length)) }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits, written from the last.
        bytes.append(contentsOf: repeatElement(0, count: count))
        var rest = value.magnitude
        for position in (bytes.count - count..<bytes.count).reversed() {
            bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
