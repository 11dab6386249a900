/// A Mustache template compiled for fast rendering: the subset of Mustache the theme uses, rendered exactly as
/// swift-mustache renders it, over plain values instead of `Any`.
///
/// swift-mustache looks every name up through dynamic casts to its protocols, at every level of the context stack,
/// which made template rendering most of a build's time (see README, "Nightly batches"). This renderer parses the
/// same text into the same tokens (the same standalone-line, indentation and content-type rules, ported from
/// swift-mustache's parser) and renders them over `TemplateValue`s. Whatever it does not do (set delimiters,
/// inheritance, dynamic partials, transforms and lambdas, unusual newlines) makes `compile` return nil, and anything
/// unusual met while rendering (a list printed as a variable, an optional) throws `Unsupported`; the template set then
/// renders with swift-mustache, so output is always swift-mustache's.
struct CompiledTemplate: Sendable {
    /// How a variable's text is escaped.
    enum ContentKind: Sendable {
        case html
        case markdown
        case text
    }

    /// One parsed piece of a template.
    indirect enum Token: Sendable {
        case text(String)
        /// A name path (`a.b` is `["a", "b"]`; `.` is `[]`) and whether to escape its value.
        case variable([String], escaped: Bool)
        case section([String], [Token])
        case invertedSection([String], [Token])
        case partial(String, indentation: String?)
        case contentType(ContentKind)
    }

    /// Something this renderer does not do exactly as swift-mustache does; the caller renders with swift-mustache.
    struct Unsupported: Error {}

    /// The template's tokens.
    let tokens: [Token]
    /// The partials it names directly.
    let partials: Set<String>

    /// Compiles a template that swift-mustache parsed successfully; nil when it uses anything this renderer does not
    /// do.
    static func compile(_ text: String) -> CompiledTemplate? {
        guard isPlainSyntax(text) else { return nil }
        var parser = TemplateParser(Array(text.utf8))
        guard let tokens = try? parser.parse(sectionName: nil, newLine: true) else { return nil }
        var partials = Set<String>()
        collectPartials(tokens, into: &partials)
        return CompiledTemplate(tokens: tokens, partials: partials)
    }

    /// Whether every character the parser cares about (braces, spaces, tabs, newlines) is a character of its own (no
    /// combining mark on it) and the only line break is `\n`, so that parsing bytes gives the tokens parsing characters
    /// does. Names inside tags are ASCII: swift-mustache refuses anything else there.
    private static func isPlainSyntax(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": return false
            default: continue
            }
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        let syntax: Set<Unicode.Scalar> = ["{", "}", " ", "\t", "\n"]
        return text.allSatisfy { character in
            character.unicodeScalars.count == 1 || !character.unicodeScalars.contains { syntax.contains($0) }
        }
    }

    private static func collectPartials(_ tokens: [Token], into partials: inout Set<String>) {
        for token in tokens {
            switch token {
            case .partial(let name, _): partials.insert(name)
            case .section(_, let inner), .invertedSection(_, let inner): collectPartials(inner, into: &partials)
            default: break
            }
        }
    }
}

/// A value of a template context, as the renderer sees it.
enum TemplateValue: Sendable {
    case string(String)
    case bool(Bool)
    /// A number, already in the text `String(describing:)` gives it.
    case number(String)
    case list([TemplateValue])
    /// An object's members; contexts have a handful of keys, so they are searched in order rather than hashed.
    case object([(key: String, value: TemplateValue)])

    /// Converts a context of dictionaries, arrays, strings, booleans and numbers; anything else is `Unsupported`.
    static func convert(_ value: Any) throws(CompiledTemplate.Unsupported) -> TemplateValue {
        switch value {
        case let text as String:
            return .string(text)
        case let flag as Bool:
            return .bool(flag)
        case let object as [String: Any]:
            return .object(try convert(object: object))
        case let objects as [[String: Any]]:
            var items: [TemplateValue] = []
            items.reserveCapacity(objects.count)
            for object in objects { items.append(.object(try convert(object: object))) }
            return .list(items)
        case let texts as [String]:
            return .list(texts.map(TemplateValue.string))
        case let values as [Any]:
            var items: [TemplateValue] = []
            items.reserveCapacity(values.count)
            for value in values { items.append(try convert(value)) }
            return .list(items)
        case let number as Int:
            return .number(String(describing: number))
        case let number as Double:
            return .number(String(describing: number))
        default:
            throw CompiledTemplate.Unsupported()
        }
    }

