/// The JSON/YAML path of a value inside its file, written as `answers.duration` or `questions[2].id`.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    private var text: String

    /// The path of the whole document.
    public static let root = ValuePath(text: "")

    private init(text: String) { self.text = text }

    /// The path of a member of the object at this path.
    public func key(_ key: String) -> ValuePath {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) || $0 == "-"
            }
        let part = plain ? key : "[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
        if text.isEmpty { return ValuePath(text: plain ? part : part) }
        return ValuePath(text: plain ? "\(text).\(part)" : "\(text)\(part)")
    }

    /// The path of an element of the array at this path.
    public func index(_ index: Int) -> ValuePath {
        ValuePath(text: "\(text)[\(index)]")
    }

    public var description: String { text }
}
