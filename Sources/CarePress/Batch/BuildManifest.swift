import Foundation

/// What the last build made from each record, kept in the output folder so that the next build renders only what
/// changed and removes the files of records that are gone.
///
/// Stored as JSON Lines in `.carepress/manifest.jsonl` (`manifest-K-of-N.jsonl` for shard K of N): a header line,
/// then one line per record file, sorted by path, so a manifest of 100,000 records is read and written a line at a
/// time. A missing manifest means a full build; an unreadable one too, with a warning. In memory an entry is kept
/// compact (a batch holds one per record): the usual output files and report path are not stored but made from the
/// record's kind and id, and repeated strings (questionnaire titles, dependency lists) are shared.
struct BuildManifest: Sendable {
    /// What the manifest knows about one record file.
    struct Entry: Sendable, Equatable {
        /// The digest of the file's bytes.
        var file: ContentDigest
        /// The id the file claims, as scanned; nil when it has none.
        var id: String?
        /// The digest of everything the result below was made from; nil when the record must be loaded again.
        var digest: ContentDigest?
        /// What the record reads besides its own file (see `RecordDependencies`).
        var dependencies: [String] = []
        /// The record's line in the reports index, when it is valid.
        var summary: StoredSummary?
        /// The output files this manifest's build owns for the record; nil for records of other shards.
        var outputs: Outputs?
        /// The record's diagnostics (warnings: a record with errors is always loaded again), without a file.
        var diagnostics: [Diagnostic] = []
    }

    /// A record's output files.
    enum Outputs: Sendable, Equatable {
        /// The report's Markdown and HTML files, named after the record's kind and id (`ReportPaths`).
        case standard
        /// Any other list (none, for a record that never rendered, or extra files such as charts).
        case listed([String])

        /// The paths, for a record of a kind and id.
        func paths(kind: RecordKind, id: String?) -> [String] {
            switch self {
            case .standard:
                guard let id else { return [] }
                return [ReportPaths.markdown(kind: kind, id: id), ReportPaths.html(kind: kind, id: id)]
            case .listed(let paths): return paths
            }
        }

        /// The compact form of a list of paths.
        static func of(_ paths: [String], kind: RecordKind, id: String?) -> Outputs {
            Outputs.standard.paths(kind: kind, id: id) == paths && !paths.isEmpty ? .standard : .listed(paths)
        }
    }

    /// A report summary without its kind and id (the record's) and, when it is the usual one, its HTML path.
    struct StoredSummary: Sendable, Hashable {
        var title: String
        var detail: String
        var date: String?
        /// Nil when it is `ReportPaths.html(kind:id:)`.
        var htmlPath: String?
        var patient: String?
        var status: String
        var attention: Attention = .routine

        init(_ summary: ReportSummary, interning strings: StringInterner? = nil) {
            title = strings?.intern(summary.title) ?? summary.title
            detail = summary.detail
            date = summary.date?.text
            htmlPath = summary.htmlPath == ReportPaths.html(kind: summary.kind, id: summary.id) ? nil : summary.htmlPath
            patient = summary.patient
            status = strings?.intern(summary.status) ?? summary.status
            attention = summary.attention
        }

        init(
            title: String, detail: String, date: String?, htmlPath: String?, patient: String?, status: String,
            attention: Attention = .routine
        ) {
            self.title = title
            self.detail = detail
            self.date = date
            self.htmlPath = htmlPath
            self.patient = patient
            self.status = status
            self.attention = attention
        }

        func summary(kind: RecordKind, id: String) -> ReportSummary {
            ReportSummary(
                kind: kind, id: id, title: title, patient: patient, status: status, detail: detail,
                date: date.flatMap(Timestamp.init(rfc3339:)),
                htmlPath: htmlPath ?? ReportPaths.html(kind: kind, id: id),
                attention: attention)
        }
    }

    /// The format version; a manifest of another version is ignored (a full build, nothing removed).
    static let formatVersion = 3
    /// The folder inside the output folder that holds the manifests.
    static let folder = ".carepress"

