import Foundation

/// Checks the links of a build's HTML pages, so that a broken internal link fails the build and names its page.
///
/// Every `href`, `src`, `srcset`, `poster` and `action` value of every `.html` file is resolved against the page's
/// folder and must name a file the same build writes. The output must also work opened from disk (`file://`) with
/// no network, so an absolute path (`/guide/…`), a link to another host (`//cdn…`) or a resource loaded from the
/// web (`<script src="https://…">`, `<link href="https://…">`) is an error too. Links that navigate to the web
/// (`<a href="https://…">`), `mailto:`, `tel:`, `data:` and same-page `#fragment` links are left alone.
public enum LinkCheck {
    /// One URL in an attribute of a page.
    public struct Link: Sendable, Hashable {
        /// The element's name, lower-cased, e.g. `a`.
        public var element: String
        /// The attribute's name, lower-cased, e.g. `href`.
        public var attribute: String
        /// The URL with character references decoded, as a browser reads it.
        public var url: String
        /// Where the attribute's value starts in the page.
        public var position: SourcePosition
    }

    /// What a link leads to.
    enum Target: Sendable, Equatable {
        /// A file in the output folder, by its path relative to the folder.
        case file(String)
        /// Nothing to check: a same-page fragment, a web page, an e-mail address.
        case skipped
        /// A file the browser would fetch from the network as it shows the page.
        case remote
        /// A link that cannot work from disk, and why.
        case invalid(String)
    }

    /// An error for every link of the build's HTML files that leads nowhere, or could not work from disk.
    ///
    /// `files` is everything the build writes; `outputFolder` is only used to name the pages in diagnostics.
    public static func diagnostics(for files: [OutputFile], outputFolder: String) -> [Diagnostic] {
        let written = Set(files.map(\.path))
        return files.flatMap { diagnostics(for: $0, outputFolder: outputFolder, exists: written.contains) }
    }

    /// An error for every link of one file that leads nowhere, given which output paths the build writes.
    ///
    /// The page's bytes are scanned as they are (see `HTMLScanner`); a link's position is worked out only when it is
    /// reported.
    public static func diagnostics(for file: OutputFile, outputFolder: String, exists written: (String) -> Bool)
        -> [Diagnostic]
    {
        guard file.path.hasSuffix(".html") else { return [] }
        var diagnostics: [Diagnostic] = []
        var scanner = HTMLScanner(file.bytes)
        while let tag = scanner.nextStartTag() {
            for attribute in tag.attributes {
                for url in urls(of: attribute, in: scanner) {
                    let link = Link(element: tag.name, attribute: attribute.name, url: url, position: .start)
                    var tag: String { "<\(link.element) \(link.attribute)=\"\(link.url)\">" }
                    let message: String
                    switch target(of: link, from: file.path) {
                    case .skipped: continue
                    case .file(let path):
                        if written(path) { continue }
                        message = "broken link in \(file.path): \(tag): the build writes no file \(path)"
                    case .remote:
                        message =
                            "remote resource in \(file.path): \(tag): the site must work offline, so ship the file with it"
                    case .invalid(let reason): message = "broken link in \(file.path): \(tag): \(reason)"
                    }
                    diagnostics.append(
                        Diagnostic(
                            .error, file: outputFolder.appendingPathComponent(file.path),
                            position: scanner.position(of: attribute.offset), message: message,
                            hint: hint(for: link.url)))
                }
            }
        }
        return diagnostics
    }

    /// The URLs of an attribute (`href`, `src`, `srcset`, `poster` or `action`): each candidate's for `srcset`, else its value.
    private static func urls(of attribute: HTMLScanner.Attribute, in scanner: HTMLScanner) -> [String] {
        guard attribute.name == "srcset" else { return [scanner.value(of: attribute)] }
        return scanner.value(of: attribute).split(separator: ",").map { candidate in
            candidate.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        }
    }

    /// What a link of the page at `page` (a path relative to the output folder) leads to.
    static func target(of link: Link, from page: String) -> Target {
        plainTarget(link.url, from: page) ?? generalTarget(of: link, from: page)
    }

