import CarePress
import CarePressTestSupport

/// Generates random JSON trees and writes them as JSON text with random layout and escaping,
/// recording where each value and key starts so parsed positions can be checked exactly.
struct TestJSONWriter {
    /// The text written so far.
    private(set) var text = ""
    /// Positions of every value and key, in document order (as `ContentNode.allPositions` lists them).
    private(set) var positions: [SourcePosition] = []
    private var line = 1
    private var column = 1
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    // MARK: Random trees

    static let characters: [Unicode.Scalar] = [
        "a", "b", "z", "A", "0", "9", " ", "_", "-", "\"", "\\", "/", "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}",
        "é", "ß", "€", "中", "😀", "🇨", "\u{FEFF}", "\u{2028}", "\u{A0}", "'", "{", "}", "[", "]", ",", ":",
    ]

    mutating func randomString() -> String {
        var result = String.UnicodeScalarView()
        let length = Int.random(in: 0...12, using: &generator)
        for _ in 0..<length {
            result.append(Self.characters.randomElement(using: &generator) ?? "a")
        }
        if Int.random(in: 0..<20, using: &generator) == 0 {
            result.append(contentsOf: String(repeating: "long text ", count: 30).unicodeScalars)
        }
        return String(result)
    }

    mutating func randomDouble() -> Double {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            return Double(Int.random(in: -100_000...100_000, using: &generator)) / 64
        case 1:
            return Double.random(in: -1...1, using: &generator)
        case 2:
            return Double(Int.random(in: -1000...1000, using: &generator)) * 1e10
        default:
            while true {
                let value = Double(bitPattern: generator.next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func randomTree(depth: Int = 0, uniqueKeys: Bool) -> ContentTree {
        let leaf = depth >= 5 || Int.random(in: 0..<3, using: &generator) != 0
        if leaf {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .integer(Int.random(in: -1000...1000, using: &generator))
            case 3: return .integer(Int.random(in: Int.min...Int.max, using: &generator))
            case 4: return .number(randomDouble())
            default: return .string(randomString())
            }
        }
        let count = Int.random(in: 0...6, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0..<count).map { _ in randomTree(depth: depth + 1, uniqueKeys: uniqueKeys) })
        }
        var members: [ContentTree.Member] = []
        var used = Set<String>()
        for _ in 0..<count {
            var key = randomString()
            if !uniqueKeys, let previous = members.last, Int.random(in: 0..<5, using: &generator) == 0 {
                key = previous.key
            }
            if uniqueKeys {
                guard used.insert(key).inserted else { continue }
            }
            members.append(.init(key: key, value: randomTree(depth: depth + 1, uniqueKeys: uniqueKeys)))
        }
        return .object(members)
    }

    // MARK: Writing

    private mutating func emit(_ piece: String) {
        for scalar in piece.unicodeScalars {
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
    }

    private mutating func whitespace() {
        let choices = ["", "", "", " ", "\n", "\t", "\r\n", "  \n    ", " \n\n "]
        emit(choices.randomElement(using: &generator) ?? "")
    }

    private mutating func mark() {
        positions.append(SourcePosition(line: line, column: column))
    }

    /// Writes `tree` with random whitespace between tokens.
    mutating func write(_ tree: ContentTree) {
        mark()
        switch tree {
        case .null: emit("null")
        case .bool(let value): emit(value ? "true" : "false")
        case .integer(let value): emit(String(value))
        case .number(let value): emit(Self.numberText(value))
        case .string(let value): emit(quoted(value))
        case .array(let elements):
            emit("[")
            whitespace()
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    emit(",")
                    whitespace()
                }
                write(element)
                whitespace()
            }
            emit("]")
        case .object(let members):
            emit("{")
            whitespace()
            for (index, member) in members.enumerated() {
                if index > 0 {
                    emit(",")
                    whitespace()
                }
                mark()
                emit(quoted(member.key))
                whitespace()
                emit(":")
                whitespace()
                write(member.value)
                whitespace()
            }
            emit("}")
        }
    }

    /// Swift's shortest round-tripping form, which is valid JSON for finite values ("1.0", "1e-05", "5e-324").
    static func numberText(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private mutating func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            let escapeAnyway = Int.random(in: 0..<8, using: &generator) == 0
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += escapeAnyway ? "\\u0009" : "\\t"
            case "\r": result += "\\r"
            case "/": result += escapeAnyway ? "\\/" : "/"
            default:
                if scalar.value < 0x20 || escapeAnyway {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16, uppercase: Bool.random(using: &generator))
                        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
