/// The `json` export: one object with the export format's version, the kind, the id, the kind's normalised
/// record and the validation results (`formats/export.schema.json`).
enum ExportDocument {
    /// The version of the `json` export's shape; it changes only when a consumer would have to change.
    static let formatVersion = "carepress-export/1"

    /// The whole document for a record or schema and the warnings it had.
    static func make(kind: ExportKind, id: String, body: JSONValue, warnings: [Diagnostic]) -> JSONValue {
        .object([
            ("schemaVersion", .string(formatVersion)),
            ("kind", .string(kind.rawValue)),
            ("id", .string(id)),
            (kind.rawValue, body),
            (
                "validation",
                .object([
                    ("valid", .bool(true)),
                    ("errors", .array([])),
                    ("warnings", .array(warnings.map(diagnostic))),
                ])
            ),
        ])
    }

    /// A diagnostic as `{file, line, column, path, message, hint}`.
    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("file", .string(diagnostic.file)),
            ("line", .integer(diagnostic.position.line)),
            ("column", .integer(diagnostic.position.column)),
            ("path", .string(diagnostic.path)),
            ("message", .string(diagnostic.message)),
            ("hint", .string(diagnostic.hint)),
        ])
    }

    /// A date-time as `{text, utc}`: as written, and normalised to UTC (to the second), or null.
    static func timestamp(_ timestamp: Timestamp?) -> JSONValue {
        guard let timestamp else { return .null }
        return .object([("text", .string(timestamp.text)), ("utc", .string(utcText(timestamp)))])
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for the same instant (fractions of a second dropped).
    static func utcText(_ timestamp: Timestamp) -> String {
        let seconds = timestamp.epochSeconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let date = civilDate(fromDayNumber: days)
        return
            "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T\(pad(inDay / 3_600, 2)):\(pad(inDay % 3_600 / 60, 2)):\(pad(inDay % 60, 2))Z"
    }

    /// The calendar date of a day number (days since 1970-01-01); Howard Hinnant's civil_from_days.
    static func civilDate(fromDayNumber dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A chat transcript as `[{role, kind, text, at}]`, message by message as the record has it.
    static func transcript(_ messages: [TranscriptMessage]) -> JSONValue {
        .array(
            messages.map { message in
                .object([
                    ("role", .string(message.role.rawValue)),
                    ("kind", .string(message.kind.rawValue)),
                    ("text", .string(message.text)),
                    ("at", timestamp(message.at)),
                ])
            })
    }
}
