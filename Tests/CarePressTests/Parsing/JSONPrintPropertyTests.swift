import CarePress
import CarePressTestSupport
import PropertyBased
import Testing

extension Parsing {
    /// JSON written by `JSONValue` (the exports) and read by `JSONParser` (the records), as properties of random
    /// documents.
    @Suite("JSON print and parse properties")
    struct JSONPrintPropertyTests {
        /// Documents built from a list of random choices: shrinking the list shrinks the document.
        static let document = Gen<UInt32>.value(in: 0...UInt32.max).array(of: 0...60).map { choices in
            var builder = JSONBuilder(choices: choices)
            return builder.value(depth: 0)
        }

        @Test("a printed document parses to the same values, and prints again to the same bytes")
        func printParsePrint() async {
            await propertyCheck(count: 500, input: Self.document) { value in
                let text = value.text(sortedKeys: false)
                guard let node = Self.parsed(text) else { return }
                let again = JSONTree.value(of: node).text(sortedKeys: false)
                #expect(Array(again.utf8) == Array(text.utf8), "\(text.debugDescription)")
                if let reparsed = Self.parsed(again) {
                    #expect(JSONTree.same(node, reparsed), "\(text.debugDescription)")
                }
            }
        }

        @Test("sorted and unsorted printing hold the same members")
        func sortedKeysKeepMembers() async {
            await propertyCheck(count: 300, input: Self.document) { value in
                guard let sorted = Self.parsed(value.text(sortedKeys: true)),
                    let unsorted = Self.parsed(value.text(sortedKeys: false))
                else { return }
                #expect(Self.members(sorted) == Self.members(unsorted))
            }
        }

        /// The parsed text, or nil after recording why it does not parse. (An error thrown inside `propertyCheck`
        /// is not reported by swift-property-based 2.0.1, so nothing in these properties throws.)
        static func parsed(_ text: String) -> ContentNode? {
            do {
                return try JSONParser.parse(Array(text.utf8))
            } catch {
                Issue.record("\(text.debugDescription) does not parse: \(error)")
                return nil
            }
        }

        /// Every key path and scalar text of a tree, sorted, so member order does not count.
        static func members(_ node: ContentNode, path: String = "$") -> [String] {
            switch node.value {
            case .array(let items):
                return items.enumerated().flatMap { members($1, path: path + "[\($0)]") }
            case .object(let items):
                return items.flatMap { members($0.value, path: path + "." + $0.key.debugDescription) }.sorted()
            default:
                return [path + "=" + JSONTree.value(of: node).text(sortedKeys: false)]
            }
        }
    }

    /// Turns a list of random numbers into a JSON value, taking one number per decision.
    struct JSONBuilder {
        var choices: [UInt32]
        var next = 0

        /// Scalars that JSON must escape or that are easy to get wrong.
        static let scalars: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}",
            "é", "e", "\u{301}", "😀", "\u{2028}", "\u{FEFF}", "\u{10FFFF}", "{", "}", "[", "]", ",", ":",
        ]

        mutating func take() -> UInt32? {
            guard next < choices.count else { return nil }
            defer { next += 1 }
            return choices[next]
        }

        mutating func value(depth: Int) -> JSONValue {
            guard let choice = take() else { return .null }
            switch choice % (depth < 4 ? 9 : 6) {
            case 0: return .null
            case 1: return .bool(choice & 0x100 != 0)
            case 2: return .integer(Int(Int32(bitPattern: take() ?? 0)))
            case 3: return .integer(choice & 0x100 != 0 ? Int.max : Int.min)
            case 4:
                let bits = (UInt64(take() ?? 0) << 32) | UInt64(take() ?? 0)
                let number = Double(bitPattern: bits)
                return .number(number.isFinite ? number : Double(choice) / 7)
            case 5: return .string(string())
            case 6, 7:
                return .array((0..<Int((take() ?? 0) % 4)).map { _ in value(depth: depth + 1) })
            default:
                return .object((0..<Int((take() ?? 0) % 4)).map { _ in (string(), value(depth: depth + 1)) })
            }
        }

        mutating func string() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int((take() ?? 0) % 6) {
                scalars.append(Self.scalars[Int((take() ?? 0) % UInt32(Self.scalars.count))])
            }
            return String(scalars)
        }
    }
}
