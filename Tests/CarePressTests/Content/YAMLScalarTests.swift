import Foundation
import Testing
import Yams

@testable import CarePress

/// Plain scalars that no default rule can make data are read as text without Yams' regular expressions: held to
/// the values Yams' own resolution gives, scalar by scalar.
@Suite("YAML scalars")
struct YAMLScalarTests {
    /// Every scalar under a node.
    static func scalars(_ node: Node) -> [(Node.Scalar, Node)] {
        switch node {
        case .scalar(let scalar): [(scalar, node)]
        case .mapping(let mapping): mapping.flatMap { scalars($0.key) + scalars($0.value) }
        case .sequence(let sequence): sequence.flatMap(scalars)
        case .alias: []
        }
    }

    /// Whether a scalar reads as Yams' default resolver says.
    static func readsAsResolved(_ scalar: Node.Scalar, _ node: Node) -> Bool {
        let read = YAMLNodeConverter.value(of: scalar, node: node)
        let resolved = YAMLNodeConverter.value(of: scalar, tag: Resolver.default.resolveTag(of: node))
        return "\(read)" == "\(resolved)"
    }

    /// A document composed as `YAMLLoader` composes it.
    static func compose(_ text: String) throws -> Node? {
        try Yams.compose(yaml: text, YAMLLoader.resolver, .default, .utf8)
    }

    @Test func everyScalarOfTheSampleKnowledgeStoreReadsAsYamsResolvesIt() throws {
        let folder = TemporaryProject.repository.appendingPathComponent("Content/knowledge").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yml") }
        var count = 0
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            guard let root = try Self.compose(text) else { continue }
            for (scalar, node) in Self.scalars(root) {
                #expect(Self.readsAsResolved(scalar, node), "\(file): \(scalar.string)")
                count += 1
            }
        }
        #expect(count > 1_000)
    }

    /// Texts that start with every printable ASCII character, and the words and numbers YAML 1.1 treats as data.
    @Test func plainScalarsOfEveryFirstCharacterReadAsYamsResolvesThem() throws {
        var texts = [
            "yes", "No", "TRUE", "off", "On", "y", "n", "~", "null", "Null", "0x1F", "0o17", "017", "0b101", "-12",
            "+3", "1_000", "190:20:30", ".5", "-.inf", ".NaN", "1e3", "6.8523015e+5", "<<", "=", "2026-11-24",
            "2001-12-14t21:59:43.10-05:00", "Yesterday", "nope", "onward", "offer", "true love", "1 kg", "-", ".",
            "é", "Ñ", "日本",
            // Words, numbers and text that start as data might.
            "focus", "table", "order", "Yes", "YES", "yEs", "nULL", "NULL", "Off", "oFF", "ON", "False", "nan", "NaN",
            "inf", "60", "0", "00", "007", "09", "-5", "+0", "3 sets", "10 kg", "1.5x", "2–3 times", "12:30", "12:3",
            "1_000", "0x1g", "0x1F", "1e3q", "1e3", "2026-11-24 noon", "2026-11-24 10:00:00", "yes please",
            "Off-season", ".inf", ".infinity", "+1 (555)", "1,000", "4/5", "3%", "1.", "1.0.0", "0b2", "0o8", "1:60",
            "99999999999999999999", "1 ", "t", "y", "n\u{301}", "1\u{2028}",
        ]
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let first = String(UnicodeScalar(byte))
            texts += [first, first + "a", first + "1", first + " x", first + "es"]
            // Every byte after text that may be data: a number, a word, a sign.
            texts += ["1" + first, "1" + first + "1", "y" + first, "o" + first + "f", "-" + first, "." + first + "5"]
        }
        var compared = 0
        for text in texts {
            // Texts YAML reads as something other than a plain scalar (a comment, an anchor, a flow) are skipped.
            guard let root = try? Self.compose("key: \(text)\n"), case .mapping(let mapping) = root,
                let value = mapping.first?.value, case .scalar(let scalar) = value, scalar.style == .plain,
                scalar.string == text
            else { continue }
            #expect(Self.readsAsResolved(scalar, value), "\(text)")
            compared += 1
        }
        #expect(compared > 800)
    }

    /// The knowledge store's usual scalars are told from their text, without Yams' regular expressions.
    @Test func commonScalarsAreToldFromTheirText() {
        #expect(YAMLNodeConverter.plainTag("focus") == .str)
        #expect(YAMLNodeConverter.plainTag("Knee pain") == .str)
        #expect(YAMLNodeConverter.plainTag("3 sets of 10") == .str)
        #expect(YAMLNodeConverter.plainTag("60") == .int)
        #expect(YAMLNodeConverter.plainTag("Yes") == .bool)
        #expect(YAMLNodeConverter.plainTag("null") == .null)
        // Left to Yams: text that a rule may match, and text only a regular expression tells.
        #expect(YAMLNodeConverter.plainTag("") == nil)
        #expect(YAMLNodeConverter.plainTag("1.5") == nil)
        #expect(YAMLNodeConverter.plainTag("0x1F") == nil)
    }
}