    /// The manifest's path relative to the output folder for a shard.
    static func path(for shard: Shard) -> String {
        shard.isWhole ? "\(folder)/manifest.jsonl" : "\(folder)/manifest-\(shard.index)-of-\(shard.count).jsonl"
    }

    /// The digest of the shared pages' inputs when they were last written.
    var sharedDigest: ContentDigest?
    /// The shared pages (home, guide, reports index, assets) the last build wrote; empty for shards other than 1.
    var sharedOutputs: [String] = []
    /// The entries by record path relative to the content folder, sorted by path.
    var entries: [(path: String, entry: Entry)] = []

    /// An empty manifest: everything is built.
    init() {}

    // MARK: Reading

    /// Why a manifest could not be used.
    struct Unreadable: Error {
        var reason: String
    }

    /// Reads the manifest at an absolute path; nil when there is none.
    static func read(from path: String, interning strings: StringInterner = StringInterner()) throws(Unreadable)
        -> BuildManifest?
    {
        guard let reader = LineReader(path: path) else { return nil }
        var manifest = BuildManifest()
        var lineNumber = 0
        var failure: String?
        var previousPath: String?
        reader.forEachLine { line in
            lineNumber += 1
            do throws(Unreadable) {
                if lineNumber == 1 {
                    try manifest.readHeader(line)
                } else {
                    let (path, entry) = try readEntry(line, strings: strings)
                    if let previousPath, previousPath >= path {
                        throw Unreadable(reason: "entries are not sorted by path")
                    }
                    previousPath = path
                    manifest.entries.append((path, entry))
                }
                return true
            } catch {
                failure = "line \(lineNumber): \(error.reason)"
                return false
            }
        }
        if let failure { throw Unreadable(reason: failure) }
        if let error = reader.error { throw Unreadable(reason: error) }
        if lineNumber == 0 { throw Unreadable(reason: "the file is empty") }
        return manifest
    }

    private mutating func readHeader(_ line: UnsafeBufferPointer<UInt8>) throws(Unreadable) {
        var reader = try ManifestLineReader(line)
        var version: Int?
        try reader.members { key, reader throws(Unreadable) in
            switch key {
            case "version": version = try reader.integer()
            case "shared":
                try reader.members { key, reader throws(Unreadable) in
                    switch key {
                    case "digest": sharedDigest = try reader.digest()
                    case "outputs": sharedOutputs = try reader.strings()
                    default: try reader.skip()
                    }
                }
            default: try reader.skip()
            }
        }
        guard version == Self.formatVersion else {
            throw Unreadable(reason: "not a version \(Self.formatVersion) CarePress build manifest")
        }
    }

