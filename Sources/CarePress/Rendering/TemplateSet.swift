import Foundation
import Mustache

/// The theme's templates, parsed at most once per build (not at all by a build that renders nothing; see `Parsing`) and
/// shared read-only by every worker.
///
/// Templates are the `*.mustache` files of the theme (see `ThemeSource`: `--templates`, then the project's
/// `Templates/`, then the embedded theme, file by file), named by their path without `.mustache`
/// (`reports/consult.md`, `layouts/page.html`). Files under `assets/` are copied to the output as they are.
public struct TemplateSet: Sendable {
    /// Where the templates and assets were read from.
    public let theme: ThemeSource
    /// The names of the parsed templates.
    public let names: Set<String>
    /// The theme's asset files (paths relative to `assets/`), sorted.
    public let assets: [String]
    /// The text of `assets/style.css`, which standalone pages (reports) inline.
    public let stylesheet: String
    /// The templates parsed by swift-mustache and compiled.
    private let parsed: Templates
    private let sources: [String: String]
    /// The names of the partials each template references, in order of appearance.
    let partials: [String: [String]]
    /// The renders that fell back to swift-mustache (shared by every copy of this set).
    let fallbacks = TemplateFallbacks()
    /// The renderer used: the compiled templates (with swift-mustache as the fallback), or swift-mustache alone
    /// (the reference the differential tests compare with).
    var engine = TemplateEngine.compiled

    /// The first line every Markdown template must have, so that values are escaped for Markdown.
    public static let markdownPragma = "{{% CONTENT_TYPE: MARKDOWN }}"

    /// Parses the templates of one folder alone, without the embedded theme behind it; see
    /// `load(from:requiring:parsing:)`.
    public static func load(from folder: String, requiring required: [String] = [], parsing: Parsing = .now)
        -> Result<TemplateSet, TemplateErrors>
    {
        load(from: ThemeSource(layers: [.option(folder)]), requiring: required, parsing: parsing)
    }

    /// When `load` parses the templates.
    public enum Parsing: Sendable {
        /// Before it returns, so that any error in a template comes back from `load`.
        case now
        /// When a template is first rendered: for a theme whose bytes are those of a theme that parsed without
        /// errors (the last finished build's), which parse the same way again. A build that renders nothing (a no-op)
        /// then does not parse the theme at all, a large part of what a no-op build would otherwise do.
        /// Every other check (files, pragmas, partials, required templates, stylesheet) is still made by `load`.
        case whenRendered
    }

    /// What swift-mustache made of the templates: its library (the reference and the fallback) and the templates
    /// compiled from its parse.
    private struct Parsed: Sendable {
        let library: MustacheLibrary
        let compiled: CompiledLibrary
    }

    /// The parsed templates as `load` left them.
    private enum Templates: Sendable {
        /// Parsed by `load` (`Parsing.now`).
        case parsed(Parsed)
        /// Parsed when a template is first rendered (`Parsing.whenRendered`).
        case whenRendered(Lazy<Result<Parsed, TemplateErrors>>)

        /// The parsed templates, parsed now if they were not yet.
        var value: Parsed {
            get throws(TemplateErrors) {
                switch self {
                case .parsed(let parsed): parsed
                case .whenRendered(let lazy): try lazy.value.get()
                }
            }
        }
    }

