import Mustache

/// A template compiled from CarePress's parse of it (`MustacheParse`), for the compiled renderer (see README.md beside
/// this file).
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

    /// How a name finds its value in the context stack: its parts are `fieldNames[parts]`.
    enum Name: Sendable {
        /// `.`: the top of the stack.
        case current
        /// `a.b.c`: `a` in the nearest object of the stack that has it, then `b` and `c` inside it.
        case stack(Range<Int>)
        /// `.a.b`: `a` in the top of the stack only, then `b` inside it.
        case top(Range<Int>)
    }

    /// One step of a compiled template.
    ///
    /// A step holds positions in the template's tables, never a counted reference: every worker renders the same
    /// templates, and when steps were indirect enum cases in boxes, retaining and releasing the shared boxes at every
    /// step was half of the renderer's own time (perf, 12,000 records), their counts' cache lines bouncing between
    /// the cores.
    enum Step: Sendable {
        /// Text copied as it is: `text[range]`, UTF-8.
        case text(Range<Int>)
        /// A variable, escaped as given.
        case variable(Name, Escaping)
        /// A section; its body is the steps after it, up to `end`.
        case section(Name, end: Int)
        /// An inverted section; its body is the steps after it, up to `end`.
        case invertedSection(Name, end: Int)
        /// The partial `partialNames[index]`; a standalone partial tag's indentation, `text[indentation]`, is put
        /// before each of its lines.
        case partial(Int, indentation: Range<Int>?)
    }

    /// The template's steps, in order, each section followed by its body.
    let steps: [Step]
    /// The text the steps copy, UTF-8.
    let text: [UInt8]
    /// The parts of the names the steps look up.
    let fieldNames: [FieldName]
    /// The partials the steps name, in order.
    let partialNames: [String]
    /// A first guess at the size of the output, in bytes: its text twice over.
    let expectedSize: Int

    /// What the escaping state is while compiling: a known escaping, or a content type the compiled renderer does not
    /// escape for (swift-mustache's own defaults), under which an escaped variable cannot be compiled.
    private enum ContentType {
        case known(Escaping)
        case other
    }

    /// Compiles a template swift-mustache has parsed, from its source text; nil when the template uses something not
    /// compiled.
    static func compile(_ template: MustacheTemplate) -> CompiledTemplate? {
        guard let tokens = MustacheParse.tokens(of: template.description) else { return nil }
        var compiler = Compiler()
        // Every template and partial starts with swift-mustache's own HTML content type (which escapes by
        // Characters); CarePress's templates switch to theirs in their first line.
        guard compiler.compile(tokens, contentType: .other) else { return nil }
        return CompiledTemplate(
            steps: compiler.steps, text: compiler.text, fieldNames: compiler.fieldNames,
            partialNames: compiler.partialNames, expectedSize: 2 * template.description.utf8.count)
    }

    /// The tables of a template being compiled.
    private struct Compiler {
        var steps: [Step] = []
        var text: [UInt8] = []
        var fieldNames: [FieldName] = []
        var partialNames: [String] = []

        /// Appends the steps of `tokens`; false when one of them is not compiled.
        mutating func compile(_ tokens: [MustacheParse.Token], contentType start: ContentType) -> Bool {
            var contentType = start
            for token in tokens {
                switch token {
                case .text(let piece):
                    steps.append(.text(add(piece)))
                case .variable(let name, let escaped):
                    if !escaped {
                        steps.append(.variable(self.name(name), .none))
                    } else if case .known(let escaping) = contentType {
                        steps.append(.variable(self.name(name), escaping))
                    } else {
                        return false
                    }
                case .section(let name, let inverted, let body):
                    let name = self.name(name)
                    let position = steps.count
                    steps.append(.section(name, end: position))
                    // The body keeps the content type in force here; a change inside it ends with it.
                    guard compile(body, contentType: contentType) else { return false }
                    steps[position] =
                        inverted ? .invertedSection(name, end: steps.count) : .section(name, end: steps.count)
                case .partial(let name, let indentation):
                    partialNames.append(name)
                    steps.append(.partial(partialNames.count - 1, indentation: indentation.map { add($0) }))
                case .contentType(let type):
                    switch type {
                    case HTMLContentType.name: contentType = .known(.html)
                    case MarkdownContentType.name: contentType = .known(.markdown)
                    default: contentType = .other
                    }
                }
            }
            return true
        }

        /// Adds text to the table; where it is.
        private mutating func add(_ piece: String) -> Range<Int> {
            let start = text.count
            text += piece.utf8
            return start..<text.count
        }

        /// How swift-mustache reads a variable name (`MustacheTemplate.getChild`), its parts added to the table.
        private mutating func name(_ text: String) -> Name {
            let parts = text.split(separator: ".").map { FieldName(String($0)) }
            if text == "." || parts.isEmpty { return .current }
            let start = fieldNames.count
            fieldNames += parts
            return text.hasPrefix(".") ? .top(start..<fieldNames.count) : .stack(start..<fieldNames.count)
        }
    }
}
