/// The stored form of a report summary in the build manifest: a few bytes of fixed fields, then length-prefixed UTF-8
/// strings, the fields that order the reports index first.
///
/// The reports index reads every record's summary back on each build that changes one, twice (once for the order,
/// once for its page), so this form is made to be cheap to read: no keys, no escaping, and the order's fields
/// readable without the rest. JSON cost about 20 times as much to decode.
///
/// ```
/// 0x01 (version) · kind · attention level · flags (1: a patient, 2: a date)
/// id · [date text] · html path · title · [patient] · status · detail · reason count · reasons…
/// ```
/// A string is its UTF-8 length (LEB128) and its bytes. Bytes of another form decode as nil: a manifest written by
/// another version is never read as summaries, since the tool's fingerprint is in every record's digest.
enum SummaryCodec {
    private static let version: UInt8 = 1

    /// The stored bytes of a summary.
    static func encode(_ summary: ReportSummary) -> [UInt8] {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(
            16 + summary.id.utf8.count + summary.htmlPath.utf8.count + summary.title.utf8.count
                + summary.status.utf8.count + summary.detail.utf8.count + (summary.patient?.utf8.count ?? 0)
                + (summary.date?.text.utf8.count ?? 0) + summary.attention.reasons.reduce(0) { $0 + $1.utf8.count + 2 })
        bytes.append(UInt8(RecordKind.allCases.firstIndex(of: summary.kind) ?? 0))
        bytes.append(UInt8(Attention.Level.allCases.firstIndex(of: summary.attention.level) ?? 0))
        bytes.append((summary.patient == nil ? 0 : 1) | (summary.date == nil ? 0 : 2))
        append(summary.id, to: &bytes)
        if let date = summary.date { append(date.text, to: &bytes) }
        append(summary.htmlPath, to: &bytes)
        append(summary.title, to: &bytes)
        if let patient = summary.patient { append(patient, to: &bytes) }
        append(summary.status, to: &bytes)
        append(summary.detail, to: &bytes)
        appendLength(summary.attention.reasons.count, to: &bytes)
        for reason in summary.attention.reasons { append(reason, to: &bytes) }
        return bytes
    }

    /// The summary stored in some bytes; nil when they are not one in this form.
    static func summary(_ bytes: [UInt8]) -> ReportSummary? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let head = reader.head(), let title = reader.string() else { return nil }
            var patient: String?
            if head.hasPatient {
                guard let text = reader.string() else { return nil }
                patient = text
            }
            guard let status = reader.string(), let detail = reader.string(), let count = reader.length(),
                count <= reader.remaining
            else { return nil }
            var reasons: [String] = []
            reasons.reserveCapacity(count)
            for _ in 0..<count {
                guard let reason = reader.string() else { return nil }
                reasons.append(reason)
            }
            guard reader.remaining == 0 else { return nil }
            return ReportSummary(
                kind: head.fields.kind, id: head.fields.id, title: title, patient: patient, status: status,
                detail: detail, date: head.fields.date, htmlPath: head.fields.htmlPath,
                attention: Attention(level: head.fields.attention.level, reasons: reasons))
        }
    }

    /// What the reports index's order needs of the summary stored in some bytes, reading no further; nil when they
    /// are not a summary in this form.
    static func fields(_ bytes: [UInt8]) -> ReportsIndexListing.Fields? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            return reader.head()?.fields
        }
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendLength(utf8.count, to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        var rest = UInt(length)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads the stored form from the start; every read is bounds-checked and gives nil past the end.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var remaining: Int { bytes.count - offset }

        /// The fixed fields and the order's fields.
        mutating func head() -> (fields: ReportsIndexListing.Fields, hasPatient: Bool)? {
            guard bytes.count >= 4, bytes[0] == SummaryCodec.version,
                Int(bytes[1]) < RecordKind.allCases.count, Int(bytes[2]) < Attention.Level.allCases.count,
                bytes[3] & ~3 == 0
            else { return nil }
            let (kind, level, flags) = (bytes[1], bytes[2], bytes[3])
            offset = 4
            guard let id = string() else { return nil }
            var date: Timestamp?
            if flags & 2 != 0 {
                guard let text = string(), let parsed = Timestamp(rfc3339: text) else { return nil }
                date = parsed
            }
            guard let htmlPath = string() else { return nil }
            let fields = ReportsIndexListing.Fields(
                kind: RecordKind.allCases[Int(kind)], id: id, date: date, htmlPath: htmlPath,
                level: Attention.Level.allCases[Int(level)])
            return (fields, flags & 1 != 0)
        }

        /// A length, at most what is left to read.
        mutating func length() -> Int? {
            var value: UInt = 0
            var shift: UInt = 0
            while offset < bytes.count, shift < 63 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value <= UInt(remaining) ? Int(value) : nil }
                shift += 7
            }
            return nil
        }

        /// A string: its length, then that many bytes of UTF-8 (invalid UTF-8 is no string of this form).
        mutating func string() -> String? {
            guard let count = length() else { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)])
            offset += count
            return String(validating: text, as: UTF8.self)
        }
    }
}
