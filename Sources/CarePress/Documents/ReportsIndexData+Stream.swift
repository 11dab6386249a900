import Foundation

extension ReportsIndexData {
    /// The data built a page of reports at a time, in index order, holding each report only as its encoded row: the
    /// same bytes as `ReportsIndexData(summaries).script`, without every summary and row held at once.
    ///
    /// The encoded object's keys are sorted (`kinds`, `levels`, `reasons`, `reports`, `statuses`, `titles`,
    /// `version`) and `reasons` comes before `reports`, so the rows wait, encoded, until the tables are complete.
    struct Stream {
        private var tables = Tables()
        /// The rows so far, each encoded and made safe for a script, separated by commas.
        private var rows: [UInt8] = []
        /// How many reports were added.
        private(set) var count = 0

        /// No report yet.
        init() {}

        /// Adds the next reports, in index order.
        mutating func add(_ summaries: some Sequence<ReportSummary>) {
            let page = summaries.map { tables.row($0) }
            guard !page.isEmpty, let encoded = try? ReportsIndexData.encoder.encode(page) else { return }
            // `[row,row]`: the rows without the brackets.
            if count > 0 { rows.append(UInt8(ascii: ",")) }
            rows += ReportsIndexData.safeForScript(encoded.dropFirst().dropLast())
            count += page.count
        }

        /// The script, as `ReportsIndexData.script` writes it.
        var script: [UInt8] {
            let encoder = ReportsIndexData.encoder
            func json(_ value: some Encodable) -> [UInt8] {
                (try? encoder.encode(value)).map(ReportsIndexData.safeForScript) ?? Array("null".utf8)
            }
            var out = Array(ReportsIndexData.head.utf8)
            out.reserveCapacity(out.count + rows.count + 4_096)
            out += Array("{\"kinds\":".utf8) + json(tables.kinds)
            out += Array(",\"levels\":".utf8) + json(tables.levels)
            out += Array(",\"reasons\":".utf8) + json(tables.reasons)
            out += Array(",\"reports\":[".utf8)
            out += rows
            out += Array("],\"statuses\":".utf8) + json(tables.statuses)
            out += Array(",\"titles\":".utf8) + json(tables.titles)
            out += Array(",\"version\":\(ReportsIndexData.version)};\n".utf8)
            return out
        }

        /// The data as an output file.
        var file: OutputFile { OutputFile(path: ReportsIndexData.path, bytes: script) }
    }
}
