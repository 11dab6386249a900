import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which requests a page being printed may make: only `file://` URLs of files inside one folder (the output
/// folder), after resolving `..` and symbolic links. Everything else (http, https, ws, files elsewhere) is blocked.
struct NetworkPolicy: Sendable {
    /// The folder whose files may be loaded, fully resolved, without a trailing `/`.
    let root: String

    /// A policy for a folder (resolved through symbolic links, as the files it holds will be).
    init(root: String) {
        let absolute = OutputWriter.absoluteRoot(root)
        self.root = Self.resolved(absolute) ?? absolute
    }

    /// Whether a page may load this URL: a file whose real path is inside the folder. A file that does not exist is
    /// allowed when its folder's real path is inside, so that Chromium reports it as not found.
    func allows(_ url: String) -> Bool {
        guard let path = Self.filePath(of: url) else { return false }
        if let real = Self.resolved(path) { return real.hasPrefix(root + "/") }
        let file = URL(fileURLWithPath: path)
        let name = file.lastPathComponent
        guard name != "..", name != ".", let folder = Self.resolved(file.deletingLastPathComponent().path) else {
            return false
        }
        return (folder + "/").hasPrefix(root + "/")
    }

    /// The file a `file://` URL names (percent-decoded, query and fragment dropped); nil for other URLs or a host.
    static func filePath(of url: String) -> String? {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "file",
            (components.host ?? "").isEmpty || components.host == "localhost"
        else { return nil }
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        guard path.hasPrefix("/"), !path.utf8.contains(0) else { return nil }
        return path
    }

    /// The path with every symbolic link and `..` resolved; nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
