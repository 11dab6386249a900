/// CarePress's own parse of a Mustache template, for the compiled renderer.
///
/// swift-mustache stays the reference: `TemplateSet` parses every template with it first (its syntax errors, with
/// line and column, are the ones users see), and only a template it accepted is parsed here, from its source text
/// (`MustacheTemplate.description`). The parse follows swift-mustache's published rules step by step
/// (`Template+Parser.swift` in swift-mustache 2): text is read in `Character`s up to a line break (`\n` or `\r\n`)
/// or the opening delimiter; whitespace at the start of a line is held until it is known whether the tag after it
/// stands alone on its line; a standalone section, comment, delimiter, pragma or partial tag takes its line with it;
/// a set-delimiter tag changes the delimiters until the end of the section it stands in. `CompiledTemplateTests`
/// holds the output to swift-mustache's over the theme, the Mustache specification and thousands of generated
/// templates.
///
/// What the compiled renderer never runs (transforms, inheritance, blocks, dynamic partials) is not parsed: the
/// template is left to swift-mustache.
enum MustacheParse {
    /// One token of a template.
    indirect enum Token: Equatable {
        /// Text copied to the output as it is.
        case text(String)
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
        case variable(name: String, escaped: Bool)
        /// `{{#name}}...{{/name}}`, or with `inverted`, `{{^name}}...{{/name}}`.
        case section(name: String, inverted: Bool, body: [Token])
        /// `{{> name}}`; `indentation` is the whitespace before a standalone partial tag.
        case partial(name: String, indentation: String?)
        /// `{{% CONTENT_TYPE: name }}`: how the variables after it are escaped.
        case contentType(String)
    }

    /// The tokens of a template's source text; nil when it uses what the compiled renderer does not run, or when
    /// it is not a template swift-mustache accepts.
    static func tokens(of source: String) -> [Token]? {
        var reader = Reader(Array(source))
        return reader.parse(State(section: nil, newLine: true, open: Array("{{"), close: Array("}}")))
    }

    /// Where the parse is: the section it is inside, whether it is at the start of a line, the delimiters.
    private struct State {
        var section: String?
        var newLine: Bool
        var open: [Character]
        var close: [Character]
    }

    /// Characters for names: swift-mustache's, without the brackets of transforms (which are not parsed here).
    private static let nameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    /// Characters that mean a transform (`name(value)`): the template is left to swift-mustache.
    private static let transformCharacters = Set<Character>("()")
    /// Characters for partial names.
    private static let partialCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")

    private struct Reader {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        var atEnd: Bool { position == characters.count }
        /// The character here, or NUL at the end (as swift-mustache's `current()`).
        var current: Character { atEnd ? "\0" : characters[position] }

        /// Tokens up to the end of the text, or of the section `state.section` (its closing tag read).
        mutating func parse(_ start: State) -> [Token]? {
            var state = start
            var tokens: [Token] = []
            var whitespaceBefore = ""
            while !atEnd {
                if state.newLine { whitespaceBefore = String(read { $0 == " " || $0 == "\t" }) }
                guard let text = readText(opening: state.open) else { return nil }
                if current.isNewline {
                    tokens.append(.text(whitespaceBefore + text + String(current)))
                    state.newLine = true
                    position += 1
                    continue
                }
                if !text.isEmpty {
                    tokens.append(.text(whitespaceBefore + text))
                    whitespaceBefore = ""
                    state.newLine = false
                }
                if atEnd { break }
                /// Text for the whitespace held before a tag that does not stand alone.
                func flushWhitespace() {
                    if !whitespaceBefore.isEmpty { tokens.append(.text(whitespaceBefore)) }
                    whitespaceBefore = ""
                }
                var standalone = false
                switch current {
                case "#", "^":
                    let inverted = current == "^"
                    position += 1
                    guard let name = readName(state) else { return nil }
                    if isStandalone(state) { standalone = true } else { flushWhitespace() }
                    var inner = state
                    inner.section = name
                    inner.newLine = state.newLine && standalone
                    guard let body = parse(inner) else { return nil }
                    tokens.append(.section(name: name, inverted: inverted, body: body))
                case "/":
                    position += 1
                    guard let name = readName(state), name == state.section else { return nil }
                    if !isStandalone(state) { flushWhitespace() }
                    return tokens
                case "!":
                    position += 1
                    guard skipComment(closing: state.close) else { return nil }
                    standalone = isStandalone(state)
                case "{", "&":
                    let triple = current == "{"
                    flushWhitespace()
                    position += 1
                    guard let name = readName(state) else { return nil }
                    if triple {
                        guard !atEnd, current == "}" else { return nil }
                        position += 1
                    }
                    tokens.append(.variable(name: name, escaped: false))
                case ">":
                    position += 1
                    read { $0.isWhitespace }
                    guard current != "*", let name = readPartialName(state) else { return nil }
                    // The whitespace is text, and a standalone partial's indentation as well.
                    if !whitespaceBefore.isEmpty { tokens.append(.text(whitespaceBefore)) }
                    if isStandalone(state) {
                        standalone = true
                        tokens.append(.partial(name: name, indentation: whitespaceBefore))
                    } else {
                        tokens.append(.partial(name: name, indentation: nil))
                    }
                    whitespaceBefore = ""
                case "=":
                    position += 1
                    guard let (open, close) = readDelimiters(closing: state.close) else { return nil }
                    state.open = open
                    state.close = close
                    standalone = isStandalone(state)
                case "%":
                    position += 1
                    guard let type = readContentType(closing: state.close) else { return nil }
                    tokens.append(.contentType(type))
                    standalone = isStandalone(state)
                case "<", "$":
                    return nil
                default:
                    flushWhitespace()
                    guard let name = readName(state) else { return nil }
                    tokens.append(.variable(name: name, escaped: true))
                }
                state.newLine = standalone
            }
            return state.section == nil ? tokens : nil
        }

