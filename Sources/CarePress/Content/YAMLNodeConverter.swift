import Yams

/// Turns a composed Yams `Node` tree into a `ContentNode` tree, counting values and bytes of text so that an alias
/// bomb is stopped before it fills memory.
///
/// Yams shares the node of an anchor with every alias to it, so its own tree stays small; copying
/// it into `ContentNode`s expands every alias, which is where the count matters. Each value is counted before it is
/// converted (typing a scalar reads its text), so a document is given up on as soon as it passes a bound: the work
/// done is bounded by the bounds, whatever the document would expand to.
struct YAMLNodeConverter {
    /// Added to every line, for front matter.
    let lineOffset: Int
    /// The most values the result may hold.
    let maximumNodeCount: Int
    /// The most bytes of text (scalars and keys, as UTF-8) the result may hold.
    let maximumExpandedSize: Int
    /// Values converted so far.
    private(set) var nodeCount = 0
    /// Bytes of text converted so far.
    private(set) var expandedSize = 0
    /// Where the text ends (`YAMLLoader.end(of:)`), before `lineOffset`: libyaml puts the end of a stream that does not
    /// end in a line break on a line of its own, and an empty value found there (`?` alone) is placed here instead.
    let end: SourcePosition?

    /// Creates a converter.
    init(lineOffset: Int, maximumNodeCount: Int, maximumExpandedSize: Int = .max, end: SourcePosition? = nil) {
        self.lineOffset = lineOffset
        self.maximumNodeCount = maximumNodeCount
        self.maximumExpandedSize = maximumExpandedSize
        self.end = end
    }

    /// Converts `node` and everything under it.
    mutating func convert(_ node: Node) throws(SyntaxError) -> ContentNode {
        let position = position(of: node.mark)
        try count(at: position)
        switch node {
        case .scalar(let scalar):
            try count(text: scalar.string, at: position)
            return ContentNode(Self.value(of: scalar, node: node), at: position, scalarText: scalar.string)
        case .sequence(let sequence):
            var elements: [ContentNode] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try convert(element))
            }
            return ContentNode(.array(elements), at: position)
        case .mapping(let mapping):
            var members: [ContentNode.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                let keyPosition = self.position(of: key.mark)
                guard case .scalar(let keyScalar) = key else {
                    throw SyntaxError(
                        at: keyPosition, "a mapping key must be a plain value, not a list or a mapping")
                }
                try count(at: keyPosition)
                try count(text: keyScalar.string, at: keyPosition)
                members.append(
                    ContentNode.Member(key: keyScalar.string, keyPosition: keyPosition, value: try convert(value)))
            }
            return ContentNode(.object(members), at: position)
        case .alias:
            // Yams resolves aliases while composing; an alias node here would be a Yams change.
            throw SyntaxError(at: position, "unresolved alias")
        }
    }

    private mutating func count(at position: SourcePosition) throws(SyntaxError) {
        nodeCount += 1
        if nodeCount > maximumNodeCount {
            throw SyntaxError(
                at: position, "the document expands to more than \(maximumNodeCount) values",
                hint: "aliases ('*name') that repeat a large anchored ('&name') value can do this")
        }
    }

    /// Counts a scalar's or key's text (its UTF-8 count is stored with a native string: no pass over it).
    private mutating func count(text: String, at position: SourcePosition) throws(SyntaxError) {
        expandedSize += text.utf8.count
        if expandedSize > maximumExpandedSize {
            throw SyntaxError(
                at: position, "the document expands to more than \(maximumExpandedSize) bytes of text",
                hint: "aliases ('*name') repeat the value here, or one that holds it; a document may expand to at most "
                    + "\(maximumExpandedSize >> 20) MiB of text (see formats/README.md, Limits)")
        }
    }

    private func position(of mark: Mark?) -> SourcePosition {
        guard let mark else { return SourcePosition(line: 1 + lineOffset, column: 1) }
        if let end, mark.line > end.line { return SourcePosition(line: end.line + lineOffset, column: end.column) }
        return SourcePosition(line: mark.line + lineOffset, column: mark.column)
    }

    /// The value of a scalar: `value(of:tag:)` with the tag Yams' default resolver gives it, found from the text
    /// alone where it can be (see `plainTag(_:)`).
    static func value(of scalar: Node.Scalar, node: Node) -> ContentNode.Value {
        if scalar.tag.rawValue.isEmpty, let tag = plainTag(scalar.string) { return value(of: scalar, tag: tag) }
        return value(of: scalar, tag: Resolver.default.resolveTag(of: node))
    }

    /// The tag Yams' default resolver gives an untagged plain scalar, where the text alone tells without running its
    /// regular expressions (two thirds of loading the knowledge store); nil where it does not.
    ///
    /// The resolver tries, in order, bool, int, float, merge, null, timestamp and value, each a regular expression
    /// anchored at both ends; only bool, int, float and null give anything but text here. So:
    /// - text that none of those four can start (any first byte but `yYnNtTfFoO+-.~` or a digit) is text;
    /// - text of ASCII letters alone can only be one of the bool or null words;
    /// - decimal digits with no leading zero are an int;
    /// - text holding a byte that none of the four ever matches (a space, most punctuation, `g`, `m`, `w`...) is text.
    static func plainTag(_ text: String) -> Tag.Name? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        if !mayResolveToData[Int(first)] { return .str }
        if isLetter(first) {
            if utf8.allSatisfy(isLetter) { return words[text] ?? .str }
        } else if utf8.allSatisfy(isDigit) && (first != UInt8(ascii: "0") || utf8.count == 1) {
            return .int
        }
        return utf8.contains(where: { neverInData[Int($0)] }) ? .str : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The words the bool and null rules match, whole.
    private static let words: [String: Tag.Name] = {
        var words: [String: Tag.Name] = [:]
        for word in ["yes", "no", "true", "false", "on", "off"] {
            for form in [word, word.prefix(1).uppercased() + word.dropFirst(), word.uppercased()] {
                words[form] = .bool
            }
        }
        for form in ["null", "Null", "NULL"] { words[form] = .null }
        return words
    }()

    /// The first bytes of text that a default rule may resolve to null, a bool or a number.
    private static let mayResolveToData: [Bool] = table("yYnNtTfFoO+-.~0123456789")

    /// The printable ASCII bytes (and tab) that no text the bool, int, float or null rule matches contains.
    private static let neverInData: [Bool] = {
        let inData = table("0123456789-+_.:~abcdefilnorstuxyABCDEFILNORSTUY")
        var never = [Bool](repeating: false, count: 256)
        for byte in [UInt8(ascii: "\t")] + Array(0x20...0x7E) where !inData[Int(byte)] { never[Int(byte)] = true }
        return never
    }()

    private static func table(_ bytes: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in bytes.utf8 { table[Int(byte)] = true }
        return table
    }

    /// The value of a scalar according to its resolved tag; text that does not construct as its tag
    /// says (an explicit `!!int abc`, say) stays a string.
    static func value(of scalar: Node.Scalar, tag: Tag.Name) -> ContentNode.Value {
        switch tag {
        case .null:
            return .null
        case .bool:
            if let value = Bool.construct(from: scalar) { return .bool(value) }
        case .int:
            if let value = Int.construct(from: scalar) { return .integer(value) }
            if let value = Double.construct(from: scalar) { return .number(value) }
        case .float:
            if let value = Double.construct(from: scalar) { return .number(value) }
        default:
            break
        }
        return .string(scalar.string)
    }
}
