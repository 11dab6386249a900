import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads content files from disk into located value trees, reporting what stops them from being parsed.
enum SourceFile {
    /// The bytes of a file, or nil after reporting why it could not be read.
    static func bytes(_ path: String, log: DiagnosticLog) -> [UInt8]? {
        guard let bytes = FileBytes.read(path) else {
            reportUnreadable(log)
            return nil
        }
        return bytes
    }

    /// Reports that a file could not be read.
    static func reportUnreadable(_ log: DiagnosticLog) {
        log.report(SyntaxError(at: .start, "cannot read the file", hint: "check that it exists and is readable"))
    }

    /// A JSON file as a tree, or nil after reporting why not.
    static func json(_ path: String, log: DiagnosticLog) -> ContentNode? {
        guard let bytes = bytes(path, log: log) else { return nil }
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

    /// A record file's bytes as a tree, or nil after reporting why not: a file larger than `RecordLimits.maximumSize`
    /// is reported and not parsed.
    static func record(bytes: [UInt8], log: DiagnosticLog) -> ContentNode? {
        guard RecordLimits.checkSize(bytes.count, log: log) else { return nil }
        return json(bytes: bytes, log: log)
    }

    /// A YAML file as a tree, or nil after reporting why not; with a cache, a file whose bytes it parsed before is
    /// not parsed again.
    static func yaml(_ path: String, log: DiagnosticLog, cache: YAMLCache? = nil) -> ContentNode? {
        guard let bytes = bytes(path, log: log) else { return nil }
        let parsed = cache?.parsed(path, bytes: bytes, parse: yaml(bytes:)) ?? yaml(bytes: bytes)
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
    /// files (`ignored`); and, as display names (`DisplayText.fileName`), the files whose names are not UTF-8, which
    /// cannot be read as records (`misnamed`: a name is text in every message and output path).
    ///
    /// Read with `readdir`, using the entry type it gives (and `stat` only when it gives none, or for a symbolic link,
    /// which counts as what it points to): a folder of 100,000 records is listed without a call per file.
    static func list(_ folder: String, extensions: Set<String>) -> (
        files: [String], ignored: [String], misnamed: [String]
    ) {
        guard let directory = opendir(folder) else { return ([], [], []) }
        defer { closedir(directory) }
        // Each name is kept as its bytes, and each path made once from them: a `String` per name, validated, and a
        // path appended to it was half of listing 12,000 files.
        var entries: [(name: [UInt8], isFile: Bool)] = []
        var misnamed: [String] = []
        let prefix = Array(folder.appendingPathComponent("").utf8)
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            let type = entry.pointee.d_type
            guard bytes.first != UInt8(ascii: ".") else { continue }
            guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil else {
                misnamed.append(folder.appendingPathComponent(DisplayText.fileName(bytes: bytes)))
                continue
            }
            var isFile: Bool
            switch Int32(type) {
            case Int32(DT_REG): isFile = true
            case Int32(DT_DIR): isFile = false
            default:
                var info = stat()
                isFile =
                    stat(String(decoding: prefix + bytes, as: UTF8.self), &info) == 0
                    && (info.st_mode & S_IFMT) != S_IFDIR
            }
            entries.append((bytes, isFile))
        }
        var files: [String] = []
        var ignored: [String] = []
        // By bytes, not as text: `café.json` in NFC and in NFD are two files, and the build manifest orders paths so.
        entries.sort { one, other in
            one.name.withUnsafeBufferPointer { first in
                other.name.withUnsafeBufferPointer { BytePath.precedes(first, $0) }
            }
        }
        for (name, isFile) in entries where isFile {
            var path = prefix
            path += name
            if extensions.contains(fileExtension(utf8: name)) {
                files.append(String(decoding: path, as: UTF8.self))
            } else {
                ignored.append(String(decoding: path, as: UTF8.self))
            }
        }
        return (files, ignored, misnamed.sorted())
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