        /// Text up to a line break (`\n` or `\r\n`, not read) or the opening delimiter (read); nil where
        /// swift-mustache fails (a delimiter's first character too near the end for the delimiter to fit).
        mutating func readText(opening: [Character]) -> String? {
            guard let first = opening.first else { return "" }
            var text = ""
            while !atEnd {
                let start = position
                while !atEnd, characters[position] != "\n", characters[position] != "\r\n",
                    characters[position] != first
                {
                    position += 1
                }
                text += String(characters[start..<position])
                if current.isNewline { break }
                if !atEnd {
                    guard let matched = read(opening) else { return nil }
                    if matched { break }
                    text.append(first)
                    position += 1
                }
            }
            return text
        }

        /// Reads `expected` if it is next; nil when fewer characters are left than it has.
        mutating func read(_ expected: [Character]) -> Bool? {
            guard characters.count - position >= expected.count else { return nil }
            let next = characters[position..<position + expected.count]
            guard String(next) == String(expected) else { return false }
            position += expected.count
            return true
        }

        /// Reads characters while `condition` holds.
        @discardableResult mutating func read(while condition: (Character) -> Bool) -> ArraySlice<Character> {
            let start = position
            while !atEnd, condition(characters[position]) { position += 1 }
            return characters[start..<position]
        }

        /// A tag's name and its closing delimiter; nil for a transform or a tag not closed.
        mutating func readName(_ state: State) -> String? {
            read { $0.isWhitespace }
            let name = read { nameCharacters.contains($0) || transformCharacters.contains($0) }
            read { $0.isWhitespace }
            guard read(state.close) == true, !name.contains(where: transformCharacters.contains) else { return nil }
            return String(name)
        }

        /// A partial's name and the closing delimiter.
        mutating func readPartialName(_ state: State) -> String? {
            read { $0.isWhitespace }
            let name = read { partialCharacters.contains($0) }
            read { $0.isWhitespace }
            return read(state.close) == true ? String(name) : nil
        }

        /// Skips a comment up to and including the closing delimiter, matched as swift-mustache matches it.
        mutating func skipComment(closing: [Character]) -> Bool {
            guard !closing.isEmpty else { return true }
            var matched = 0
            while !atEnd {
                if characters[position] == closing[matched] {
                    matched += 1
                    if matched == closing.count {
                        position += 1
                        return true
                    }
                } else {
                    matched = 0
                }
                position += 1
            }
            return false
        }

        /// `{{=open close=}}`'s new delimiters, the tag read.
        mutating func readDelimiters(closing: [Character]) -> ([Character], [Character])? {
            read { $0.isWhitespace }
            let open = read { !$0.isWhitespace }
            guard !atEnd else { return nil }
            read { $0.isWhitespace }
            let close = read { $0 != "=" && !$0.isWhitespace }
            guard !atEnd else { return nil }
            read { $0.isWhitespace }
            guard !atEnd, current == "=" else { return nil }
            position += 1
            guard read(closing) == true, !open.isEmpty, !close.isEmpty else { return nil }
            return (Array(open), Array(close))
        }

        /// `{{% CONTENT_TYPE: name }}`'s name, the tag read.
        mutating func readContentType(closing: [Character]) -> String? {
            read { $0.isWhitespace }
            let variable = read { nameCharacters.contains($0) }
            read { $0.isWhitespace }
            guard !atEnd, current == ":" else { return nil }
            position += 1
            read { $0.isWhitespace }
            let value = read { nameCharacters.contains($0) }
            read { $0.isWhitespace }
            guard read(closing) == true, String(variable) == "CONTENT_TYPE", !value.isEmpty else { return nil }
            return String(value)
        }

        /// Whether a tag stands alone on its line: at the start of a line, and only spaces and tabs after it up to
        /// a line break or the end; if so, they and the line break are read.
        mutating func isStandalone(_ state: State) -> Bool {
            guard state.newLine else { return false }
            if atEnd { return true }
            var end = position
            while end < characters.count, characters[end] == " " || characters[end] == "\t" { end += 1 }
            guard end < characters.count, characters[end].isNewline else { return false }
            position = end + 1
            return true
        }
    }
}
