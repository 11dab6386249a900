import Foundation
import Mustache
import Testing

@testable import CarePress

/// The Mustache specification's examples (`Fixtures/mustache-spec`), rendered by the compiled renderer and by
/// swift-mustache: wherever the compiled renderer renders, it gives swift-mustache's output byte for byte.
///
/// Each example runs three ways: as written (swift-mustache's own HTML escaping, which the compiled renderer leaves to
/// swift-mustache), and with every template and partial prefixed with CarePress's HTML and MARKDOWN content types,
/// as `TemplateSet` prefixes HTML templates.
@Suite("Mustache specification: compiled templates against swift-mustache")
struct MustacheSpecTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mustache-spec")

    /// One example of the specification.
    struct Example: CustomStringConvertible {
        var module: String
        var name: String
        var data: Any
        var template: String
        var partials: [String: String]

        var description: String { "\(module): \(name)" }
    }

    static func examples(_ module: String) throws -> [Example] {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("\(module).json")))
        guard case .array(let tests)? = try JSONParser.parse(bytes).child("tests")?.value else { return [] }
        return tests.compactMap { test in
            guard case .string(let name)? = test.child("name")?.value,
                case .string(let template)? = test.child("template")?.value, let data = test.child("data")
            else { return nil }
            var partials: [String: String] = [:]
            if case .object(let members)? = test.child("partials")?.value {
                for member in members {
                    if case .string(let text) = member.value.value { partials[member.key] = text }
                }
            }
            return Example(module: module, name: name, data: native(data), template: template, partials: partials)
        }
    }

    /// A JSON value as Swift values: dictionaries, arrays, strings, integers, doubles, booleans and `NSNull`.
    static func native(_ node: ContentNode) -> Any {
        switch node.value {
        case .null: NSNull()
        case .bool(let flag): flag
        case .integer(let number): number
        case .number(let number): number
        case .string(let text): text
        case .array(let items): items.map(native)
        case .object(let members): Dictionary(members.map { ($0.key, native($0.value)) }) { first, _ in first }
        }
    }

    /// How an example came out.
    enum Outcome: Equatable {
        /// swift-mustache could not parse it with this prefix.
        case unparsed
        /// The compiled renderer rendered it, as swift-mustache did.
        case compiled
        /// The compiled renderer left it to swift-mustache: the template did not compile, or its data has a value with
        /// no template value of the same meaning (null), or it prints a list or an object.
        case fellBack
    }

    /// Renders an example both ways and checks that they agree wherever the compiled renderer renders.
    static func run(_ example: Example, prefix: String) -> Outcome {
        precondition(HTMLContentType.registered && MarkdownContentType.registered)
        var parsed: [String: MustacheTemplate] = [:]
        for (name, text) in example.partials.merging(["main": example.template], uniquingKeysWith: { _, main in main })
        {
            guard let template = try? MustacheTemplate(string: prefix + text) else { return .unparsed }
            parsed[name] = template
        }
        let library = MustacheLibrary(templates: parsed)
        let compiled = CompiledLibrary(parsed)
        let reference = library.render(example.data, withTemplate: "main")
        guard let template = compiled.templates["main"], let root = try? DictionaryViewModel.convert(example.data),
            let output = try? compiled.render(template, root)
        else { return .fellBack }
        #expect(output == reference, "\(example) with \(prefix.isEmpty ? "no prefix" : prefix)")
        return output == reference ? .compiled : .fellBack
    }

    /// Examples the compiled renderer leaves to swift-mustache even with a content type, and why.
    static let expectedFallbacks: [String: String] = [
        "interpolation: Basic Null Interpolation": "null",
        "interpolation: Triple Mustache Null Interpolation": "null",
        "interpolation: Ampersand Null Interpolation": "null",
        "sections: Null is falsey": "null",
        "inverted: Null is falsey": "null",
    ]

    @Test(arguments: ["comments", "interpolation", "sections", "inverted", "partials", "delimiters"])
    func examplesRenderAsSwiftMustache(module: String) throws {
        let examples = try Self.examples(module)
        #expect(!examples.isEmpty)
        var compiled = 0
        var fellBack = Set<String>()
        for example in examples {
            if Self.run(example, prefix: "") == .compiled { compiled += 1 }
            for prefix in [HTMLContentType.pragma, TemplateSet.markdownPragma] {
                switch Self.run(example, prefix: prefix) {
                case .compiled: compiled += 1
                case .fellBack, .unparsed: fellBack.insert(example.description)
                }
            }
        }
        // Everything compiles with a content type, but for null values; set delimiters too, since they are gone
        // from swift-mustache's parse, which the compiled templates are made from.
        #expect(fellBack == Set(Self.expectedFallbacks.keys.filter { $0.hasPrefix(module + ":") }))
        #expect(compiled >= 2 * (examples.count - fellBack.count))
    }

    @Test func theExamplesAreTheSpecificationsCoreModules() throws {
        let count = try ["comments", "interpolation", "sections", "inverted", "partials", "delimiters"]
            .map { try Self.examples($0).count }.reduce(0, +)
        #expect(count == 136)
    }
}
