/// A parsed JSON or YAML value that remembers where it stood in its file.
///
/// Both loaders produce this tree, so one set of readers validates every input format and
/// reports every problem at the line and column of the offending value.
public struct ContentNode: Sendable {
    /// One key and value of an object, in source order.
    public struct Member: Sendable {
        /// The key text.
        public var key: String
        /// Where the key starts.
        public var keyPosition: SourcePosition
        /// The value.
        public var value: ContentNode

        /// Creates a member.
        public init(key: String, keyPosition: SourcePosition, value: ContentNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// The value itself.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number written without fraction or exponent that fits in an `Int`.
        case integer(Int)
        /// Any other number.
        case number(Double)
        case string(String)
        case array([ContentNode])
        /// Members in source order; duplicate keys are kept so that a reader can report them.
        case object([Member])
    }

    /// The value.
    public var value: Value
    /// Where the value starts.
    public var position: SourcePosition
    /// For a YAML scalar, its text as written (so `name: 2024` can still be read as a string).
    public var scalarText: String?

    /// Creates a node.
    public init(_ value: Value, at position: SourcePosition, scalarText: String? = nil) {
        self.value = value
        self.position = position
        self.scalarText = scalarText
    }

    /// The type of the value in JSON Schema words, for messages ("expected a string, found an array").
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension ContentNode {
    /// The value of the first member with a key, if this is an object that has it.
    public func child(_ key: String) -> ContentNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at an index, if this is an array that long.
    public func element(_ index: Int) -> ContentNode? {
        guard case .array(let items) = value, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The elements, if this is an array.
    public var elements: [ContentNode] {
        guard case .array(let items) = value else { return [] }
        return items
    }
}
