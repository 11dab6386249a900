import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads content files from disk into located value trees, reporting what stops them from being parsed.
enum SourceFile {
    /// The bytes of a file, or nil after reporting why they were not read: it cannot be read, it is not a regular file
    /// (a FIFO is refused without waiting for a writer), or it is larger than `limit` (refused unread).
    static func bytes(_ path: String, limit: FileSizeLimit, log: DiagnosticLog) -> [UInt8]? {
        switch FileBytes.contents(path, limit: limit.bytes) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            report(failure, limit: limit, log: log)
            return nil
        }
    }

    /// Reports why a file's bytes were not read (`limit`: the one it was read with, if any).
    static func report(_ failure: FileBytes.Failure, limit: FileSizeLimit? = nil, log: DiagnosticLog) {
        switch failure {
        case .notRegularFile(let kind):
            log.report(notRegularFile(kind))
        case .tooLarge(let size):
            guard let limit else { return reportUnreadable(log, errno: EFBIG) }
            log.report(limit.error(size: size))
        case .system(let code):
            reportUnreadable(log, errno: code)
        }
    }

    /// The error of a path that is not a regular file (`kind` in words: "a FIFO", "a folder"), which is not read: a
    /// FIFO is refused without waiting for a writer.
    static func notRegularFile(_ kind: String) -> SyntaxError {
        SyntaxError(
            at: .start, "not a regular file (\(kind)), so it is not read",
            hint: "only regular files are read; replace it with a file, or move it out of the folder")
    }

    /// Reports that a file could not be read, and why: what is wrong with the file now when the file system shows it
    /// (a dangling or looping link, a pipe, no permission: see `FileProblem`), otherwise the system's reason (`errno`;
    /// 0: it is not a regular file). A limit of the process (too many open files) is reported as itself.
    static func reportUnreadable(_ log: DiagnosticLog, errno code: Int32) {
        // What the file is now explains a failure of the file itself; any other failure (a limit of the process, a
        // folder on standard input) is reported as the system says it.
        if [0, ENOENT, ENOTDIR, ELOOP, EACCES, EPERM].contains(code), let problem = FileProblem.file(log.file) {
            log.report(
                SyntaxError(
                    at: .start, "cannot read the file: " + problem, hint: "check that it exists and is readable"))
        } else {
            log.report(FileSystemFailure.unreadable(errno: code))
        }
    }

    /// A JSON file as a tree, or nil after reporting why not.
    static func json(_ path: String, limit: FileSizeLimit, log: DiagnosticLog) -> ContentNode? {
        guard let bytes = bytes(path, limit: limit, log: log) else { return nil }
        return json(bytes: bytes, log: log)
    }

    /// A JSON file already read, as a tree, or nil after reporting why not.
    static func json(bytes: [UInt8], log: DiagnosticLog) -> ContentNode? {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            log.report(error)
            return nil
        }
    }

    /// A record file's bytes as a tree, or nil after reporting why not (bytes read with the limit
    /// `FileSizeLimit.record`, or checked against it here).
    static func record(bytes: [UInt8], log: DiagnosticLog) -> ContentNode? {
        guard RecordLimits.checkSize(bytes.count, log: log) else { return nil }
        return json(bytes: bytes, log: log)
    }

    /// A YAML file as a tree, or nil after reporting why not.
    static func yaml(_ path: String, limit: FileSizeLimit, log: DiagnosticLog) -> ContentNode? {
        guard let bytes = bytes(path, limit: limit, log: log) else { return nil }
        return yaml(path, bytes: bytes, log: log)
    }

    /// A YAML file already read, as a tree, or nil after reporting why not.
    static func yaml(_ path: String, bytes: [UInt8], log: DiagnosticLog) -> ContentNode? {
        let parsed = yaml(bytes: bytes)
        switch parsed {
        case .success(let node): return node
        case .failure(let error):
            log.report(error)
            return nil
        }
    }

    /// YAML bytes as a tree, or the syntax error that stops them from being parsed.
    private static func yaml(bytes: [UInt8]) -> Result<ContentNode, SyntaxError> {
        Result { () throws(SyntaxError) in try YAMLLoader.parse(try SourceText.decode(bytes)) }
    }

    /// The visible files directly inside a folder whose names end in one of the extensions, sorted by name; the other
    /// files (`ignored`); as display names (`DisplayText.fileName`), the files whose names are not UTF-8, which
    /// cannot be read as records (`misnamed`: a name is text in every message and output path); and the error of a
    /// folder that could not be listed for a reason other than its absence (`failures`: nothing is listed then).
    ///
    /// Read with `readdir`, using the entry type it gives (and `stat` only when it gives none, or for a symbolic link,
    /// which counts as what it points to): a folder of 100,000 records is listed without a call per file.
    ///
    /// An entry that is there but cannot be read is listed, so that reading it reports why, and never taken as a file
    /// that is gone (whose record's reports a build would remove): a symbolic link whose target is missing or that
    /// loops, one that cannot be looked at, and a folder (or a link to one) with one of the extensions. Other folders
    /// are left out, without a warning.
    static func list(_ folder: String, extensions: Set<String>) -> (
        files: [String], ignored: [String], misnamed: [String], failures: [Diagnostic]
    ) {
        guard let directory = opendir(folder) else {
            let code = errno
            return ([], [], [], code == ENOENT ? [] : [FileSystemFailure.unlisted(folder, errno: code)])
        }
        defer { closedir(directory) }
        let prefix = Array(folder.appendingPathComponent("").utf8)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let wanted = extensions.map { Array($0.utf8) }
        var names = ListedNames()
        var misnamed: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                // The end of the folder, or a failure part way (nothing is listed then).
                let code = errno
                if code != 0 { return ([], [], [], [FileSystemFailure.unlisted(folder, errno: code)]) }
                break
            }
            let type = entry.pointee.d_type
            // The name where `readdir` left it, valid until the next call.
            let start = UnsafeRawPointer(entry) + nameOffset
            let name = UnsafeBufferPointer(
                start: start.assumingMemoryBound(to: UInt8.self),
                count: strlen(start.assumingMemoryBound(to: CChar.self)))
            guard name.first != UInt8(ascii: ".") else { continue }
            guard name.allSatisfy({ $0 < 0x80 }) || String(validating: name, as: UTF8.self) != nil else {
                misnamed.append(folder.appendingPathComponent(DisplayText.fileName(bytes: Array(name))))
                continue
            }
            let isFile: Bool
            switch Int32(type) {
            case Int32(DT_REG): isFile = true
            case Int32(DT_DIR): isFile = hasExtension(name, in: wanted)
            default:
                let path = String(decoding: prefix + name, as: UTF8.self)
                var info = stat()
                if stat(path, &info) == 0 {
                    isFile = (info.st_mode & S_IFMT) != S_IFDIR || hasExtension(name, in: wanted)
                } else {
                    // Gone since `readdir` only if not even the entry itself is there any more.
                    isFile = errno != ENOENT || lstat(path, &info) == 0
                }
            }
            if isFile { names.append(name) }
        }
        // By bytes, not as text: `café.json` in NFC and in NFD are two files, and the build manifest orders paths so.
        names.sort()
        var files: [String] = []
        var ignored: [String] = []
        names.forEach { name in
            let path = String(unsafeUninitializedCapacity: prefix.count + name.count) { buffer in
                _ = buffer.initialize(fromContentsOf: prefix)
                _ = buffer[prefix.count...].initialize(fromContentsOf: name)
                return prefix.count + name.count
            }
            if hasExtension(name, in: wanted) { files.append(path) } else { ignored.append(path) }
        }
        return (files, ignored, misnamed.sorted(), [])
    }

    /// Whether a name's extension (as `fileExtension` gives it) is one of some, each given as its UTF-8.
    private static func hasExtension(_ name: UnsafeBufferPointer<UInt8>, in extensions: [[UInt8]]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return extensions.contains([]) }
        let ext = UnsafeBufferPointer(rebasing: name[(dot + 1)...])
        guard ext.allSatisfy({ $0 < 0x80 }) else {
            return extensions.contains(Array(fileExtension(utf8: Array(name)).utf8))
        }
        let lowered = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte }
        return extensions.contains { $0.count == ext.count && zip($0, ext).allSatisfy { $0 == lowered($1) } }
    }

    /// The error for a file whose name is not UTF-8 (`list`'s `misnamed`): it is not read.
    static func misnamedFile(_ displayPath: String) -> Diagnostic {
        Diagnostic(
            .error, file: displayPath, position: .start, message: "the file name is not valid UTF-8, so it is not read",
            hint: "rename it; the bytes that are not UTF-8 are shown as \\xNN")
    }

    /// A file name's extension in lower case (`Record.JSON` gives `json`), or empty; as `NSString.pathExtension`.
    static func fileExtension(_ name: String) -> String {
        fileExtension(utf8: Array(name.utf8))
    }

    /// `fileExtension` of a name's UTF-8.
    static func fileExtension(utf8 name: [UInt8]) -> String {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        let ext = name[(dot + 1)...]
        let text = String(decoding: ext, as: UTF8.self)
        return ext.contains(where: { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            ? text.lowercased() : text
    }
}

extension String {
    /// The strings one after another, made in one buffer: `a + b + c`, or an interpolation, allocates and copies for
    /// each part (for the paths made per record on every build, that was most of making them).
    static func concatenating(_ parts: String...) -> String {
        concatenating(parts)
    }

    /// The strings one after another, made in one buffer (see the variadic form).
    static func concatenating(_ parts: [String]) -> String {
        let count = parts.reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            for var part in parts {
                part.withUTF8 { utf8 in
                    _ = buffer[end...].initialize(fromContentsOf: utf8)
                    end += utf8.count
                }
            }
            return end
        }
    }

    /// This path with a component appended, with exactly one `/` between them.
    func appendingPathComponent(_ component: String) -> String {
        if isEmpty || self == "." { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }
}

/// The names `SourceFile.list` found, in one buffer of bytes, sorted by their bytes.
///
/// A name is not an array of its own: an array and a `String` made per name, and a sort comparing them through two
/// buffer pointers each time, were most of listing a large record folder. The sort compares eight bytes of two
/// names at a time, as one integer: first their first eight bytes, then, among names that share those, the next
/// eight (`hl-bench` and then `-000001.` in `hl-bench-000001.json`), and so on.
private struct ListedNames {
    private var bytes: [UInt8] = []
    private var names: [(start: Int, count: Int, key: UInt64)] = []

    mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
        names.append((bytes.count, name.count, 0))
        bytes.append(contentsOf: name)
    }

    mutating func sort() {
        sort(names.indices, from: 0)
    }

    /// Sorts the names in `range`, which share their bytes before `offset`, by their bytes from there on.
    private mutating func sort(_ range: Range<Int>, from offset: Int) {
        bytes.withUnsafeBufferPointer { bytes in
            for index in range {
                // Eight bytes, the first most significant, and zeros past the end: no name holds a zero byte, so a name
                // that ends comes before the longer names that start with it.
                var key: UInt64 = 0
                let start = names[index].start + offset
                let end = names[index].start + names[index].count
                for position in start..<(start + 8) { key = key << 8 | UInt64(position < end ? bytes[position] : 0) }
                names[index].key = key
            }
        }
        names[range].sort { $0.key < $1.key }
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound && names[end].key == names[start].key { end += 1 }
            // Names that share these eight bytes too, and go on past them (two names cannot end the same).
            if end - start > 1 && names[start].count > offset + 8 { sort(start..<end, from: offset + 8) }
            start = end
        }
    }

    /// Calls `body` with each name, in order.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            for name in names { body(UnsafeBufferPointer(rebasing: bytes[name.start..<(name.start + name.count)])) }
        }
    }
}
