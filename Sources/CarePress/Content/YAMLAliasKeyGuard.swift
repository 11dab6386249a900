/// A quick lexical pass that rejects aliases inside mapping keys before Yams sees the text.
///
/// Yams checks every mapping for duplicate keys by hashing the key nodes, and hashing walks an
/// aliased node in full: a key that is an alias of a "billion laughs" list takes exponential time
/// inside `Yams.compose`, before `YAMLNodeConverter` can count anything. Content keys must be plain
/// values anyway, so this pass rejects an alias used as a key (`*a: x`, `? *a`), and any file that
/// combines aliases with complex keys (`? ` keys, or a `[...]` / `{...}` used as a key).
///
/// The scan skips comments, quoted scalars and block scalars and consumes plain scalars whole, so an
/// asterisk in prose (`text: see *note*`) is not taken for an alias. It errs towards not rejecting:
/// whatever it misses, libyaml and the converter still judge.
enum YAMLAliasKeyGuard {
    /// Throws if `text` uses an alias in a mapping key.
    static func check(_ text: String, lineOffset: Int) throws(SyntaxError) {
        guard text.utf8.contains(UInt8(ascii: "*")) else { return }
        var scanner = Scanner()
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var scalars = Array(line.unicodeScalars)
            if scalars.last == "\r" { scalars.removeLast() }
            if let problem = scanner.scan(scalars, line: lineNumber + lineOffset) {
                throw problem
            }
        }
        if scanner.firstAlias != nil, let (position, explicit) = scanner.firstComplexKey {
            if explicit {
                throw SyntaxError(
                    at: position, "'?' keys cannot be used in a file that uses aliases",
                    hint: "write the key as plain text followed by ':'")
            }
            throw SyntaxError(at: position, "a mapping key must be a plain value, not a list or a mapping")
        }
    }

    /// The scanning state, carried from line to line.
    private struct Scanner {
        /// The quote of a quoted scalar still open at the end of the previous line.
        var openQuote: Unicode.Scalar?
        /// How many `[` / `{` are open.
        var flowDepth = 0
        /// Where each open flow collection started, innermost last.
        var flowStarts: [SourcePosition] = []
        /// Lines indented more than this belong to a block scalar (`|`, `>`) being skipped.
        var blockScalarParentIndent: Int?
        /// Whether the last token was an explicit key indicator (`?`), so the next one is a key.
        var afterExplicitKey = false
        /// The first alias seen.
        var firstAlias: SourcePosition?
        /// The first complex key seen, and whether it was an explicit `?` key.
        var firstComplexKey: (SourcePosition, Bool)?

        mutating func scan(_ s: [Unicode.Scalar], line: Int) -> SyntaxError? {
            let indent = s.prefix { $0 == " " }.count
            if let parent = blockScalarParentIndent {
                if indent == s.count || indent > parent { return nil }
                blockScalarParentIndent = nil
            }
            var i = 0
            if openQuote == nil, flowDepth == 0 {
                if s.first == "%" { return nil }
                if s.count >= 3, s[0] == s[1], s[1] == s[2], s[0] == "-" || s[0] == ".",
                    s.count == 3 || s[3] == " " || s[3] == "\t"
                {
                    i = 3
                }
            }
            var keyColumn: Int?
            var lastScalarStart: Int?
            func isBlank(_ index: Int) -> Bool { index >= s.count || s[index] == " " || s[index] == "\t" }
            func isFlowIndicator(_ index: Int) -> Bool {
                index < s.count
                    && (s[index] == "," || s[index] == "[" || s[index] == "]" || s[index] == "{" || s[index] == "}")
            }
            func endsIndicator(_ index: Int) -> Bool { isBlank(index) || (flowDepth > 0 && isFlowIndicator(index)) }
            func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
                c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_")
            }
            func followedByColon(_ index: Int) -> Bool {
                var j = index
                while j < s.count, s[j] == " " || s[j] == "\t" { j += 1 }
                return j < s.count && s[j] == ":" && (isBlank(j + 1) || flowDepth > 0)
            }
            while i < s.count {
                if let quote = openQuote {
                    if quote == "\"", s[i] == "\\" {
                        i += 2
                    } else if s[i] == quote {
                        if quote == "'", i + 1 < s.count, s[i + 1] == "'" {
                            i += 2
                        } else {
                            openQuote = nil
                            i += 1
                        }
                    } else {
                        i += 1
                    }
                    continue
                }
                let c = s[i]
                let position = SourcePosition(line: line, column: i + 1)
                let keyIndicatorBefore = afterExplicitKey
                if c != " ", c != "\t" { afterExplicitKey = false }
                switch c {
                case " ", "\t":
                    i += 1
                case "#":
                    return nil
                case "\"", "'":
                    lastScalarStart = i
                    openQuote = c
                    i += 1
                case "*":
                    i += 1
                    while i < s.count, isNameCharacter(s[i]) { i += 1 }
                    if firstAlias == nil { firstAlias = position }
                    if followedByColon(i) || keyIndicatorBefore {
                        return SyntaxError(
                            at: position, "an alias cannot be used as a mapping key",
                            hint: "write the key as plain text")
                    }
                case "&", "!":
                    while i < s.count, !isBlank(i), !(flowDepth > 0 && isFlowIndicator(i)) { i += 1 }
                case "?" where endsIndicator(i + 1):
                    if firstComplexKey == nil { firstComplexKey = (position, true) }
                    afterExplicitKey = true
                    i += 1
                case "-" where endsIndicator(i + 1):
                    i += 1
                case ":" where endsIndicator(i + 1):
                    keyColumn = lastScalarStart
                    i += 1
                case "[", "{":
                    flowStarts.append(position)
                    flowDepth += 1
                    i += 1
                case "]", "}":
                    let start = flowStarts.popLast() ?? position
                    flowDepth = max(0, flowDepth - 1)
                    i += 1
                    if followedByColon(i), firstComplexKey == nil {
                        firstComplexKey = (start, false)
                    }
                case ",":
                    i += 1
                case "|" where flowDepth == 0, ">" where flowDepth == 0:
                    blockScalarParentIndent = keyColumn ?? indent
                    return nil
                default:
                    // A plain scalar: runs to ': ', ' #', the end of the line, or a flow indicator in flow context.
                    lastScalarStart = i
                    while i < s.count {
                        if s[i] == ":", endsIndicator(i + 1) { break }
                        if s[i] == "#", i > 0, s[i - 1] == " " || s[i - 1] == "\t" { break }
                        if flowDepth > 0, isFlowIndicator(i) { break }
                        i += 1
                    }
                }
            }
            return nil
        }
    }
}