    /// Converts a dictionary's values.
    static func convert(object: [String: Any]) throws(CompiledTemplate.Unsupported) -> [(
        key: String, value: TemplateValue
    )] {
        var result: [(key: String, value: TemplateValue)] = []
        result.reserveCapacity(object.count)
        for (key, value) in object { result.append((key, try convert(value))) }
        return result
    }

    /// The value of a member, if this is an object that has it.
    @inline(__always)
    func member(_ name: String) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == name { return member.value }
        return nil
    }
}

/// Renders compiled templates with the partials of one template set.
struct CompiledRenderer {
    /// The compiled templates by name, partials included.
    let templates: [String: CompiledTemplate]

    /// Renders a template over a root value, as swift-mustache would.
    func render(_ template: CompiledTemplate, _ root: TemplateValue) throws(CompiledTemplate.Unsupported) -> String {
        var stack = [root]
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        try render(template.tokens, stack: &stack, indentation: nil, contentType: .html, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Renders tokens into `output`. With an indentation (inside an indented standalone partial), each token's text
    /// is indented when this render's own text so far ends a line, exactly as swift-mustache does per render call.
    private func render(
        _ tokens: [CompiledTemplate.Token], stack: inout [TemplateValue], indentation: String?,
        contentType: CompiledTemplate.ContentKind, into output: inout [UInt8]
    ) throws(CompiledTemplate.Unsupported) {
        var contentType = contentType
        guard let indentation, !indentation.isEmpty else {
            for token in tokens {
                try render(token, stack: &stack, indentation: indentation, contentType: &contentType, into: &output)
            }
            return
        }
        var local: [UInt8] = []
        for token in tokens {
            var piece: [UInt8] = []
            try render(token, stack: &stack, indentation: indentation, contentType: &contentType, into: &piece)
            if !piece.isEmpty && local.last == 0x0A { local += indentation.utf8 }
            local += piece
        }
        output += local
    }

    private func render(
        _ token: CompiledTemplate.Token, stack: inout [TemplateValue], indentation: String?,
        contentType: inout CompiledTemplate.ContentKind, into output: inout [UInt8]
    ) throws(CompiledTemplate.Unsupported) {
        switch token {
        case .text(let text):
            output += text.utf8
        case .variable(let path, let escaped):
            guard let value = lookup(path, in: stack) else { return }
            let text: String
            switch value {
            case .string(let string): text = string
            case .bool(let flag): text = flag ? "true" : "false"
            case .number(let number): text = number
            case .list, .object: throw CompiledTemplate.Unsupported()
            }
            if escaped {
                Self.append(text, escapedAs: contentType, to: &output)
            } else {
                output += text.utf8
            }
        case .section(let path, let inner):
            // Each iteration is a render of its own, so an indentation starts afresh in it.
            switch lookup(path, in: stack) {
            case nil, .bool(false):
                return
            case .bool(true):
                try render(inner, stack: &stack, indentation: indentation, contentType: contentType, into: &output)
            case .list(let items):
                for item in items {
                    stack.append(item)
                    defer { stack.removeLast() }
                    try render(inner, stack: &stack, indentation: indentation, contentType: contentType, into: &output)
                }
            case let value?:
                stack.append(value)
                defer { stack.removeLast() }
                try render(inner, stack: &stack, indentation: indentation, contentType: contentType, into: &output)
            }
        case .invertedSection(let path, let inner):
            switch lookup(path, in: stack) {
            case nil, .bool(false):
                try render(inner, stack: &stack, indentation: indentation, contentType: contentType, into: &output)
            case .list(let items) where items.isEmpty:
                stack.append(.list(items))
                defer { stack.removeLast() }
                try render(inner, stack: &stack, indentation: indentation, contentType: contentType, into: &output)
            default:
                return
            }
        case .partial(let name, let partialIndentation):
            guard let partial = templates[name] else { return }
            let combined = partialIndentation.map { (indentation ?? "") + $0 } ?? indentation
            try render(partial.tokens, stack: &stack, indentation: combined, contentType: .html, into: &output)
        case .contentType(let kind):
            contentType = kind
        }
    }

    /// Finds a name the way swift-mustache does: the first name up the stack from the top, then the rest inside it.
    private func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        for frame in stack.reversed() {
            if let value = frame.member(first) {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for name in path.dropFirst() {
            guard let child = value.member(name) else { return nil }
            value = child
        }
        return value
    }

    /// Appends text escaped for a content type.
    static func append(_ text: String, escapedAs kind: CompiledTemplate.ContentKind, to output: inout [UInt8]) {
        switch kind {
        case .text: output += text.utf8
        case .markdown: output += MarkdownEscaping.escaped(text).utf8
        case .html: appendHTMLEscaped(text, to: &output)
        }
    }

    /// swift-mustache's HTML escaping (`<`, `>`, `&`, `"` and `'`, each only as a character of its own), done on bytes
    /// when that gives the same result.
    static func appendHTMLEscaped(_ text: String, to output: inout [UInt8]) {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (isHTMLSpecial(byte) && previous >= 0x80) || (byte >= 0x80 && isHTMLSpecial(previous)) {
                // A combining mark after a special character, or a prepended one before it, makes it part of a
                // larger character, which swift-mustache leaves alone: compare characters, as it does.
                for character in text {
                    switch character {
                    case "<": output += "&lt;".utf8
                    case ">": output += "&gt;".utf8
                    case "&": output += "&amp;".utf8
                    case "\"": output += "&quot;".utf8
                    case "'": output += "&#39;".utf8
                    default: output += String(character).utf8
                    }
                }
                return
            }
            previous = byte
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            case UInt8(ascii: "'"): output += "&#39;".utf8
            default: output.append(byte)
            }
        }
    }

    @inline(__always)
    private static func isHTMLSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}

/// swift-mustache's parser (`MustacheTemplate.parse`), ported to bytes for the subset `CompiledTemplate` renders.
///
/// The same states in the same order: leading spaces and tabs of a line are held back; a section, inverted section,
/// closing, comment, partial or pragma tag alone on its line removes the line; a standalone partial is indented by
/// the spaces before it; after a section, a new line starts where its opening tag was standalone.
private struct TemplateParser {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var atEnd: Bool { index >= bytes.count }
    private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private static let newline: UInt8 = 0x0A