    /// Parses every template of a theme, requiring the given names; problems come back as located diagnostics.
    /// With `.whenRendered`, the templates are parsed when one is first rendered (a parse error is then thrown by
    /// that render).
    public static func load(
        from theme: ThemeSource, requiring required: [String] = [], parsing: Parsing = .now
    ) -> Result<TemplateSet, TemplateErrors> {
        precondition(MarkdownContentType.registered && HTMLContentType.registered)
        var diagnostics: [Diagnostic] =
            theme.missingFolders.map {
                Diagnostic(
                    .error, file: $0, position: .start, message: "templates folder not found",
                    hint: "leave out --templates to use the project's Templates/ and the theme built into carepress")
            } + theme.failures
        var texts: [(name: String, path: String, text: String)] = []
        let files = theme.paths
        if files.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, file: theme.layers.first?.folder ?? ThemeLayer.embeddedPrefix, position: .start,
                    message: "no templates found",
                    hint: "run from a site project folder with a Templates/ folder, or pass --templates DIR"))
        }
        for relative in files where relative.hasSuffix(".mustache") {
            guard let file = theme.files[relative] else { continue }
            let path = file.path
            let name = String(relative.dropLast(".mustache".count))
            let log = DiagnosticLog(file: path)
            defer { diagnostics += log.diagnostics }
            let text: String
            do {
                text = try SourceText.decode(file.bytes)
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
            texts.append((name, path, text))
        }
        var parsedNow: Parsed?
        if case .now = parsing {
            let (parsed, errors) = parse(texts)
            diagnostics += errors
            parsedNow = parsed
        }
        // Every template that is there is named, and has its partials checked, whether it parses or not (and whether
        // it is parsed now or when rendered): a partial that does not parse is reported as such, not as missing.
        let names = Set(texts.map(\.name))
        var partials: [String: [String]] = [:]
        for (name, path, text) in texts {
            let references = partialReferences(in: text)
            partials[name] = references.map(\.name)
            for reference in references where !names.contains(reference.name) {
                diagnostics.append(
                    Diagnostic(
                        .error, file: path, position: reference.position,
                        message: "partial '\(reference.name)' not found",
                        hint: Suggestion.hint(for: reference.name, in: names).map { $0 }
                            ?? "looked for \(reference.name).mustache in \(theme.lookupOrder)"))
            }
        }
        // A template that is there but has errors was reported above; only those with no file at all are missing.
        let missing = required.filter { theme.files["\($0).mustache"] == nil }
        if !missing.isEmpty {
            // One error for them all: a theme folder without a file is a wrong folder, not twenty problems.
            diagnostics.append(
                Diagnostic(
                    .error, file: theme.layers.first?.folder ?? ThemeLayer.embeddedPrefix, position: .start,
                    message: "\(missing.count == 1 ? "template" : "templates") not found: "
                        + missing.map { "\($0).mustache" }.joined(separator: ", "),
                    hint: "looked in \(theme.lookupOrder)"))
        }
        let stylesheet = theme.files["assets/style.css"].map { String(decoding: $0.bytes, as: UTF8.self) }
        if stylesheet == nil {
            diagnostics.append(
                Diagnostic(
                    .error, file: theme.path(of: "assets/style.css"), position: .start,
                    message: "stylesheet not found", hint: "looked in \(theme.lookupOrder)"))
        }
        if diagnostics.hasErrors {
            // A theme that does not load reports what a theme parsed now reports, however it was to be parsed: its
            // parse errors too, and the warnings a theme that loads has (its unused overrides).
            if case .whenRendered = parsing { diagnostics += parse(texts).1 }
            return .failure(
                TemplateErrors(
                    diagnostics: diagnostics.sorted(),
                    warnings: theme.unusedOverrides(partialsUsed: Set(partials.values.joined()))))
        }
        let assets = files.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst("assets/".count)) }
        guard let stylesheet else { return .failure(TemplateErrors(diagnostics: diagnostics.sorted())) }
        let parsed: Templates =
            parsedNow.map { .parsed($0) }
            ?? .whenRendered(
                Lazy { [texts] in
                    let (parsed, errors) = parse(texts)
                    return errors.isEmpty ? .success(parsed) : .failure(TemplateErrors(diagnostics: errors.sorted()))
                })
        return .success(
            TemplateSet(
                theme: theme, names: names, assets: assets, stylesheet: stylesheet, parsed: parsed,
                sources: Dictionary(texts.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first }),
                partials: partials))
    }

    /// Parses templates with swift-mustache and compiles what it parsed; the errors of those that do not parse.
    private static func parse(_ texts: [(name: String, path: String, text: String)]) -> (Parsed, [Diagnostic]) {
        var templates: [String: MustacheTemplate] = [:]
        var errors: [Diagnostic] = []
        for (name, path, text) in texts {
            // Every template but Markdown is HTML, escaped by scalars: swift-mustache's default escaping walks
            // Characters, which a combining mark glued to a `<` or `>` slips past.
            let prefix = name.hasSuffix(".md") ? "" : HTMLContentType.pragma
            do {
                templates[name] = try MustacheTemplate(string: prefix + text)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber
                let column = error.context.columnNumber + 1 - (line == 1 ? prefix.count : 0)
                errors.append(
                    Diagnostic(
                        .error, file: path, position: SourcePosition(line: line, column: max(column, 1)),
                        path: ValuePath.root.description, message: "cannot parse the template: \(describe(error.error))"
                    ))
            } catch {
                errors.append(
                    Diagnostic(
                        .error, file: path, position: .start, path: ValuePath.root.description,
                        message: "cannot parse the template: \(error)"))
            }
        }
        return (Parsed(library: MustacheLibrary(templates: templates), compiled: CompiledLibrary(templates)), errors)
    }

    /// Parses the templates now, if `load` left them to be parsed when rendered; the errors of those that do not
    /// parse.
    public func parse() throws(TemplateErrors) {
        _ = try parsed.value
    }

    /// Renders a template with a typed view model at the bottom of the context stack.
    public func render(_ name: String, _ model: any ViewModel) throws(TemplateErrors) -> String {
        String(decoding: try renderUTF8(name, model), as: UTF8.self)
    }

    /// Renders a template with a typed view model, as UTF-8 (what the batch's reports are made of, with no `String`
    /// made on the way).
    func renderUTF8(_ name: String, _ model: any ViewModel) throws(TemplateErrors) -> [UInt8] {
        try renderUTF8(name, model, parsed.value)
    }

    private func renderUTF8(_ name: String, _ model: any ViewModel, _ parsed: Parsed) throws(TemplateErrors)
        -> [UInt8]
    {
        if engine == .compiled, let template = parsed.compiled.templates[name],
            let bytes = try? parsed.compiled.renderUTF8(template, .object(model))
        {
            return bytes
        }
        return Array(try renderWithSwiftMustache(name, MustacheViewModel(model: model), parsed).utf8)
    }

    /// Renders a template with a context of dictionaries, arrays, strings, booleans and numbers.
    public func render(_ name: String, _ context: [String: Any]) throws(TemplateErrors) -> String {
        try render(name, context, parsed.value)
    }

    private func render(_ name: String, _ context: [String: Any], _ parsed: Parsed) throws(TemplateErrors) -> String {
        if engine == .compiled, let template = parsed.compiled.templates[name],
            let model = try? DictionaryViewModel(context),
            let text = try? parsed.compiled.render(template, .object(model))
        {
            return text
        }
        return try renderWithSwiftMustache(name, context, parsed)
    }

    /// Renders with swift-mustache, counting a fallback when the compiled renderer was meant to render.
    private func renderWithSwiftMustache(_ name: String, _ context: Any, _ parsed: Parsed) throws(TemplateErrors)
        -> String
    {
        guard let text = parsed.library.render(context, withTemplate: name) else {
            throw TemplateErrors(diagnostics: [
                Diagnostic(
                    .error, file: path(of: name), position: .start, message: "template not found")
            ])
        }
        if engine == .compiled { fallbacks.record(name) }
        return text
    }

    /// The names of the templates the compiled renderer renders (the others fall back to swift-mustache).
    public var compiledNames: Set<String> {
        Set(((try? parsed.value)?.compiled.templates ?? [:]).keys)
    }

    /// The text of a template, by name.
    public func source(of name: String) -> String? { sources[name] }

    /// The path of a template file, for messages.
    public func path(of name: String) -> String {
        theme.path(of: "\(name).mustache")
    }

    /// The bytes of an asset, by its path relative to `assets/`.
    public func asset(_ name: String) -> [UInt8]? {
        theme.files["assets/" + name]?.bytes
    }

    /// Warnings for files of the project's or `--templates` folder that override nothing and that no template uses.
    public var unusedOverrides: [Diagnostic] {
        theme.unusedOverrides(partialsUsed: Set(partials.values.joined()))
    }

    /// The `{{> name}}` and `{{< name}}` references of a template, with their positions (lines counted by line
    /// feeds, columns in Unicode scalars). Scanned as bytes: every byte it looks for is ASCII.
    static func partialReferences(in text: String) -> [(name: String, position: SourcePosition)] {
        var result: [(String, SourcePosition)] = []
        let bytes = Array(text.utf8)
        let (brace, closing, space, newline) = (
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n")
        )
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == newline {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == brace, index + 1 < bytes.count, bytes[index + 1] == brace else {
                index += 1
                continue
            }
            var sigil = index + 2
            while sigil < bytes.count && bytes[sigil] == space { sigil += 1 }
            guard sigil < bytes.count, bytes[sigil] == UInt8(ascii: ">") || bytes[sigil] == UInt8(ascii: "<") else {
                index += 2
                continue
            }
            // The closing `}}` on the same line.
            var close = sigil + 1
            while close + 1 < bytes.count && bytes[close] != newline
                && !(bytes[close] == closing && bytes[close + 1] == closing)
            {
                close += 1
            }
            guard close + 1 < bytes.count, bytes[close] == closing, bytes[close + 1] == closing else {
                index += 2
                continue
            }
            let name = String(decoding: bytes[(sigil + 1)..<close], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            if !name.isEmpty && !name.hasPrefix("*") {
                let column = bytes[lineStart..<index].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                result.append((name, SourcePosition(line: line, column: column)))
            }
            index = close + 2
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
    /// The warnings a theme that does not load would have had had it loaded (its unused overrides, see
    /// `TemplateSet.unusedOverrides`), so that a build stopped by its theme reports them as one that loads it does.
    public var warnings: [Diagnostic] = []
}
