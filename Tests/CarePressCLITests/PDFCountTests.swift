import CarePressTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The counts that `build --pdf` reports, in `--json` and in the summary line, are what it did to the output folder,
/// counted file by file: for a fresh build, a build with nothing to do, one with one record changed, and builds whose
/// browser fails (issue 40, finding 13).
@Suite("The counts of build --pdf", .serialized)
struct PDFCountTests {
    /// Whether Chromium's headless shell is installed (Debian's chromium-headless-shell).
    static let hasChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The counts of a build.
    struct Counts: Equatable, CustomStringConvertible {
        var records = 0, rendered = 0, skipped = 0, failed = 0, written = 0, unchanged = 0, deleted = 0, pdfs = 0
        var pdfsFailed = 0

        var description: String {
            "records \(records), rendered \(rendered), skipped \(skipped), failed \(failed), written \(written), "
                + "unchanged \(unchanged), deleted \(deleted), pdfs \(pdfs), pdfsFailed \(pdfsFailed)"
        }
    }

    /// A project with one record of each kind, and two output folders: one built with `--json`, the other with the
    /// summary line, so that both are checked against the same builds.
    struct Project {
        let temporary: TemporaryProject
        var root: URL { temporary.root }

        init() throws {
            temporary = try TemporaryProject("pdfcount")
            let content = root.appendingPathComponent("Content")
            try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent("Content"), to: content)
            for kind in ["consults", "physio", "stacks"] {
                let folder = content.appendingPathComponent(kind)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().dropFirst() {
                    try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                }
            }
        }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    }

    /// Every file of an output folder but the manifest, with its identity (inode, size, modification time): a file
    /// the build wrote is a new file, renamed or linked into place.
    static func identities(_ folder: String) -> [String: [Int]] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [:] }
        var result: [String: [Int]] = [:]
        for case let file as String in enumerator where !file.hasPrefix(".carepress") {
            var info = stat()
            guard lstat(folder + "/" + file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            result[file] = [
                Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
            ]
        }
        return result
    }

    /// Runs `carepress build --pdf` into an output folder, with `chromium` as the browser (or the one installed).
    static func build(_ project: Project, output: String, json: Bool, chromium: String?) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        var arguments = [
            "build", "--pdf", "--content", project.path("Content"), "--output", project.path(output), "--jobs", "2",
        ]
        if json { arguments.append("--json") }
        let result: CLI.Output
        if let chromium {
            let carepress = try #require(CLI.carepress)
            result = try CLI.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["CAREPRESS_CHROMIUM=\(chromium)", carepress.path] + arguments,
                stdin: Data())
        } else {
            result = try CLI.run(arguments)
        }
        return (
            result.status, String(decoding: result.stdout, as: UTF8.self),
            String(decoding: result.stderr, as: UTF8.self)
        )
    }

    /// The counts of `build --json`.
    static func counts(json: String) throws -> Counts {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not an object: \(json)")
        func value(_ key: String) -> Int { object[key] as? Int ?? -1 }
        #expect(value("files") == value("written") + value("unchanged"))
        return Counts(
            records: value("records"), rendered: value("rendered"), skipped: value("skipped"), failed: value("failed"),
            written: value("written"), unchanged: value("unchanged"), deleted: value("deleted"), pdfs: value("pdfs"),
            pdfsFailed: value("pdfsFailed"))
    }

    /// The counts of the summary line: `Built X: A of B records ok (R rendered, S up to date); W files written
    /// (P PDFs printed), U unchanged, D removed; F PDFs not printed; ...`.
    static func counts(summary stderr: String) throws -> Counts {
        let line = try #require(stderr.split(separator: "\n").last { $0.hasPrefix("Built ") }, "\(stderr)")
        func number(before words: String) -> Int {
            guard let range = line.range(of: " " + words) else { return 0 }
            return Int(line[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
                ?? -1
        }
        let records = number(before: "records ok")
        let ok = Int(line.split(separator: ":")[1].split(separator: " ")[0]) ?? -1
        return Counts(
            records: records, rendered: number(before: "rendered"), skipped: number(before: "up to date"),
            failed: records - ok, written: number(before: "files written"), unchanged: number(before: "unchanged"),
            deleted: number(before: "removed"),
            pdfs: number(before: "PDFs printed") + number(before: "PDF printed"),
            pdfsFailed: number(before: "PDFs not printed") + number(before: "PDF not printed"))
    }

    /// What a build did to an output folder, counted file by file: written (created or replaced), deleted, PDFs
    /// written, and reports written (records rendered: their HTML is written).
    static func observed(before: [String: [Int]], after: [String: [Int]]) -> (
        written: Int, deleted: Int, pdfs: Int, reports: Int
    ) {
        let written = after.keys.filter { before[$0] != after[$0] }
        return (
            written.count, before.keys.filter { after[$0] == nil }.count, written.filter { $0.hasSuffix(".pdf") }.count,
            written.filter { $0.hasPrefix("reports/") && $0.hasSuffix(".html") && $0.split(separator: "/").count == 3 }
                .count
        )
    }

    /// Builds both output folders, and checks that each reports its counts as `expected` says, with the written,
    /// deleted and PDF counts (and rendered, when the HTML is new) taken from the files.
    static func check(
        _ project: Project, _ step: String, chromium: String? = nil, status: Int32, outputs: [String] = ["J", "H"],
        expected: (_ observed: (written: Int, deleted: Int, pdfs: Int, reports: Int)) -> Counts
    ) throws {
        for output in outputs {
            let json = output.hasPrefix("J")
            let before = identities(project.path(output))
            let result = try build(project, output: output, json: json, chromium: chromium)
            let observed = Self.observed(before: before, after: identities(project.path(output)))
            #expect(result.status == status, "\(step), \(output): \(result.stderr)")
            let counts = json ? try counts(json: result.stdout) : try counts(summary: result.stderr)
            let failing = Set(
                result.stderr.split(separator: "\n").filter { $0.contains(".json:") && $0.contains(": error: ") }
                    .map { $0.prefix { $0 != ":" } })
            var wanted = expected(observed)
            wanted.failed = failing.count
            #expect(counts == wanted, "\(step), \(json ? "--json" : "summary"): \(result.stderr)")
        }
    }

    @Test(.enabled(if: hasChromium))
    func everyCountIsWhatTheBuildDidToTheFiles() throws {
        let project = try Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        try Self.check(project, "fresh", status: 0) { observed in
            #expect(observed.pdfs == 3 && observed.reports == 3)
            return Counts(records: 3, rendered: 3, written: observed.written, pdfs: 3)
        }
        try Self.check(project, "unchanged", status: 0) { observed in
            #expect(observed.written == 0)
            return Counts(records: 3, skipped: 3)
        }
        let record = project.path("Content/consults/hl-2026-0001.json")
        let text = try String(contentsOfFile: record, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"age\": 34", with: "\"age\": 35").utf8).write(
            to: URL(fileURLWithPath: record))
        try Self.check(project, "one changed", status: 0) { observed in
            #expect(observed.pdfs == 1 && observed.reports == 1)
            return Counts(records: 3, rendered: 1, skipped: 2, written: observed.written, pdfs: 1)
        }
        // The browser fails: each report's Markdown and HTML are written, its PDF is not, and the old one goes.
        try Data(text.replacingOccurrences(of: "\"age\": 34", with: "\"age\": 36").utf8).write(
            to: URL(fileURLWithPath: record))
        try Self.check(project, "one changed, browser fails", chromium: "/bin/false", status: 2) { observed in
            #expect(observed.pdfs == 0 && observed.reports == 1 && observed.deleted == 1)
            return Counts(records: 3, rendered: 1, skipped: 2, written: observed.written, deleted: 1, pdfsFailed: 1)
        }
        try Self.check(
            project, "fresh, browser fails", chromium: "/bin/false", status: 2, outputs: ["J-failing", "H-failing"]
        ) { observed in
            #expect(observed.pdfs == 0 && observed.reports == 3)
            return Counts(records: 3, rendered: 3, written: observed.written, pdfsFailed: 3)
        }
        // No browser at all: said once, not by each record.
        try Self.check(
            project, "fresh, no browser", chromium: "/nonexistent/chromium", status: 2,
            outputs: ["J-none", "H-none"]
        ) { observed in
            #expect(observed.pdfs == 0 && observed.reports == 3)
            return Counts(records: 3, rendered: 3, written: observed.written, pdfsFailed: 3)
        }
    }
}
