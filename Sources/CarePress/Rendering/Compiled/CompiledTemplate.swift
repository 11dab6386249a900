import Mustache

/// A template compiled from swift-mustache's own parse, for the compiled renderer (see README.md beside this file).
///
/// Compiling resolves at load time what swift-mustache works out on every render: how each variable is escaped
/// (the content type in force where it stands) and how each name is looked up. A template that uses anything the
/// compiled renderer does not do the same way (transforms, inheritance, dynamic partials, a content type other than
/// CarePress's HTML and Markdown, a variable printed before any content type) does not compile, and swift-mustache
/// renders it.
struct CompiledTemplate: Sendable {
    /// How a variable's text is escaped.
    enum Escaping: Sendable {
        /// Not escaped: `{{{name}}}` and `{{&name}}`.
        case none
        /// By Unicode scalars, as `HTMLEscaping` (CarePress's `HTML` content type).
        case html
        /// For Markdown, as `MarkdownEscaping` (the `MARKDOWN` content type).
        case markdown
    }

    /// How a name finds its value in the context stack.
    enum Name: Sendable {
        /// `.`: the top of the stack.
        case current
        /// `a.b.c`: `a` in the nearest object of the stack that has it, then `b` and `c` inside it.
        case stack(first: FieldName, rest: [FieldName])
        /// `.a.b`: `a` in the top of the stack only, then `b` inside it.
        case top([FieldName])
    }

    /// One piece of a compiled template.
    indirect enum Node: Sendable {
        /// Text copied as it is (UTF-8).
        case text([UInt8])
        /// A variable, escaped as given.
        case variable(Name, Escaping)
        /// A section and its body.
        case section(Name, [Node])
        /// An inverted section and its body.
        case invertedSection(Name, [Node])
        /// A partial by name; a standalone partial tag's indentation (UTF-8) is put before each of its lines.
        case partial(String, indentation: [UInt8]?)
    }

    /// The template's nodes.
    let nodes: [Node]
    /// The partials it names.
    let partials: Set<String>
    /// A first guess at the size of the output, in bytes: its text twice over.
    let expectedSize: Int

    /// What the escaping state is while compiling: a known escaping, or a content type the compiled renderer does not
    /// escape for (swift-mustache's own defaults), under which an escaped variable cannot be compiled.
    private enum ContentType {
        case known(Escaping)
        case other
    }

    /// Compiles swift-mustache's parse of a template; nil when the template uses something not compiled.
    static func compile(_ template: MustacheTemplate) -> CompiledTemplate? {
        guard let tokens = MustacheParse.tokens(of: template) else { return nil }
        var partials = Set<String>()
        // Every template and partial starts with swift-mustache's own HTML content type (which escapes by
        // Characters); CarePress's templates switch to theirs in their first line.
        guard let nodes = compile(tokens, contentType: .other, partials: &partials) else { return nil }
        return CompiledTemplate(nodes: nodes, partials: partials, expectedSize: 2 * template.description.utf8.count)
    }

    private static func compile(
        _ tokens: [MustacheParse.Token], contentType start: ContentType, partials: inout Set<String>
    ) -> [Node]? {
        var contentType = start
        var nodes: [Node] = []
        nodes.reserveCapacity(tokens.count)
        for token in tokens {
            switch token {
            case .text(let text):
                nodes.append(.text(Array(text.utf8)))
            case .variable(let name, let transforms, let escaped):
                guard transforms.isEmpty else { return nil }
                if !escaped {
                    nodes.append(.variable(Self.name(name), .none))
                } else if case .known(let escaping) = contentType {
                    nodes.append(.variable(Self.name(name), escaping))
                } else {
                    return nil
                }
            case .section(let name, let transforms, let inverted, let body):
                guard transforms.isEmpty,
                    let inner = compile(body, contentType: contentType, partials: &partials)
                else { return nil }
                nodes.append(inverted ? .invertedSection(Self.name(name), inner) : .section(Self.name(name), inner))
            case .partial(let name, let indentation, let inherits):
                guard !inherits else { return nil }
                partials.insert(name)
                nodes.append(.partial(name, indentation: indentation.map { Array($0.utf8) }))
            case .contentType(let type):
                switch type {
                case is HTMLContentType: contentType = .known(.html)
                case is MarkdownContentType: contentType = .known(.markdown)
                default: contentType = .other
                }
            case .unsupported:
                return nil
            }
        }
        return nodes
    }

    /// How swift-mustache reads a variable name (`MustacheTemplate.getChild`).
    static func name(_ text: String) -> Name {
        let parts = text.split(separator: ".").map { FieldName(String($0)) }
        if text == "." || parts.isEmpty { return .current }
        if text.hasPrefix(".") { return .top(parts) }
        return .stack(first: parts[0], rest: Array(parts.dropFirst()))
    }
}