    private static func readEntry(_ line: UnsafeBufferPointer<UInt8>, strings: StringInterner) throws(Unreadable)
        -> (String, Entry)
    {
        var reader = try ManifestLineReader(line)
        var path: String?
        var file: ContentDigest?
        var entry = Entry(file: ContentDigest(high: 0, low: 0))
        var outputs: [String]?
        try reader.members { key, reader throws(Unreadable) in
            switch key {
            case "path": path = try reader.string()
            case "file": file = try reader.digest()
            case "id": entry.id = try reader.optionalString()
            case "digest": entry.digest = try reader.digest()
            case "deps": entry.dependencies = strings.intern(try reader.strings())
            case "outputs": outputs = try reader.strings()
            case "summary":
                var title: String?
                var detail: String?
                var date: String?
                var html: String?
                var patient: String?
                var status: String?
                var attention = Attention.routine
                try reader.members { key, reader throws(Unreadable) in
                    switch key {
                    case "title": title = try reader.string()
                    case "detail": detail = try reader.string()
                    case "date": date = try reader.optionalString()
                    case "html": html = try reader.string()
                    case "patient": patient = try reader.optionalString()
                    case "status": status = try reader.string()
                    case "attention":
                        var level: Attention.Level?
                        var reasons: [String] = []
                        try reader.members { key, reader throws(Unreadable) in
                            switch key {
                            case "level": level = Attention.Level(rawValue: try reader.string())
                            case "reasons": reasons = try reader.strings()
                            default: try reader.skip()
                            }
                        }
                        guard let level else { throw Unreadable(reason: "an attention lacks its level") }
                        attention = Attention(level: level, reasons: strings.intern(reasons))
                    default: try reader.skip()
                    }
                }
                guard let title, let detail, let html, let status else {
                    throw Unreadable(reason: "a summary lacks a field")
                }
                entry.summary = StoredSummary(
                    title: strings.intern(title), detail: detail, date: date, htmlPath: html, patient: patient,
                    status: strings.intern(status), attention: attention)
            case "diagnostics":
                try reader.elements { reader throws(Unreadable) in entry.diagnostics.append(try reader.diagnostic()) }
            default: try reader.skip()
            }
        }
        guard let path, let file else { throw Unreadable(reason: "an entry lacks its path or file digest") }
        entry.file = file
        let kind = RecordKind.allCases.first { path.hasPrefix($0.folder + "/") }
        if let kind, let id = entry.id, let html = entry.summary?.htmlPath, html == ReportPaths.html(kind: kind, id: id)
        {
            entry.summary?.htmlPath = nil
        }
        if let outputs {
            entry.outputs = kind.map { Outputs.of(outputs, kind: $0, id: entry.id) } ?? .listed(outputs)
        }
        return (path, entry)
    }

    // MARK: Writing

    /// The manifest's lines, one chunk per line, header first and entries by path.
    func lines(shard: Shard) -> some Sequence<[UInt8]> {
        var header = JSONLineWriter()
        header.open()
        header.member("manifest", "carepress-build")
        header.member("version", Self.formatVersion)
        header.member("carepress", CarePressVersion.current)
        header.member("shard", shard.description)
        header.key("shared")
        header.open()
        if let sharedDigest { header.member("digest", sharedDigest.description) }
        header.member("outputs", sharedOutputs)
        header.close()
        header.close()
        header.newline()
        return [header.bytes].lazy.chain(entries.lazy.map { Self.line(path: $0.path, entry: $0.entry) })
    }

    /// The lines of entries given one at a time (in path order), after the header.
    func lines(shard: Shard, entries: some Sequence<(path: String, entry: Entry)>) -> some Sequence<[UInt8]> {
        var header = BuildManifest()
        header.sharedDigest = sharedDigest
        header.sharedOutputs = sharedOutputs
        return header.lines(shard: shard).chain(entries.lazy.map { Self.line(path: $0.path, entry: $0.entry) })
    }

    static func line(path: String, entry: Entry) -> [UInt8] {
        let kind = RecordKind.allCases.first { path.hasPrefix($0.folder + "/") } ?? .consult
        var line = JSONLineWriter()
        line.open()
        line.member("path", path)
        line.member("file", entry.file.description)
        if let id = entry.id { line.member("id", id) }
        if let digest = entry.digest { line.member("digest", digest.description) }
        if !entry.dependencies.isEmpty { line.member("deps", entry.dependencies) }
        if let outputs = entry.outputs { line.member("outputs", outputs.paths(kind: kind, id: entry.id)) }
        if let summary = entry.summary, let id = entry.id {
            line.key("summary")
            line.open()
            line.member("title", summary.title)
            line.member("detail", summary.detail)
            if let date = summary.date { line.member("date", date) }
            line.member("html", summary.htmlPath ?? ReportPaths.html(kind: kind, id: id))
            if let patient = summary.patient { line.member("patient", patient) }
            line.member("status", summary.status)
            if summary.attention.isNeeded {
                line.key("attention")
                line.open()
                line.member("level", summary.attention.level.rawValue)
                line.member("reasons", summary.attention.reasons)
                line.close()
            }
            line.close()
        }
        if !entry.diagnostics.isEmpty {
            line.key("diagnostics")
            line.openArray()
            for diagnostic in entry.diagnostics {
                line.open()
                line.member("severity", diagnostic.severity.rawValue)
                line.member("line", diagnostic.position.line)
                line.member("column", diagnostic.position.column)
                if !diagnostic.path.isEmpty { line.member("path", diagnostic.path) }
                line.member("message", diagnostic.message)
                if let hint = diagnostic.hint { line.member("hint", hint) }
                line.close()
            }
            line.closeArray()
        }
        line.close()
        line.newline()
        return line.bytes
    }
}

