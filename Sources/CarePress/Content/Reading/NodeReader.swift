/// Reads typed values out of a `ContentNode`, reporting every mismatch with the JSON Schema rules
/// (types, enums, patterns, lengths) at the value's position and path.
///
/// Each `read` returns nil after reporting when the value is unusable, so a caller can go on and
/// find every other problem in the same file.
public struct NodeReader {
    /// Where the problems go.
    public let log: DiagnosticLog

    /// Creates a reader that reports into a log.
    public init(log: DiagnosticLog) {
        self.log = log
    }

    /// Reads a string: a JSON string, or any non-null YAML scalar (as written).
    public func string(_ node: ContentNode, _ path: ValuePath, minLength: Int = 0) -> String? {
        let text: String
        switch node.value {
        case .string(let value):
            text = value
        case .integer, .number, .bool:
            guard let scalar = node.scalarText else {
                return mismatch(node, path, expected: "a string")
            }
            text = scalar
        default:
            return mismatch(node, path, expected: "a string")
        }
        if minLength > 0 && text.unicodeScalars.prefix(minLength).count < minLength {
            log.error(
                minLength == 1 ? "must not be empty" : "must be at least \(minLength) characters", at: node.position,
                path: path)
            return nil
        }
        return text
    }

    /// Reads a string that must match a pattern, described in words for the message (e.g. "lower-case letters, digits and '-'").
    public func string(
        _ node: ContentNode, _ path: ValuePath, matching isValid: (String) -> Bool, described rule: String
    ) -> String? {
        guard let text = string(node, path) else { return nil }
        guard isValid(text) else {
            log.error("'\(text)' is not a valid value: it must be \(rule)", at: node.position, path: path)
            return nil
        }
        return text
    }

    /// Reads one of a fixed set of strings.
    public func choice<E: RawRepresentable & CaseIterable>(_ node: ContentNode, _ path: ValuePath, as type: E.Type)
        -> E?
    where E.RawValue == String {
        guard let text = string(node, path) else { return nil }
        if let value = E(rawValue: text) { return value }
        let names = E.allCases.map(\.rawValue)
        log.error(
            "'\(text)' is not one of the allowed values", at: node.position, path: path,
            hint: Suggestion.hint(for: text, in: names))
        return nil
    }

    /// Reads an integer within an optional range.
    public func integer(_ node: ContentNode, _ path: ValuePath, in range: ClosedRange<Int>? = nil) -> Int? {
        let value: Int
        switch node.value {
        case .integer(let number):
            value = number
        case .number(let number) where number.rounded() == number && abs(number) < 9e15:
            value = Int(number)
        default:
            return mismatch(node, path, expected: "an integer")
        }
        if let range, !range.contains(value) {
            log.error(
                "\(value) is out of range: it must be from \(range.lowerBound) to \(range.upperBound)",
                at: node.position, path: path)
            return nil
        }
        return value
    }

    /// Reads a number at least `minimum`, when given.
    public func number(_ node: ContentNode, _ path: ValuePath, minimum: Double? = nil) -> Double? {
        let value: Double
        switch node.value {
        case .integer(let number): value = Double(number)
        case .number(let number): value = number
        default: return mismatch(node, path, expected: "a number")
        }
        if let minimum, value < minimum {
            log.error("must be at least \(minimum.formatted)", at: node.position, path: path)
            return nil
        }
        return value
    }

    /// Reads a boolean.
    public func bool(_ node: ContentNode, _ path: ValuePath) -> Bool? {
        if case .bool(let value) = node.value { return value }
        return mismatch(node, path, expected: "true or false")
    }

