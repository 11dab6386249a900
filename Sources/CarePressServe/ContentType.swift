/// The `Content-Type` of a served file, by its extension.
enum ContentType {
    /// The media type for a file name; `application/octet-stream` when the extension is not known.
    static func of(_ name: String) -> String {
        let dot = name.lastIndex(of: ".").map { name.index(after: $0) }
        let ext = dot.map { name[$0...].lowercased() } ?? ""
        return types[ext] ?? "application/octet-stream"
    }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "md": "text/markdown; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "webmanifest": "application/manifest+json",
    ]
}
