/// An RFC 3339 date-time as a record wrote it, e.g. `2026-11-02T09:19:30Z`.
///
/// The text is kept as written (for exports); the parsed form orders records and prints dates.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The text as written in the record.
    public var text: String
    /// The date part, as written (local to the offset).
    public var date: CalendarDate
    /// Hours, minutes and seconds as written.
    public var hour: Int, minute: Int, second: Int
    /// The offset from UTC in minutes.
    public var offsetMinutes: Int
    /// Seconds since 1970-01-01T00:00:00Z, ignoring fractions.
    public var epochSeconds: Int

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `t`/`z` and a space for `T` are accepted as RFC 3339 allows.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        // The first ten bytes, not `Character`s: where they differ (a combining mark on the tenth), the byte after
        // them is no separator either, so the text is refused both ways.
        guard bytes.count >= 20, let date = CalendarDate(isoBytes: bytes[0..<10]) else { return nil }
        let separator = bytes[10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = CalendarDate.digits(bytes[11..<13]), let minute = CalendarDate.digits(bytes[14..<16]),
            let second = CalendarDate.digits(bytes[17..<19]), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = CalendarDate.digits(bytes[(index + 1)..<(index + 3)]),
                let minutes = CalendarDate.digits(bytes[(index + 4)..<(index + 6)]), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        self.text = text
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offsetMinutes = offset
        self.epochSeconds = date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second - offset * 60
    }

    public var description: String { text }

    /// The date and time in words as written, e.g. "2 November 2026, 09:19 (UTC)".
    public var longDescription: String {
        var text = NumberText()
        date.appendLongDescription(to: &text)
        text.append(", ")
        appendClockTime(to: &text)
        text.append(" (UTC")
        if offsetMinutes != 0 {
            let magnitude = abs(offsetMinutes)
            text.append(offsetMinutes < 0 ? "-" : "+")
            text.append(magnitude / 60, width: 2)
            text.append(":")
            text.append(magnitude % 60, width: 2)
        }
        text.append(")")
        return text.string
    }

    /// The time of day as written, e.g. "09:19".
    public var clockTime: String {
        var text = NumberText()
        appendClockTime(to: &text)
        return text.string
    }

    private func appendClockTime(to text: inout NumberText) {
        text.append(hour, width: 2)
        text.append(":")
        text.append(minute, width: 2)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.epochSeconds, lhs.text) < (rhs.epochSeconds, rhs.text)
    }
}

/// A timestamp is encoded as the text the record had, and decoded by parsing it again.
extension Timestamp: Codable {
    /// Parses the encoded text; an error when it is not an RFC 3339 date-time.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not an RFC 3339 date-time"))
        }
        self = parsed
    }

    /// Encodes the text as the record had it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
