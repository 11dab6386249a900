import Foundation

/// Loads `Content/pages/*.md`: YAML front matter with `title` (required) and `order`, then a CommonMark body.
enum GuidePageLoader {
    static func load(from folder: String, into diagnostics: inout [Diagnostic]) -> [GuidePage] {
        let listing = SourceFile.list(folder, extensions: ["md", "markdown"])
        diagnostics += listing.ignored.map {
            Diagnostic(.warning, file: $0, position: .start, message: "ignored: not a .md file")
        }
        diagnostics += listing.misnamed.map(SourceFile.misnamedFile) + listing.failures
        var pages: [GuidePage] = []
        var slugs: [String: String] = [:]
        for path in listing.files {
            let log = DiagnosticLog(file: path)
            defer { diagnostics += log.diagnostics }
            guard let bytes = SourceFile.bytes(path, limit: .page, log: log) else { continue }
            let parts: (yaml: String?, yamlStartLine: Int, body: String, bodyStartLine: Int)
            do {
                parts = try FrontMatter.split(try SourceText.decode(bytes))
            } catch {
                log.report(error)
                continue
            }
            guard let yaml = parts.yaml else {
                log.error(
                    "missing front matter", at: .start, path: .root,
                    hint: "start the page with a line '---', then 'title: ...', then a line '---'")
                continue
            }
            if yaml.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
                log.error(
                    "the front matter is empty", at: SourcePosition(line: parts.yamlStartLine, column: 1), path: .root,
                    hint: "it needs at least 'title: ...'")
                continue
            }
            let node: ContentNode
            do {
                node = try YAMLLoader.parse(yaml, lineOffset: parts.yamlStartLine - 1)
            } catch {
                log.report(error)
                continue
            }
            do {
                // The body goes to cmark as it is: refuse what would make cmark's time grow faster than the page.
                try MarkdownBounds.check(parts.body, lineOffset: parts.bodyStartLine - 1)
            } catch {
                log.report(error)
                continue
            }
            let reader = NodeReader(log: log)
            guard let object = reader.object(node, .root, keys: ["title", "order"]),
                let title = object.requiredString("title", minLength: 1)
            else { continue }
            let order = object.optional("order") { $0.integer($1, $2) }
            let slug = Slug.make(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
            if slug.isEmpty {
                log.error("the file name has no letters or digits to make a page name from", at: .start, path: .root)
                continue
            }
            if let other = slugs[slug] {
                log.error("page file name makes the same page '\(slug).html' as \(other)", at: .start, path: .root)
                continue
            }
            slugs[slug] = path
            pages.append(GuidePage(slug: slug, title: title, order: order, body: parts.body, source: path))
        }
        return pages.sorted { ($0.order ?? Int.max, $0.title, $0.slug) < ($1.order ?? Int.max, $1.title, $1.slug) }
    }
}
