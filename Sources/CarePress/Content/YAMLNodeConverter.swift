import Yams

/// Turns a composed Yams `Node` tree into a `ContentNode` tree, counting values so that an alias bomb
/// is stopped before it fills memory.
///
/// Yams shares the node of an anchor with every alias to it, so its own tree stays small; copying
/// it into `ContentNode`s expands every alias, which is where the count matters.
struct YAMLNodeConverter {
    /// Added to every line, for front matter.
    let lineOffset: Int
    /// The most values the result may hold.
    let maximumNodeCount: Int
    /// Values converted so far.
    private(set) var nodeCount = 0

    /// Creates a converter.
    init(lineOffset: Int, maximumNodeCount: Int) {
        self.lineOffset = lineOffset
        self.maximumNodeCount = maximumNodeCount
    }

    /// Converts `node` and everything under it.
    mutating func convert(_ node: Node) throws(SyntaxError) -> ContentNode {
        let position = position(of: node.mark)
        try count(at: position)
        switch node {
        case .scalar(let scalar):
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

    private func position(of mark: Mark?) -> SourcePosition {
        guard let mark else { return SourcePosition(line: 1 + lineOffset, column: 1) }
        return SourcePosition(line: mark.line + lineOffset, column: mark.column)
    }

    /// The value of a scalar: `value(of:tag:)` with the tag Yams resolves, except that a plain scalar that no rule of
    /// Yams' default resolver can match is text without asking it.
    ///
    /// Yams resolves an untagged plain scalar by trying a regular expression per rule (bool, int, float, merge, null,
    /// timestamp, value): two thirds of loading the knowledge store. Every rule is anchored at the start, and those
    /// whose tags make anything but text (null, bool, int, float) can only match text that is empty or starts with
    /// one of `yYnNtTfFoO+-.~` or a digit; any other text resolves to a tag this reads as text anyway.
    static func value(of scalar: Node.Scalar, node: Node) -> ContentNode.Value {
        if scalar.tag.rawValue.isEmpty, let first = scalar.string.utf8.first, !mayResolveToData[Int(first)] {
            return .string(scalar.string)
        }
        return value(of: scalar, tag: Tag.Name(rawValue: node.tag.rawValue))
    }

    /// The first bytes of text that a default rule may resolve to null, a bool or a number.
    private static let mayResolveToData: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "yYnNtTfFoO+-.~0123456789".utf8 { table[Int(byte)] = true }
        return table
    }()

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
