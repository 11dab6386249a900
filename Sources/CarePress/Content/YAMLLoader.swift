import Yams

/// Loads one YAML document into a `ContentNode` tree, with the line and column of every value and key.
///
/// Scalars are typed by the tag Yams resolves for them (YAML 1.1 style: `yes` is a boolean, `012` is
/// octal), and every scalar keeps its text in `scalarText` so a reader can still take it as a string.
public enum YAMLLoader {
    /// How many values (scalars, lists, mappings, keys) a document may expand to, aliases included,
    /// before it is rejected; guards against alias bombs ("billion laughs").
    public static let maximumNodeCount = 1_000_000

    /// How many bytes of text (every scalar and key, as UTF-8) a document may expand to, aliases included, before it is
    /// rejected: 2 MiB, twice the largest YAML file (`FileSizeLimit.knowledge`, 1 MiB). A document without aliases
    /// holds at most its file's size, so never reaches it; aliases may at most double what the largest file holds,
    /// and what is made from the text (the matcher's index, the guide's pages, escaped and rendered by cmark at up to
    /// ~180 times the text) costs at most what twice the largest file costs. Counting values alone let many aliases of
    /// one large scalar through.
    public static let maximumExpandedSize = 2 << 20

    /// The resolver Yams composes with: none of its rules. Scalars are typed by `YAMLNodeConverter` with the
    /// default rules (from the text alone where it can); Yams resolves only to compare mapping keys for duplicates,
    /// which it hashes with their tags, and the default resolver would run its regular expressions on every key.
    /// Keys are equal only when their texts are, whatever resolver typed them.
    static let resolver = Resolver.basic

