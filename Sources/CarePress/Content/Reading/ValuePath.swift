/// The JSON/YAML path of a value inside its file, written as `answers.duration` or `questions[2].id`.
///
/// Readers make a path for every value they read but print one only for a diagnostic, so a path is a chain of
/// parts and its text is made when it is asked for.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path, linked to the steps before it.
    private final class Step: Sendable {
        enum Part: Sendable {
            case key(String)
            case index(Int)
        }

        let parent: Step?
        let part: Part

        init(parent: Step?, part: Part) {
            self.parent = parent
            self.part = part
        }
    }

    private let last: Step?

    /// The path of the whole document.
    public static let root = ValuePath(last: nil)

    private init(last: Step?) { self.last = last }

    /// The path of a member of the object at this path.
    public func key(_ key: String) -> ValuePath {
        ValuePath(last: Step(parent: last, part: .key(key)))
    }

    /// The path of an element of the array at this path.
    public func index(_ index: Int) -> ValuePath {
        ValuePath(last: Step(parent: last, part: .index(index)))
    }

    public var description: String {
        var parts: [Step.Part] = []
        var step = last
        while let current = step {
            parts.append(current.part)
            step = current.parent
        }
        var text = ""
        for part in parts.reversed() {
            switch part {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                let plain =
                    !key.isEmpty
                    && key.unicodeScalars.allSatisfy {
                        $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) || $0 == "-"
                    }
                if !plain {
                    text += "[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
                } else {
                    text += text.isEmpty ? key : ".\(key)"
                }
            }
        }
        return text
    }

    public static func == (lhs: ValuePath, rhs: ValuePath) -> Bool { lhs.description == rhs.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