extension Sequence {
    /// This sequence followed by another.
    fileprivate func chain<Other: Sequence>(_ other: Other) -> AnySequence<Element> where Other.Element == Element {
        AnySequence { () -> AnyIterator<Element> in
            var first = self.makeIterator()
            var second = other.makeIterator()
            var firstDone = false
            return AnyIterator {
                if !firstDone {
                    if let next = first.next() { return next }
                    firstDone = true
                }
                return second.next()
            }
        }
    }
}

/// Shares one copy of strings (and string lists) that many records repeat, such as questionnaire titles and
/// dependency lists; thread-safe.
final class StringInterner: @unchecked Sendable {
    private let lock = NSLock()
    private var strings: Set<String> = []
    private var lists: [String: [String]] = [:]

    /// Creates an empty table.
    init() {}

    /// The shared copy of a string.
    func intern(_ text: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let shared = strings.firstIndex(of: text) { return strings[shared] }
        strings.insert(text)
        return text
    }

    /// The shared copy of a list of strings.
    func intern(_ list: [String]) -> [String] {
        guard !list.isEmpty else { return [] }
        let key = list.joined(separator: "\n")
        lock.lock()
        defer { lock.unlock() }
        if let shared = lists[key] { return shared }
        lists[key] = list
        return list
    }
}

/// Reads a file a line at a time through a fixed buffer.
private final class LineReader {
    private let descriptor: Int32
    private(set) var error: String?

    init?(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Calls `body` with each line (without its newline) until it returns false or the file ends.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var filled = 0
        var atEnd = false
        while !atEnd || filled > 0 {
            if !atEnd && filled < buffer.count {
                let count = buffer.withUnsafeMutableBytes { raw in
                    read(descriptor, raw.baseAddress.map { $0 + filled }, raw.count - filled)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    error = String(cString: strerror(errno))
                    return
                }
                if count == 0 { atEnd = true }
                filled += count
            }
            let consumed = buffer.withUnsafeBufferPointer { all -> Int? in
                var start = 0
                while let newline = all[start..<filled].firstIndex(of: 0x0A) {
                    guard body(UnsafeBufferPointer(rebasing: all[start..<newline])) else { return nil }
                    start = newline + 1
                }
                if atEnd && start < filled {
                    guard body(UnsafeBufferPointer(rebasing: all[start..<filled])) else { return nil }
                    start = filled
                }
                return start
            }
            guard let consumed else { return }
            if consumed == 0 && filled == buffer.count {
                buffer += [UInt8](repeating: 0, count: buffer.count)
                continue
            }
            buffer.withUnsafeMutableBufferPointer { all in
                all.baseAddress.map { base in
                    base.update(from: base + consumed, count: filled - consumed)
                }
            }
            filled -= consumed
            if atEnd && filled == 0 { return }
        }
    }
}

/// Pulls the values of one manifest line out of the bytes, without building a tree.
private struct ManifestLineReader {
    var parser: JSONByteParser

    init(_ line: UnsafeBufferPointer<UInt8>) throws(BuildManifest.Unreadable) {
        guard let base = line.baseAddress, !line.isEmpty else {
            throw BuildManifest.Unreadable(reason: "an empty line")
        }
        parser = JSONByteParser(base: base, count: line.count, contentStart: 0)
        parser.skipWhitespace()
    }

    private var next: UInt8? { parser.index < parser.end ? parser.base[parser.index] : nil }