    /// What any link leads to, read as a browser would: trimmed, with a scheme or not, percent escapes decoded.
    static func generalTarget(of link: Link, from page: String) -> Target {
        let url = link.url.trimmingCharacters(in: .whitespacesAndNewlines)
        if url.isEmpty || url.hasPrefix("#") { return .skipped }
        if let scheme = scheme(of: url) {
            switch scheme {
            case "http", "https":
                return loadsResource(link) ? .remote : .skipped
            case "mailto", "tel", "data": return .skipped
            default: return .invalid("a '\(scheme):' link does not work when the site is copied elsewhere")
            }
        }
        if url.hasPrefix("//") { return .invalid("it points to another host; links must be relative") }
        if url.hasPrefix("/") || url.hasPrefix("\\") {
            return .invalid("an absolute path points to the top of the disk when the site is opened from a file")
        }
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<end] }
        if path.isEmpty { return .skipped }  // `?q=…` or `#…` on the page itself
        guard let decoded = String(path).removingPercentEncoding else {
            return .invalid("it has a malformed percent escape")
        }
        var parts = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty { return .invalid("it leads outside the output folder") }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return .file(parts.joined(separator: "/"))
    }

    /// The target of the links CarePress writes itself (`../guide/conditions/acl-tear.html`, `#main`), worked out
    /// on bytes: a URL of letters, digits, `-`, `_`, `.`, `~` and `/` (not first), up to an optional `#` or `?`, from
    /// a page whose path has no empty part. Nil for anything else, which `target(of:from:)` reads the general way;
    /// where both apply they agree (`LinkCheckTests`).
    static func plainTarget(_ url: String, from page: String) -> Target? {
        var url = url
        return url.withUTF8 { bytes in
            guard let first = bytes.first else { return nil }
            if first == UInt8(ascii: "#") { return .skipped }
            guard first != UInt8(ascii: "/"), first != UInt8(ascii: "?") else { return nil }
            // The page's folder, as the start of the result, with the number of its parts.
            var path: [UInt8] = []
            path.reserveCapacity(page.utf8.count + bytes.count)
            var page = page
            let folderParts: Int? = page.withUTF8 { utf8 in
                var (parts, end) = (0, 0)
                var previous: UInt8 = UInt8(ascii: "/")
                for offset in utf8.indices {
                    if utf8[offset] == UInt8(ascii: "/") {
                        if previous == UInt8(ascii: "/") { return nil }  // an empty part (or a leading slash)
                        parts += 1
                        end = offset
                    }
                    previous = utf8[offset]
                }
                path.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<end]))
                return parts
            }
            guard var parts = folderParts else { return nil }
            // The URL's parts up to `#` or `?`, each applied to the path.
            var start = 0
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "#"),
                    bytes[end] != UInt8(ascii: "?")
                {
                    guard isPlainURLByte(bytes[end]) else { return nil }
                    end += 1
                }
                let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if segment.count == 1 && segment[0] == UInt8(ascii: ".") {
                    // The page's own folder: nothing to add.
                } else if segment.count == 2 && segment[0] == UInt8(ascii: ".") && segment[1] == UInt8(ascii: ".") {
                    if parts == 0 { return .invalid("it leads outside the output folder") }
                    parts -= 1
                    path.removeSubrange((path.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
                    if parts == 0 { path.removeAll(keepingCapacity: true) }
                } else {
                    if parts > 0 { path.append(UInt8(ascii: "/")) }
                    path.append(contentsOf: segment)
                    parts += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "/") else { break }
                start = end + 1
            }
            return .file(String(decoding: path, as: UTF8.self))
        }
    }

    private static func isPlainURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    private static func hint(for url: String) -> String? {
        let path = url.split(separator: "#", maxSplits: 1).first.map(String.init) ?? url
        if path.hasSuffix("/") {
            return "link to the folder's index.html: a browser opening files from disk does not add it"
        }
        return nil
    }

    /// Whether the browser fetches the link's target while showing the page, rather than on a click.
    private static func loadsResource(_ link: Link) -> Bool {
        switch link.attribute {
        case "src", "srcset", "poster": true
        case "href": link.element == "link"
        default: false
        }
    }

    /// The lower-cased scheme of an absolute URL (`https`, `mailto`), or nil for a relative one.
    private static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
            candidate.unicodeScalars.allSatisfy({
                $0.isASCIILetter || $0.isASCIIDigit || "+.-".unicodeScalars.contains($0)
            })
        else { return nil }
        return candidate.lowercased()
    }

    /// The URL-valued attributes of every element of an HTML document, in document order.
    ///
    /// A small scanner for the HTML that libcmark and the theme's templates produce: comments, doctypes and the
    /// contents of `<script>` and `<style>` elements are skipped; attribute values may be quoted or not.
    public static func links(in html: String) -> [Link] {
        var scanner = HTMLScanner(html)
        var links: [Link] = []
        while let tag = scanner.nextStartTag() {
            for attribute in tag.attributes {
                for url in urls(of: attribute, in: scanner) {
                    links.append(
                        Link(
                            element: tag.name, attribute: attribute.name, url: url,
                            position: scanner.position(of: attribute.offset)))
                }
            }
        }
        return links
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
