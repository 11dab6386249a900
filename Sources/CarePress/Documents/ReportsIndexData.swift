import Foundation

/// What the reports index's filter searches: every report, in index order, as a script beside the index.
///
/// A browser will not `fetch` a JSON file from `file://`, but it runs a script a `<script src>` tag names, so the
/// build writes `reports/index-data.js`, which sets `window.CAREPRESS_REPORTS`; `assets/reports-filter.js` filters
/// it as the reader types. To stay small at 100,000 reports, each report is one array, and strings that many reports
/// share (titles, statuses, reasons) are kept once in tables and referred to by position.
///
/// The names in it are untrusted. The JSON comes from `JSONEncoder`, and every `<`, `>` and `&` in it is written as a
/// `\u` escape (so no `</script>` or `<!--` can appear even if the file is ever inlined), as are U+2028 and U+2029;
/// the filter script inserts text with `textContent` only.
struct ReportsIndexData: Encodable {
    /// Where the data goes in the output folder: beside the index.
    static let path = "reports/index-data.js"
    /// The theme's filter script that reads it.
    static let script = "assets/reports-filter.js"
    /// The format's version, which the script checks.
    static let version = 1

    /// One report: `[kind, id, patient, title, status, date, level, reasons, file, detail]`, where `kind` and `level`
    /// are positions in `kinds` and `levels`; `title`, `status` and `reasons` positions in their tables; `date` is
    /// `YYYYMMDD` (0 when the record has none); `patient` is "" when there is none; `file` is the HTML report's path
    /// relative to the index without `.html`, or "" when it is `<kind folder>/<id>`; `detail` is what the entry shows
    /// besides (a physio record's body area and concern, a stack's supplements), or "". Trailing 0 and "" are left
    /// out.
    struct Row: Encodable {
        var kind: Int
        var id: String
        var patient: String
        var title: Int
        var status: Int
        var date: Int
        var level: Int
        var reasons: Int
        var file: String
        var detail: String

        /// The array, without its trailing `reasons`, `file` and `detail` when they are 0 and "" (most reports).
        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(kind)
            try container.encode(id)
            try container.encode(patient)
            try container.encode(title)
            try container.encode(status)
            try container.encode(date)
            try container.encode(level)
            guard reasons != 0 || !file.isEmpty || !detail.isEmpty else { return }
            try container.encode(reasons)
            guard !file.isEmpty || !detail.isEmpty else { return }
            try container.encode(file)
            guard !detail.isEmpty else { return }
            try container.encode(detail)
        }
    }

    /// The format version.
    var version = Self.version
    /// The kinds: value (as the filter's kind menu has it), folder and name in words.
    var kinds: [[String]]
    /// The attention levels in words, most urgent first.
    var levels: [String]
    /// Report titles.
    var titles: [String] = []
    /// Statuses.
    var statuses: [String] = []
    /// Why reports need attention, each report's reasons joined by "; "; the first is "" (none).
    var reasons: [String] = [""]
    /// Every report, in index order.
    var reports: [Row] = []

    /// The data of the reports index, all in memory (the build streams it instead: see `ReportsIndexData.Stream`,
    /// which writes the same bytes).
    init(_ summaries: [ReportSummary]) {
        var tables = Tables()
        reports = ReportsIndex.ordered(summaries).map { tables.row($0) }
        (kinds, levels) = (tables.kinds, tables.levels)
        (titles, statuses, reasons) = (tables.titles, tables.statuses, tables.reasons)
    }

    /// The tables of strings that rows refer to by position, filled in index order, and how a summary becomes a row.
    struct Tables {
        var kinds = RecordKind.allCases.map { [$0.rawValue, $0.folder, ReportsIndex.kindName($0)] }
        var levels = Attention.Level.allCases.map(\.words)
        var titles: [String] = []
        var statuses: [String] = []
        var reasons: [String] = [""]
        private var titleTable: [String: Int] = [:]
        private var statusTable: [String: Int] = [:]
        private var reasonTable: [String: Int] = ["": 0]
        private let kindIndex = Dictionary(uniqueKeysWithValues: RecordKind.allCases.enumerated().map { ($1, $0) })
        private let levelIndex = Dictionary(
            uniqueKeysWithValues: Attention.Level.allCases.enumerated().map { ($1, $0) })

        /// The strings of the tables that grow (titles, statuses, reasons).
        var entries: EncodedIndexRows.Entries {
            EncodedIndexRows.Entries(titles: titles, statuses: statuses, reasons: reasons)
        }

        /// Adds strings that none of the tables' entries equals, as the rows that first used them did.
        mutating func add(_ added: EncodedIndexRows.Entries) {
            for title in added.titles { _ = Self.position(title, in: &titleTable, list: &titles) }
            for status in added.statuses { _ = Self.position(status, in: &statusTable, list: &statuses) }
            for reason in added.reasons { _ = Self.position(reason, in: &reasonTable, list: &reasons) }
        }

        /// A string's position in a table, added at its end when it is not there yet.
        private static func position(_ text: String, in table: inout [String: Int], list: inout [String]) -> Int {
            if let known = table[text] { return known }
            table[text] = list.count
            list.append(text)
            return list.count - 1
        }

        /// The row of the next report in index order, adding its strings to the tables.
        mutating func row(_ summary: ReportSummary) -> Row {
            let date = summary.date.map { $0.date.year * 10_000 + $0.date.month * 100 + $0.date.day } ?? 0
            let standard = "reports/\(summary.kind.folder)/\(summary.id).html"
            let file =
                summary.htmlPath == standard
                ? "" : String(RelativeLink.to(summary.htmlPath, from: ReportsIndex.path).dropLast(".html".count))
            return Row(
                kind: kindIndex[summary.kind] ?? 0, id: summary.id, patient: summary.patient ?? "",
                title: Self.position(summary.title, in: &titleTable, list: &titles),
                status: Self.position(summary.status, in: &statusTable, list: &statuses), date: date,
                level: levelIndex[summary.attention.level] ?? 0,
                reasons: Self.position(
                    summary.attention.reasons.joined(separator: "; "), in: &reasonTable, list: &reasons),
                file: file, detail: summary.detail)
        }
    }

    /// The script: a comment and one statement that assigns the data; the same reports give the same bytes.
    var script: [UInt8] {
        let json = (try? Self.encoder.encode(self)).map(Self.safeForScript) ?? Array("null".utf8)
        return Array(Self.head.utf8) + json + Array(";\n".utf8)
    }

    /// What the script starts with, up to the data.
    static let head =
        "// Every report of the reports index, written by `carepress build`; read by reports-filter.js.\n"
        + "window.CAREPRESS_REPORTS = "

    /// The data's encoder: sorted keys, no whitespace, slashes as they are.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The data as an output file.
    var file: OutputFile { OutputFile(path: Self.path, bytes: script) }

    /// JSON with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes: they only ever occur inside strings, where
    /// the escape means the same character, so the JSON's value is unchanged.
    static func safeForScript(_ json: Data) -> [UInt8] {
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [UInt8] in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 64)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
                case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
                case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    out += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                default: out.append(byte)
                }
                index += 1
            }
            return out
        }
    }
}