    mutating func parse(sectionName: [String]?, newLine startsLine: Bool) throws(CompiledTemplate.Unsupported)
        -> [CompiledTemplate.Token]
    {
        var tokens: [CompiledTemplate.Token] = []
        var newLine = startsLine
        var whiteSpaceBefore: ArraySlice<UInt8> = []
        while !atEnd {
            if newLine {
                let start = index
                while !atEnd && (current == 0x20 || current == 0x09) { index += 1 }
                whiteSpaceBefore = bytes[start..<index]
            }
            let text = try readUntilDelimiterOrNewline()
            if current == Self.newline && !atEnd {
                tokens.append(.text(Self.string(Array(whiteSpaceBefore) + text + [Self.newline])))
                newLine = true
                index += 1
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(Self.string(Array(whiteSpaceBefore) + text)))
                whiteSpaceBefore = []
                newLine = false
            }
            if atEnd { break }
            var setNewLine = false
            switch current {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = current == UInt8(ascii: "^")
                index += 1
                let name = try parseName()
                if isStandalone(newLine) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Self.string(Array(whiteSpaceBefore))))
                    whiteSpaceBefore = []
                }
                let inner = try parse(sectionName: name, newLine: setNewLine)
                tokens.append(inverted ? .invertedSection(name, inner) : .section(name, inner))
            case UInt8(ascii: "/"):
                index += 1
                let name = try parseName()
                guard name == sectionName else { throw CompiledTemplate.Unsupported() }
                if !isStandalone(newLine) && !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Self.string(Array(whiteSpaceBefore))))
                }
                return tokens
            case UInt8(ascii: "!"):
                index += 1
                try skipComment()
                setNewLine = isStandalone(newLine)
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                let triple = current == UInt8(ascii: "{")
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Self.string(Array(whiteSpaceBefore))))
                    whiteSpaceBefore = []
                }
                index += 1
                let name = try parseName()
                if triple {
                    guard current == UInt8(ascii: "}") else { throw CompiledTemplate.Unsupported() }
                    index += 1
                }
                tokens.append(.variable(name, escaped: false))
            case UInt8(ascii: ">"):
                index += 1
                let name = try parsePartialName()
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Self.string(Array(whiteSpaceBefore))))
                }
                if isStandalone(newLine) {
                    setNewLine = true
                    tokens.append(.partial(name, indentation: Self.string(Array(whiteSpaceBefore))))
                } else {
                    tokens.append(.partial(name, indentation: nil))
                }
                whiteSpaceBefore = []
            case UInt8(ascii: "%"):
                index += 1
                tokens.append(try parseContentType())
                setNewLine = isStandalone(newLine)
            case UInt8(ascii: "<"), UInt8(ascii: "$"), UInt8(ascii: "="):
                throw CompiledTemplate.Unsupported()
            default:
                if !whiteSpaceBefore.isEmpty {
                    tokens.append(.text(Self.string(Array(whiteSpaceBefore))))
                    whiteSpaceBefore = []
                }
                tokens.append(.variable(try parseName(), escaped: true))
            }
            newLine = setNewLine
        }
        guard sectionName == nil else { throw CompiledTemplate.Unsupported() }
        return tokens
    }

    /// The text up to a newline (left as the current byte) or `{{` (consumed).
    private mutating func readUntilDelimiterOrNewline() throws(CompiledTemplate.Unsupported) -> [UInt8] {
        let start = index
        while !atEnd {
            let byte = bytes[index]
            if byte == Self.newline { return Array(bytes[start..<index]) }
            if byte == UInt8(ascii: "{") {
                guard index + 1 < bytes.count else { throw CompiledTemplate.Unsupported() }
                if bytes[index + 1] == UInt8(ascii: "{") {
                    let text = Array(bytes[start..<index])
                    index += 2
                    return text
                }
            }
            index += 1
        }
        return Array(bytes[start..<index])
    }

    /// A tag's name up to `}}`, split at dots; `.` gives the empty path.
    private mutating func parseName() throws(CompiledTemplate.Unsupported) -> [String] {
        skipWhitespace()
        let start = index
        while !atEnd && Self.isNameByte(current) { index += 1 }
        let name = bytes[start..<index]
        skipWhitespace()
        try expectEndDelimiter()
        if name.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "*") }) {
            throw CompiledTemplate.Unsupported()
        }
        if name.first == UInt8(ascii: ".") && name.count > 1 { throw CompiledTemplate.Unsupported() }
        return name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: true).map { Self.string(Array($0)) }
    }

    private mutating func parsePartialName() throws(CompiledTemplate.Unsupported) -> String {
        skipWhitespace()
        if current == UInt8(ascii: "*") { throw CompiledTemplate.Unsupported() }
        let start = index
        while !atEnd && (Self.isNameByte(current) || current == UInt8(ascii: "/")) { index += 1 }
        let name = Self.string(Array(bytes[start..<index]))
        skipWhitespace()
        try expectEndDelimiter()
        return name
    }

    private mutating func parseContentType() throws(CompiledTemplate.Unsupported) -> CompiledTemplate.Token {
        skipWhitespace()
        let variableStart = index
        while !atEnd && Self.isNameByte(current) && current != UInt8(ascii: "(") && current != UInt8(ascii: ")") {
            index += 1
        }
        let variable = Self.string(Array(bytes[variableStart..<index]))
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw CompiledTemplate.Unsupported() }
        index += 1
        skipWhitespace()
        let valueStart = index
        while !atEnd && Self.isNameByte(current) && current != UInt8(ascii: "(") && current != UInt8(ascii: ")") {
            index += 1
        }
        let value = Self.string(Array(bytes[valueStart..<index]))
        skipWhitespace()
        try expectEndDelimiter()
        guard variable == "CONTENT_TYPE" else { throw CompiledTemplate.Unsupported() }
        switch value {
        case "HTML": return .contentType(.html)
        case "TEXT": return .contentType(.text)
        case MarkdownContentType.name: return .contentType(.markdown)
        default: throw CompiledTemplate.Unsupported()
        }
    }

    private mutating func skipComment() throws(CompiledTemplate.Unsupported) {
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "}") && bytes[index + 1] == UInt8(ascii: "}") {
                index += 2
                return
            }
            index += 1
        }
        throw CompiledTemplate.Unsupported()
    }

    private mutating func expectEndDelimiter() throws(CompiledTemplate.Unsupported) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") else {
            throw CompiledTemplate.Unsupported()
        }
        index += 2
    }

    /// Whether the tag just read stands alone on its line; if so, the rest of the line (spaces, tabs and the newline)
    /// is consumed. At the very end of the text a tag stands alone; with trailing spaces but no newline it does not.
    private mutating func isStandalone(_ newLine: Bool) -> Bool {
        guard newLine else { return false }
        if atEnd { return true }
        var cursor = index
        while cursor < bytes.count && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
        if cursor < bytes.count && bytes[cursor] == Self.newline {
            index = cursor + 1
            return true
        }
        return false
    }

    private mutating func skipWhitespace() {
        while !atEnd {
            switch current {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: index += 1
            default: return
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"):
            true
        default: false
        }
    }

    private static func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
