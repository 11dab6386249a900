import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a request path leads to in the output folder: a file under it, a redirect, or a refusal.
///
/// Only files under the output folder are ever served. Refused (403): `..` and `.` segments, whether written out or
/// percent-encoded; encoded `/`, `\` or NUL; empty segments (`//etc/passwd`); paths that are not absolute; and any
/// path whose real location (symbolic links resolved) is outside the output folder. Hidden names (the build's
/// `.carepress/` manifest, temporary files) are not found (404). A folder is served as its `index.html`; a folder
/// asked for without its trailing `/` is redirected to it, so that the pages' relative links work.
public enum ServedPath: Sendable, Equatable {
    /// Serve this file (an absolute path inside the output folder, symbolic links resolved).
    case file(String)
    /// Redirect to this path (a folder's, with its `/`).
    case redirect(String)
    /// Nothing is there.
    case notFound
    /// The path tries to leave the output folder, or is malformed.
    case forbidden

    /// Resolves the path of a request target (without its query), as sent, against the output folder `root`.
    public static func resolve(_ target: String, in root: String) -> ServedPath {
        guard target.hasPrefix("/") else { return .forbidden }
        let rawSegments = target.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, raw) in rawSegments.enumerated() {
            // The last segment may be empty: `/guide/` asks for the folder.
            if raw.isEmpty {
                if index == rawSegments.count - 1 { continue }
                return .forbidden
            }
            guard let segment = percentDecoded(raw) else { return .forbidden }
            // Compared as bytes: a combining mark after `/` or `.` (part of another `Character`) hides neither.
            let bytes = segment.utf8
            if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8)
                || bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) || bytes.contains(0)
            {
                return .forbidden
            }
            if bytes.first == UInt8(ascii: ".") { return .notFound }
            segments.append(segment)
        }
        guard let realRoot = realPath(root) else { return .notFound }
        let candidate = segments.isEmpty ? realRoot : realRoot + "/" + segments.joined(separator: "/")
        guard let real = realPath(candidate) else { return .notFound }
        guard real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else { return .forbidden }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard target.hasSuffix("/") else { return .redirect(target + "/") }
            let index = real + "/index.html"
            guard stat(index, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .notFound }
            return .file(index)
        case S_IFREG:
            return target.hasSuffix("/") ? .notFound : .file(real)
        default:
            return .notFound
        }
    }

    /// A path segment with its `%XX` escapes decoded; nil when an escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ segment: Substring) -> String? {
        guard segment.contains("%") else { return String(segment) }
        var bytes: [UInt8] = []
        var utf8 = segment.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The path with every symbolic link resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
