import Foundation
import Mustache

/// The theme's templates, parsed once per build and shared read-only by every worker.
///
/// Templates are the `*.mustache` files under a folder, named by their path without `.mustache`
/// (`reports/consult.md`, `layouts/page.html`). Files under `assets/` are copied to the output as they are.
public struct TemplateSet: Sendable {
    /// The folder the templates were read from.
    public let folder: String
    /// The names of the parsed templates.
    public let names: Set<String>
    /// The theme's asset files (paths relative to `assets/`), sorted.
    public let assets: [String]
    /// The text of `assets/style.css`, which standalone pages (reports) inline.
    public let stylesheet: String
    private let library: MustacheLibrary
    private let compiled: CompiledLibrary
    private let sources: [String: String]
    /// The renders that fell back to swift-mustache (shared by every copy of this set).
    let fallbacks = TemplateFallbacks()
    /// The renderer used: the compiled templates (with swift-mustache as the fallback), or swift-mustache alone
    /// (the reference the differential tests compare with).
    var engine = TemplateEngine.compiled

    /// The first line every Markdown template must have, so that values are escaped for Markdown.
    public static let markdownPragma = "{{% CONTENT_TYPE: MARKDOWN }}"

    /// Parses every template of a folder, requiring the given names; problems come back as located diagnostics.
    public static func load(from folder: String, requiring required: [String] = []) -> Result<
        TemplateSet, TemplateErrors
    > {
        precondition(MarkdownContentType.registered && HTMLContentType.registered)
        var diagnostics: [Diagnostic] = []
        var templates: [String: MustacheTemplate] = [:]
        var texts: [(name: String, path: String, text: String)] = []
        let files = listFiles(under: folder)
        if files.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, file: folder, position: .start, message: "no templates found",
                    hint: "run from a site project folder with a Templates/ folder, or pass --templates DIR"))
        }
        for relative in files where relative.hasSuffix(".mustache") {
            let path = folder.appendingPathComponent(relative)
            let name = String(relative.dropLast(".mustache".count))
            let log = DiagnosticLog(file: path)
            defer { diagnostics += log.diagnostics }
            guard let bytes = SourceFile.bytes(path, log: log) else { continue }
            let text: String
            do {
                text = try SourceText.decode(bytes)
            } catch {
                log.report(error)
                continue
            }
            if name.hasSuffix(".md") && !text.hasPrefix(markdownPragma) {
                log.error(
                    "a Markdown template must start with \(markdownPragma)", at: .start, path: .root,
                    hint: "without it, values would not be escaped for Markdown (partials reset to HTML)")
                continue
            }
            // Every other template is HTML, escaped by scalars: swift-mustache's default escaping walks
            // Characters, which a combining mark glued to a `<` or `>` slips past.
            let prefix = name.hasSuffix(".md") ? "" : HTMLContentType.pragma
            do {
                templates[name] = try MustacheTemplate(string: prefix + text)
                texts.append((name, path, text))
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber
                let column = error.context.columnNumber + 1 - (line == 1 ? prefix.count : 0)
                log.error(
                    "cannot parse the template: \(describe(error.error))",
                    at: SourcePosition(line: line, column: max(column, 1)), path: .root)
            } catch {
                log.error("cannot parse the template: \(error)", at: .start, path: .root)
            }
        }
        for (_, path, text) in texts {
            for reference in partialReferences(in: text) where templates[reference.name] == nil {
                diagnostics.append(
                    Diagnostic(
                        .error, file: path, position: reference.position,
                        message: "partial '\(reference.name)' not found",
                        hint: Suggestion.hint(for: reference.name, in: templates.keys).map { $0 }
                            ?? "expected a file \(folder.appendingPathComponent(reference.name)).mustache"))
            }
        }
        for name in required where templates[name] == nil {
            diagnostics.append(
                Diagnostic(
                    .error, file: folder.appendingPathComponent("\(name).mustache"), position: .start,
                    message: "template not found",
                    hint: "the build needs this template; copy it from the default Templates/"))
        }
        if diagnostics.hasErrors {
            return .failure(TemplateErrors(diagnostics: diagnostics.sorted()))
        }
        let assets = files.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst("assets/".count)) }
        let stylesheetPath = folder.appendingPathComponent("assets/style.css")
        let stylesheet = FileManager.default.contents(atPath: stylesheetPath).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard let stylesheet else {
            return .failure(
                TemplateErrors(diagnostics: [
                    Diagnostic(
                        .error, file: stylesheetPath, position: .start, message: "stylesheet not found",
                        hint: "the theme needs assets/style.css; copy it from the default Templates/")
                ]))
        }
        return .success(
            TemplateSet(
                folder: folder, names: Set(templates.keys), assets: assets, stylesheet: stylesheet,
                library: MustacheLibrary(templates: templates), compiled: CompiledLibrary(templates),
                sources: Dictionary(texts.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })))
    }

    /// Renders a template with a typed view model at the bottom of the context stack.
    public func render(_ name: String, _ model: any ViewModel) throws(TemplateErrors) -> String {
        if engine == .compiled, let template = compiled.templates[name],
            let text = try? compiled.render(template, .object(model))
        {
            return text
        }
        return try renderWithSwiftMustache(name, MustacheViewModel(model: model))
    }

    /// Renders a template with a context of dictionaries, arrays, strings, booleans and numbers.
    public func render(_ name: String, _ context: [String: Any]) throws(TemplateErrors) -> String {
        if engine == .compiled, let template = compiled.templates[name],
            let model = try? DictionaryViewModel(context), let text = try? compiled.render(template, .object(model))
        {
            return text
        }
        return try renderWithSwiftMustache(name, context)
    }

    /// Renders with swift-mustache, counting a fallback when the compiled renderer was meant to render.
    private func renderWithSwiftMustache(_ name: String, _ context: Any) throws(TemplateErrors) -> String {
        guard let text = library.render(context, withTemplate: name) else {
            throw TemplateErrors(diagnostics: [
                Diagnostic(
                    .error, file: folder.appendingPathComponent("\(name).mustache"), position: .start,
                    message: "template not found")
            ])
        }
        if engine == .compiled { fallbacks.record(name) }
        return text
    }

    /// The names of the templates the compiled renderer renders (the others fall back to swift-mustache).
    public var compiledNames: Set<String> { Set(compiled.templates.keys) }

    /// The text of a template, by name.
    public func source(of name: String) -> String? { sources[name] }

    /// The path of a template file, for messages.
    public func path(of name: String) -> String {
        folder.appendingPathComponent("\(name).mustache")
    }

    /// Every file under a folder, as sorted relative paths, skipping hidden ones.
    static func listFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        for case let relative as String in enumerator {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(relative), isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// The `{{> name}}` and `{{< name}}` references of a template, with their positions.
    static func partialReferences(in text: String) -> [(name: String, position: SourcePosition)] {
        var result: [(String, SourcePosition)] = []
        for (lineOffset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let afterOpen = rest[open.upperBound...].drop { $0 == " " }
                guard let sigil = afterOpen.first, sigil == ">" || sigil == "<",
                    let close = afterOpen.range(of: "}}")
                else {
                    rest = rest[open.upperBound...]
                    continue
                }
                let name = afterOpen[afterOpen.index(after: afterOpen.startIndex)..<close.lowerBound]
                    .trimmingCharacters(in: .whitespaces)
                let column = line.unicodeScalars.distance(from: line.startIndex, to: open.lowerBound) + 1
                if !name.isEmpty && !name.hasPrefix("*") {
                    result.append((name, SourcePosition(line: lineOffset + 1, column: column)))
                }
                rest = afterOpen[close.upperBound...]
            }
        }
        return result
    }

    private static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "a section is closed with a different name than it was opened with"
        case .unfinishedName: "a tag is not closed with '}}'"
        case .expectedSectionEnd: "a section is never closed"
        case .invalidSetDelimiter: "a set-delimiter tag is malformed"
        case .invalidConfigVariableSyntax: "a {{% pragma }} is malformed"
        case .unrecognisedConfigVariable: "unknown {{% pragma }}"
        default: String(describing: error)
        }
    }
}

/// Template problems that stop a build: the theme is the project's code, so they are never skipped.
public struct TemplateErrors: Error, Sendable {
    /// Every problem, located in its template file.
    public var diagnostics: [Diagnostic]
}