    /// Parses `text` as exactly one YAML document; `lineOffset` is added to every line reported, so
    /// front matter positions come out as lines of the whole file.
    public static func parse(_ text: String, lineOffset: Int = 0) throws(SyntaxError) -> ContentNode {
        let start = SourcePosition(line: 1 + lineOffset, column: 1)
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0 == "\u{FEFF}" }) {
            throw SyntaxError(at: start, "file is empty")
        }
        // Yams reads a byte order mark as content; SourceText drops it, so do the same here.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        try YAMLAliasKeyGuard.check(text, lineOffset: lineOffset)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, resolver, .default, .utf8)
        } catch let error as YamlError {
            throw syntaxError(from: error, in: text, lineOffset: lineOffset)
        } catch {
            throw SyntaxError(at: start, "could not read YAML: \(error)")
        }
        guard let root else {
            throw SyntaxError(at: start, "file is empty", hint: "the file holds only comments")
        }
        // A lone `---` composes to an empty plain scalar: nothing was written.
        if case .scalar(let scalar) = root, scalar.string.isEmpty, scalar.style == .plain || scalar.style == .any,
            scalar.tag.rawValue == Tag.Name.implicit.rawValue || scalar.tag.rawValue == Tag.Name.null.rawValue
        {
            throw SyntaxError(at: start, "file is empty", hint: "the file holds no value")
        }
        // A text that ends in a line break ends on a line of its own already (most files): no pass to find its end.
        let endsInLineBreak = text.unicodeScalars.last.map {
            ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
        }
        var converter = YAMLNodeConverter(
            lineOffset: lineOffset, maximumNodeCount: maximumNodeCount, maximumExpandedSize: maximumExpandedSize,
            end: endsInLineBreak == true ? nil : end(of: text))
        return try converter.convert(root)
    }

    /// Translates a Yams error into a `SyntaxError` at the line and column libyaml reported.
    static func syntaxError(from error: YamlError, in text: String, lineOffset: Int) -> SyntaxError {
        func shifted(_ mark: Mark) -> SourcePosition {
            let position = clamped(SourcePosition(line: mark.line, column: mark.column), to: text)
            return SourcePosition(line: position.line + lineOffset, column: position.column)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _):
            return located(problem, context: context, at: mark, in: text, lineOffset: lineOffset)
        case .composer(let context, let problem, let mark, _):
            if context?.text == "expected a single document in the stream" {
                return SyntaxError(
                    at: shifted(mark), "expected one YAML document",
                    hint: "this file holds more than one; remove the second '---' or split the file")
            }
            return located(problem, context: context, at: mark, in: text, lineOffset: lineOffset)
        case .reader(let problem, let offset, let value, _):
            let position = offset.map { characterPosition(in: text, characterOffset: $0) } ?? .start
            var message = problem
            if value >= 0, let scalar = Unicode.Scalar(UInt32(value)) {
                message += " (\(SourceText.codePoint(scalar)))"
            }
            return SyntaxError(
                at: SourcePosition(line: position.line + lineOffset, column: position.column), message)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let message =
                duplicates.count == 1
                ? "key \(names) appears more than once in this mapping"
                : "keys \(names) appear more than once in this mapping"
            return SyntaxError(at: shifted(context.mark), message, hint: "each key may appear only once")
        case .memory:
            return SyntaxError(at: SourcePosition(line: 1 + lineOffset, column: 1), "out of memory while reading YAML")
        default:
            return SyntaxError(at: SourcePosition(line: 1 + lineOffset, column: 1), "could not read YAML: \(error)")
        }
    }

    /// A scanner, parser or composer problem, with libyaml's context as a hint when it adds something.
    static func located(
        _ problem: String, context: YamlError.Context?, at mark: Mark, in text: String, lineOffset: Int
    ) -> SyntaxError {
        let inText = clamped(SourcePosition(line: mark.line, column: mark.column), to: text)
        let position = SourcePosition(line: inText.line + lineOffset, column: inText.column)
        if problem.hasPrefix("Maximum nesting level reached") {
            return SyntaxError(at: position, "lists and mappings are nested more than 1000 levels deep")
        }
        var hint: String?
        if character(in: text, line: mark.line, column: mark.column) == "\t" {
            hint = "YAML does not allow tabs for indentation; indent with spaces"
        } else if let context, context.mark.line != mark.line || context.mark.column != mark.column {
            hint = "\(context.text) that starts at \(context.mark.line + lineOffset):\(context.mark.column)"
        }
        return SyntaxError(at: position, problem, hint: hint)
    }

    /// A libyaml position moved into the text: libyaml puts the end of a stream that does not end in a line break
    /// on a line of its own after the last, which is no line of the file; an error there is reported just after
    /// the last character instead (`a: [1, 2` is missing its `]` at 1:9, not at 2:1).
    static func clamped(_ position: SourcePosition, to text: String) -> SourcePosition {
        let end = end(of: text)
        return position.line > end.line ? end : position
    }

    /// Where a text ends, as libyaml counts lines: its last line, and the column just after its last character.
    static func end(of text: String) -> SourcePosition {
        var lastLine = 1
        var lastLineLength = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r":
                break
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lastLine += 1
                lastLineLength = 0
            default:
                lastLineLength += 1
            }
            previous = scalar
        }
        return SourcePosition(line: lastLine, column: lastLineLength + 1)
    }

    /// The scalar at a 1-based line and column (in scalars), if there is one.
    static func character(in text: String, line: Int, column: Int) -> Unicode.Scalar? {
        var currentLine = 1
        var currentColumn = 1
        for scalar in text.unicodeScalars {
            if currentLine == line, currentColumn == column { return scalar }
            if currentLine > line { return nil }
            if scalar == "\n" {
                currentLine += 1
                currentColumn = 1
            } else {
                currentColumn += 1
            }
        }
        return nil
    }

    /// The line and column of the character `characterOffset` characters into `text` (Yams counts
    /// reader-error offsets in `Character`s).
    static func characterPosition(in text: String, characterOffset: Int) -> SourcePosition {
        let target = text.index(text.startIndex, offsetBy: characterOffset, limitedBy: text.endIndex) ?? text.endIndex
        var line = 1
        var column = 1
        var previous: Unicode.Scalar?
        for scalar in text[..<target].unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r":
                break
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            default:
                column += 1
            }
            previous = scalar
        }
        return SourcePosition(line: line, column: column)
    }
}
