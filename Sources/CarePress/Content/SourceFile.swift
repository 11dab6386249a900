import Foundation

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

    /// A YAML file as a tree, or nil after reporting why not.
    static func yaml(_ path: String, log: DiagnosticLog) -> ContentNode? {
        guard let bytes = bytes(path, log: log) else { return nil }
        do {
            return try YAMLLoader.parse(try SourceText.decode(bytes))
        } catch {
            log.report(error)
            return nil
        }
    }

    /// The visible files directly inside a folder whose names end in one of the extensions, sorted by name.
    static func list(_ folder: String, extensions: Set<String>) -> (files: [String], ignored: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([], []) }
        var files: [String] = []
        var ignored: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            let ext = (name as NSString).pathExtension.lowercased()
            if extensions.contains(ext) {
                files.append(path)
            } else {
                ignored.append(path)
            }
        }
        return (files, ignored)
    }
}

extension String {
    /// This path with a component appended, with exactly one `/` between them.
    func appendingPathComponent(_ component: String) -> String {
        if isEmpty || self == "." { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }
}