    private mutating func expect(_ byte: UInt8) throws(BuildManifest.Unreadable) {
        parser.skipWhitespace()
        guard next == byte else {
            throw BuildManifest.Unreadable(reason: "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        parser.index += 1
        parser.skipWhitespace()
    }

    /// Calls `body` with each key of the object at the cursor, which must read or skip its value.
    mutating func members(_ body: (String, inout ManifestLineReader) throws(BuildManifest.Unreadable) -> Void)
        throws(BuildManifest.Unreadable)
    {
        try expect(UInt8(ascii: "{"))
        if next == UInt8(ascii: "}") {
            parser.index += 1
            return
        }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(key, &self)
            parser.skipWhitespace()
            if next == UInt8(ascii: ",") {
                parser.index += 1
                parser.skipWhitespace()
                continue
            }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// Calls `body` for each element of the array at the cursor.
    mutating func elements(_ body: (inout ManifestLineReader) throws(BuildManifest.Unreadable) -> Void)
        throws(BuildManifest.Unreadable)
    {
        try expect(UInt8(ascii: "["))
        if next == UInt8(ascii: "]") {
            parser.index += 1
            return
        }
        while true {
            try body(&self)
            parser.skipWhitespace()
            if next == UInt8(ascii: ",") {
                parser.index += 1
                parser.skipWhitespace()
                continue
            }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    mutating func string() throws(BuildManifest.Unreadable) -> String {
        guard next == UInt8(ascii: "\""), let text = try? parser.parseString() else {
            throw BuildManifest.Unreadable(reason: "expected a string")
        }
        return text
    }

    mutating func optionalString() throws(BuildManifest.Unreadable) -> String? {
        if next == UInt8(ascii: "n") {
            try skip()
            return nil
        }
        return try string()
    }

    mutating func strings() throws(BuildManifest.Unreadable) -> [String] {
        var result: [String] = []
        try elements { reader throws(BuildManifest.Unreadable) in result.append(try reader.string()) }
        return result
    }

    mutating func integer() throws(BuildManifest.Unreadable) -> Int {
        guard let value = try? parser.parseNumber(), case .integer(let number) = value else {
            throw BuildManifest.Unreadable(reason: "expected an integer")
        }
        return number
    }

    mutating func digest() throws(BuildManifest.Unreadable) -> ContentDigest {
        guard let digest = ContentDigest(hex: try string()) else {
            throw BuildManifest.Unreadable(reason: "expected a digest of 32 hexadecimal digits")
        }
        return digest
    }

    mutating func diagnostic() throws(BuildManifest.Unreadable) -> Diagnostic {
        var severity: Diagnostic.Severity?
        var line = 0
        var column = 0
        var path = ""
        var message: String?
        var hint: String?
        try members { key, reader throws(BuildManifest.Unreadable) in
            switch key {
            case "severity": severity = Diagnostic.Severity(rawValue: try reader.string())
            case "line": line = try reader.integer()
            case "column": column = try reader.integer()
            case "path": path = try reader.string()
            case "message": message = try reader.string()
            case "hint": hint = try reader.string()
            default: try reader.skip()
            }
        }
        guard let severity, let message else { throw BuildManifest.Unreadable(reason: "a diagnostic lacks a field") }
        return Diagnostic(
            severity, file: "", position: SourcePosition(line: line, column: column), path: path, message: message,
            hint: hint)
    }

    mutating func skip() throws(BuildManifest.Unreadable) {
        guard next != nil, parser.skipValue() else { throw BuildManifest.Unreadable(reason: "expected a value") }
    }
}

/// Builds one line of JSON: objects, arrays, strings and integers, escaped as RFC 8259 requires.
struct JSONLineWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() {
        bytes.reserveCapacity(512)
    }

    mutating func open() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    mutating func newline() {
        bytes.append(0x0A)
        needsComma = false
    }

    mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func member(_ key: String, _ text: String) {
        self.key(key)
        element(text)
    }

    mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    mutating func member(_ key: String, _ values: [String]) {
        self.key(key)
        openArray()
        for value in values { element(value) }
        closeArray()
    }

    mutating func element(_ text: String) {
        separate()
        appendString(text)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                    bytes += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
