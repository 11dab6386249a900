import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

extension Parsing {
    @Suite("JSON random round trips")
    struct JSONRoundTripTests {
        @Test("random documents parse back to the same tree with every position exact")
        func roundTrip() throws {
            for seed in UInt64(1)...400 {
                var writer = TestJSONWriter(seed: seed)
                let tree = writer.randomTree(uniqueKeys: false)
                writer.write(tree)
                let node = try JSONParser.parse(Array(writer.text.utf8))
                #expect(ContentTree(node) == tree, "seed \(seed)")
                #expect(node.allPositions == writer.positions, "seed \(seed)")
            }
        }

        @Test("JSONSerialization reads the same structure from the same text")
        func agreesWithJSONSerialization() throws {
            for seed in UInt64(1_000)...1_300 {
                var writer = TestJSONWriter(seed: seed)
                let tree = writer.randomTree(uniqueKeys: true)
                writer.write(tree)
                let data = Data(writer.text.utf8)
                let node = try JSONParser.parse(Array(data))
                let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                #expect(Self.matches(ContentTree(node), foundation), "seed \(seed): \(writer.text)")
            }
        }

        @Test("random byte mutations of valid JSON never crash: they parse or throw SyntaxError")
        func mutations() throws {
            var generator = SplitMix64(seed: 0xF0CC_ACC1A)
            let interesting: [UInt8] =
                Array("{}[],:\"\\/'-+.0123456789eEtfnu \n\t".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
            var parsed = 0
            var rejected = 0
            var disagreements: [String] = []
            for seed in UInt64(5_000)..<5_400 {
                var writer = TestJSONWriter(seed: seed)
                writer.write(writer.randomTree(uniqueKeys: true))
                let original = Array(writer.text.utf8)
                for _ in 0..<10 {
                    var bytes = original
                    for _ in 0..<Int.random(in: 1...3, using: &generator) {
                        let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                        let byte = interesting.randomElement(using: &generator) ?? 0
                        switch Int.random(in: 0..<4, using: &generator) {
                        case 0 where !bytes.isEmpty: bytes[index] = byte
                        case 1 where !bytes.isEmpty: bytes.remove(at: index)
                        case 2: bytes.insert(byte, at: index)
                        default: bytes = Array(bytes.prefix(index))
                        }
                    }
                    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
                    // Foundation guesses UTF-16 or UTF-32 from NUL bytes at the start; JSON is UTF-8 only.
                    let comparable = !bytes.prefix(4).contains(0)
                    let foundationAccepts =
                        comparable
                        && (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
                    do {
                        _ = try JSONParser.parse(bytes)
                        parsed += 1
                        if comparable, !foundationAccepts {
                            disagreements.append(
                                "accepted only by JSONParser: \(String(decoding: bytes, as: UTF8.self))")
                        }
                    } catch {
                        rejected += 1
                        #expect(error.position.line >= 1 && error.position.line <= lines)
                        #expect(error.position.column >= 1)
                        #expect(!error.message.isEmpty)
                        if foundationAccepts, !Self.knownStricter(error) {
                            disagreements.append(
                                "rejected only by JSONParser (\(error.message)): \(String(decoding: bytes, as: UTF8.self))"
                            )
                        }
                    }
                }
            }
            #expect(parsed > 0 && rejected > 0)
            #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
        }

        /// Errors where JSONParser is deliberately stricter than JSONSerialization.
        static func knownStricter(_ error: SyntaxError) -> Bool {
            error.message.hasPrefix("lone surrogate")
                || error.message == "arrays and objects are nested more than 512 levels deep"
        }

        /// Foundation on Linux drops U+FEFF where it starts a run of raw text in a string (it seems to
        /// decode each run as if it were a file, BOM and all); JSONParser keeps it. Compare without it.
        static func withoutBOM(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
        }

        /// Whether a Foundation JSON object has the same structure and values as `tree`.
        static func matches(_ tree: ContentTree, _ any: Any) -> Bool {
            switch tree {
            case .null:
                return any is NSNull
            case .bool(let value):
                return (any as? Bool) == value
            case .integer(let value):
                if let int = any as? Int { return int == value }
                return (any as? NSNumber)?.int64Value == Int64(value)
            case .number(let value):
                // Foundation on Linux returns some numbers as Decimal, whose text holds every digit.
                if let decimal = any as? Decimal { return Double(decimal.description) == value }
                if let double = any as? Double { return double == value }
                return (any as? NSNumber)?.doubleValue == value
            case .string(let value):
                guard let string = any as? String else { return false }
                return withoutBOM(string) == withoutBOM(value)
            case .array(let elements):
                guard let array = any as? [Any], array.count == elements.count else { return false }
                return zip(elements, array).allSatisfy { matches($0, $1) }
            case .object(let members):
                guard let foundation = any as? [String: Any], foundation.count == members.count else { return false }
                let dictionary = Dictionary(foundation.map { (withoutBOM($0.key), $0.value) }) { first, _ in first }
                return members.allSatisfy { member in
                    dictionary[withoutBOM(member.key)].map { matches(member.value, $0) } ?? false
                }
            }
        }
    }
}
