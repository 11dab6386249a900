@testable import CarePress

/// A position-free copy of a `ContentNode`, so tests can compare whole trees with `==`.
indirect enum ContentTree: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([ContentTree])
    case object([Member])

    /// One key and value, in source order.
    struct Member: Equatable, Sendable {
        var key: String
        var value: ContentTree
    }

    /// Copies the values of `node`, dropping positions.
    init(_ node: ContentNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(ContentTree.init))
        case .object(let members): self = .object(members.map { Member(key: $0.key, value: ContentTree($0.value)) })
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

extension ContentNode {
    /// Every position in the tree in document order: each value, and each key before its value.
    var allPositions: [SourcePosition] {
        var result = [position]
        switch value {
        case .array(let elements):
            for element in elements { result += element.allPositions }
        case .object(let members):
            for member in members {
                result.append(member.keyPosition)
                result += member.value.allPositions
            }
        default:
            break
        }
        return result
    }

    /// The member value for `key` (the first, if repeated); fails the lookup for non-objects.
    subscript(key: String) -> ContentNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array.
    subscript(index: Int) -> ContentNode? {
        guard case .array(let elements) = value, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The members of an object, or none.
    var members: [ContentNode.Member] {
        guard case .object(let members) = value else { return [] }
        return members
    }
}
