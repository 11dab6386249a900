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

    /// Whether a scalar reads as Yams' default resolver says. (Read first: Yams keeps the tag it resolves.)
    static func readsAsResolved(_ scalar: Node.Scalar, _ node: Node) -> Bool {
        let read = YAMLNodeConverter.value(of: scalar, node: node)
        let resolved = YAMLNodeConverter.value(of: scalar, tag: Tag.Name(rawValue: node.tag.rawValue))
        return "\(read)" == "\(resolved)"
    }

    @Test func everyScalarOfTheSampleKnowledgeStoreReadsAsYamsResolvesIt() throws {
        let folder = TemporaryProject.repository.appendingPathComponent("Content/knowledge").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yml") }
        var count = 0
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            guard let root = try Yams.compose(yaml: text) else { continue }
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
        ]
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let first = String(UnicodeScalar(byte))
            texts += [first, first + "a", first + "1", first + " x", first + "es"]
        }
        var compared = 0
        for text in texts {
            // Texts YAML reads as something other than a plain scalar (a comment, an anchor, a flow) are skipped.
            guard let root = try? Yams.compose(yaml: "key: \(text)\n"), case .mapping(let mapping) = root,
                let value = mapping.first?.value, case .scalar(let scalar) = value, scalar.style == .plain,
                scalar.string == text
            else { continue }
            #expect(Self.readsAsResolved(scalar, value), "\(text)")
            compared += 1
        }
        #expect(compared > 300)
    }
}
