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
            append(Self.encode(page), count: page.count)
        }

        /// Adds the reports of the next page of the index, taking their rows from a session's `kept` rows when the
        /// page lists the same reports (by digest) after the same tables, and keeping them there otherwise.
        mutating func add(
            _ page: ReportsIndex.RenderedPage, of listing: ReportsIndexListing, reusing kept: EncodedIndexRows?
        ) {
            guard let kept, let digests = page.digests else {
                add(page.items(from: listing))
                return
            }
            let before = tables.entries
            if let earlier = kept.page(page.number, digests: digests, before: before) {
                tables.add(earlier.added)
                append(earlier.rows, count: earlier.count)
                return
            }
            let rows = page.items(from: listing).map { tables.row($0) }
            let encoded = Self.encode(rows)
            let after = tables.entries
            let added = EncodedIndexRows.Entries(
                titles: Array(after.titles[before.titles.count...]),
                statuses: Array(after.statuses[before.statuses.count...]),
                reasons: Array(after.reasons[before.reasons.count...]))
            kept.keep(
                EncodedIndexRows.Page(
                    digests: digests, before: before, rows: encoded, count: rows.count, added: added),
                number: page.number)
            append(encoded, count: rows.count)
        }

        /// Rows encoded and made safe for a script, comma-separated, without the brackets; empty for no row.
        private static func encode(_ page: [Row]) -> [UInt8] {
            guard !page.isEmpty, let encoded = try? ReportsIndexData.encoder.encode(page) else { return [] }
            // `[row,row]`: the rows without the brackets.
            return ReportsIndexData.safeForScript(encoded.dropFirst().dropLast())
        }

        /// Appends `added` encoded rows.
        private mutating func append(_ encoded: [UInt8], count added: Int) {
            guard !encoded.isEmpty else { return }
            if !rows.isEmpty { rows.append(UInt8(ascii: ",")) }
            rows += encoded
            count += added
        }

        /// The script, as `ReportsIndexData.script` writes it (`takeFile`'s bytes, the stream left as it is).
        var script: [UInt8] {
            var copy = self
            return copy.takeFile().bytes
        }

        /// What the script has before the rows and after them.
        private var around: (head: [UInt8], tail: [UInt8]) {
            let encoder = ReportsIndexData.encoder
            func json(_ value: some Encodable) -> [UInt8] {
                (try? encoder.encode(value)).map(ReportsIndexData.safeForScript) ?? Array("null".utf8)
            }
            var head = Array(ReportsIndexData.head.utf8)
            head += Array("{\"kinds\":".utf8) + json(tables.kinds)
            head += Array(",\"levels\":".utf8) + json(tables.levels)
            head += Array(",\"reasons\":".utf8) + json(tables.reasons)
            head += Array(",\"reports\":[".utf8)
            var tail = Array("],\"statuses\":".utf8) + json(tables.statuses)
            tail += Array(",\"titles\":".utf8) + json(tables.titles)
            tail += Array(",\"version\":\(ReportsIndexData.version)};\n".utf8)
            return (head, tail)
        }

        /// The data as an output file, made in the rows' own buffer (which the stream gives up): at 100,000 reports
        /// the rows are 6 MB, and a copy of them beside them was the peak of a build that renders the index.
        mutating func takeFile() -> OutputFile {
            let (head, tail) = around
            var bytes: [UInt8] = []
            swap(&bytes, &rows)
            bytes.reserveCapacity(head.count + bytes.count + tail.count)
            bytes.insert(contentsOf: head, at: 0)
            bytes += tail
            return OutputFile(path: ReportsIndexData.path, bytes: bytes)
        }
    }
}