    /// Reads an array, reading each element with `element`; elements that fail are left out after being reported.
    public func array<T>(
        _ node: ContentNode, _ path: ValuePath, minItems: Int = 0, maxItems: Int? = nil,
        element: (ContentNode, ValuePath) -> T?
    ) -> [T]? {
        guard case .array(let items) = node.value else {
            return mismatch(node, path, expected: "an array")
        }
        if items.count < minItems {
            let noun = minItems == 1 ? "item" : "items"
            log.error("needs at least \(minItems) \(noun), found \(items.count)", at: node.position, path: path)
        }
        if let maxItems, items.count > maxItems {
            log.error("allows at most \(maxItems) items, found \(items.count)", at: node.position, path: path)
        }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            if let value = element(item, path.index(offset)) {
                result.append(value)
            }
        }
        return result
    }

    /// Reads an array of strings.
    public func strings(_ node: ContentNode, _ path: ValuePath, minItems: Int = 0) -> [String]? {
        array(node, path, minItems: minItems) { string($0, $1) }
    }

    /// Opens an object whose keys must all be among `keys` (JSON Schema `additionalProperties: false`).
    ///
    /// Objects have a handful of keys, so they are kept in order and searched, not hashed.
    public func object(_ node: ContentNode, _ path: ValuePath, keys: [String]) -> ObjectReader? {
        guard case .object(let members) = node.value else {
            return mismatch(node, path, expected: "an object")
        }
        // The members kept, copied only from the first one left out: most objects have only known keys, each once,
        // and are read from their own members.
        var kept: [ContentNode.Member]?
        for position in members.indices {
            let key = members[position].key
            let isDuplicate =
                if let kept { kept.contains { $0.key == key } } else { members[..<position].contains { $0.key == key } }
            if !isDuplicate && keys.contains(key) {
                kept?.append(members[position])
                continue
            }
            let at = members[position].keyPosition
            if isDuplicate {
                log.error(
                    "duplicate key '\(key)'", at: at, path: path.key(key),
                    hint: "each key may appear only once; the first one is used")
            } else {
                log.error(
                    "unknown key '\(key)'", at: at, path: path.key(key), hint: Suggestion.hint(for: key, in: keys))
            }
            if kept == nil { kept = Array(members[..<position]) }
        }
        return ObjectReader(reader: self, node: node, path: path, members: kept ?? members)
    }

    /// Opens an object whose keys are free (a map such as `answers`); duplicate keys are reported.
    public func map(_ node: ContentNode, _ path: ValuePath) -> [ContentNode.Member]? {
        guard case .object(let members) = node.value else {
            return mismatch(node, path, expected: "an object")
        }
        var seen = Set<String>()
        var result: [ContentNode.Member] = []
        for member in members {
            if seen.insert(member.key).inserted {
                result.append(member)
            } else {
                log.error(
                    "duplicate key '\(member.key)'", at: member.keyPosition, path: path.key(member.key),
                    hint: "each key may appear only once; the first one is used")
            }
        }
        return result
    }

    private func mismatch<T>(_ node: ContentNode, _ path: ValuePath, expected: String) -> T? {
        log.error("expected \(expected), found \(node.typeName)", at: node.position, path: path)
        return nil
    }
}

/// The members of one object being read, with required and optional access.
public struct ObjectReader {
    /// The reader that reports problems.
    public let reader: NodeReader
    /// The object node itself.
    public let node: ContentNode
    /// The object's path.
    public let path: ValuePath
    private let members: [ContentNode.Member]

    init(reader: NodeReader, node: ContentNode, path: ValuePath, members: [ContentNode.Member]) {
        self.reader = reader
        self.node = node
        self.path = path
        self.members = members
    }

    /// The node of a member, if present.
    public subscript(key: String) -> ContentNode? { members.first { $0.key == key }?.value }

    /// Reads a required member, reporting it as missing at the object's position when absent.
    public func required<T>(_ key: String, _ read: (NodeReader, ContentNode, ValuePath) -> T?) -> T? {
        guard let value = self[key] else {
            reader.log.error("missing required key '\(key)'", at: node.position, path: path.key(key))
            return nil
        }
        return read(reader, value, path.key(key))
    }

    /// Reads an optional member; absent gives nil, a present value of the wrong type is reported.
    public func optional<T>(_ key: String, _ read: (NodeReader, ContentNode, ValuePath) -> T?) -> T? {
        guard let value = self[key] else { return nil }
        return read(reader, value, path.key(key))
    }

    /// Reads a required string member.
    public func requiredString(_ key: String, minLength: Int = 0) -> String? {
        required(key) { $0.string($1, $2, minLength: minLength) }
    }

    /// Reads an optional string member.
    public func optionalString(_ key: String) -> String? {
        optional(key) { $0.string($1, $2) }
    }

    /// Reads an optional array of strings, empty when absent.
    public func strings(_ key: String, minItems: Int = 0) -> [String] {
        optional(key) { $0.strings($1, $2, minItems: minItems) } ?? []
    }

    /// The position of a member's value, or of the object when the member is absent.
    public func position(of key: String) -> SourcePosition {
        self[key]?.position ?? node.position
    }
}

extension Double {
    /// The number without a trailing `.0` when it is whole.
    var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
