import Foundation
import Testing

@testable import CarePress

/// The compiled renderer gives exactly what swift-mustache gives.
@Suite("Compiled templates")
struct CompiledTemplateTests {
    /// Renders a template both ways; the reference is swift-mustache through the same template set.
    static func renderBothWays(_ set: TemplateSet, _ name: String, _ context: [String: Any]) throws -> (String, String)
    {
        var reference = set
        reference.usesCompiledTemplates = false
        return (try set.render(name, context), try reference.render(name, context))
    }

    @Test func theSampleProjectRendersTheSameWithEitherRenderer() throws {
        let project = SiteProject.load(from: TemporaryProject.repository.appendingPathComponent("Content").path)
        let compiled = try TemplateSet.load(from: TemporaryProject.defaultTemplates).get()
        #expect(compiled.compiledNames.isSuperset(of: SiteBuilder.requiredTemplates), "every default template compiles")
        var reference = compiled
        reference.usesCompiledTemplates = false
        let site = try #require(project.site)
        var outputs: [[OutputFile]] = []
        for templates in [compiled, reference] {
            let pages = PageRenderer(templates: templates, site: site)
            let reports = ReportRenderer(project: project, pages: pages)
            var files: [OutputFile] = []
            for file in project.recordFiles {
                if let record = RecordLoader(project: project).load(file).record {
                    files += try reports.render(record).files
                }
            }
            files += try GuideSite(project: project, pages: pages).render()
            outputs.append(files)
        }
        #expect(outputs[0].count > 150)
        for (fast, slow) in zip(outputs[0], outputs[1]) {
            #expect(fast.path == slow.path)
            #expect(fast.bytes == slow.bytes, "\(fast.path) differs between the compiled renderer and swift-mustache")
        }
    }

    @Test func randomTemplatesAndContextsRenderAsSwiftMustacheDoes() throws {
        var random = ContentDigestTests.SplitMix(seed: 2026)
        var renders = 0
        var compiledRenders = 0
        for round in 0..<30 {
            let project = try TemporaryProject()
            var generator = TemplateGenerator(random: random)
            let partialCount = 4
            var names: [String] = []
            for index in 0..<16 {
                let isPartial = index < partialCount
                let name = isPartial ? "partials/p\(index)" : "t\(index)"
                // A partial may only use later partials, so nothing recurses forever.
                let allowed = (0..<partialCount).filter { !isPartial || $0 > index }.map { "partials/p\($0)" }
                try project.write("Templates/\(name).mustache", generator.template(partials: allowed))
                if !isPartial { names.append(name) }
            }
            try project.write("Templates/assets/style.css", "body {}\n")
            random = generator.random
            let set = try TemplateSet.load(from: project.path("Templates")).get()
            #expect(set.compiledNames.count >= 12, "round \(round): most random templates compile")
            for name in names {
                for _ in 0..<4 {
                    let context = generator.context(depth: 0)
                    let (fast, slow) = try Self.renderBothWays(set, name, context)
                    #expect(fast == slow, "round \(round), \(name):\n\(set.source(of: name) ?? "")\n\(context)")
                    renders += 1
                    if set.renderCompiled(name, context) != nil { compiledRenders += 1 }
                }
            }
        }
        // Most renders take the compiled path (the rest print a list or an object, which is left to swift-mustache).
        #expect(compiledRenders * 10 > renders * 7, "\(compiledRenders) of \(renders)")
    }

    @Test(arguments: [
        "a < b & \"c\" 'd' > e", "plain", "", "e\u{301}<\u{301}>", "\u{600}<x", "👩🏽‍⚕️ & ألم", "<<&&>>",
    ])
    func htmlEscapingMatches(text: String) {
        var bytes: [UInt8] = []
        CompiledRenderer.appendHTMLEscaped(text, to: &bytes)
        let fast = String(decoding: bytes, as: UTF8.self)
        var slow = ""
        for character in text {
            switch character {
            case "<": slow += "&lt;"
            case ">": slow += "&gt;"
            case "&": slow += "&amp;"
            case "\"": slow += "&quot;"
            case "'": slow += "&#39;"
            default: slow.append(character)
            }
        }
        #expect(fast == slow)
    }

    @Test func whatItDoesNotDoIsLeftToSwiftMustache() {
        for text in [
            "{{=<% %>=}}", "{{<parent}}{{/parent}}", "{{$block}}x{{/block}}", "{{>*dynamic}}", "{{first(list)}}",
            "a\r\nb", "{{.name}}",
        ] {
            #expect(CompiledTemplate.compile(text) == nil, "\(text)")
        }
        #expect(CompiledTemplate.compile("{{#a}}\n  {{> p}}\n{{/a}}\n{{! c }}{{{b}}}{{&c}}{{.}}") != nil)
    }
}

/// Random Mustache templates within the grammar the theme uses, and random contexts for them.
struct TemplateGenerator {
    var random: ContentDigestTests.SplitMix

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    private static let names = ["a", "b", "c", "list", "flag", "none", "a.b", "b.c", "."]
    private static let texts = [
        "x", " ", "  ", "\t", "\n", "\n\n", "word ", "<&>\"'", "é", "}", "- ", "# ", "*", "e\u{301}", " {x} ",
    ]

    mutating func template(partials: [String]) -> String {
        var text = chance(30) ? "{{% CONTENT_TYPE: \(pick(["MARKDOWN", "HTML", "TEXT"])) }}\n" : ""
        text += body(depth: 0, partials: partials)
        return text + (chance(50) ? "end\n" : "end")
    }

    private mutating func body(depth: Int, partials: [String]) -> String {
        var text = ""
        for _ in 0..<Int(random.next() % 7) {
            let standalone = chance(40)
            let indent = chance(50) ? pick(["", " ", "  ", "\t"]) : ""
            let space = chance(30) ? " " : ""
            var piece: String
            switch random.next() % 10 {
            case 0, 1: piece = pick(Self.texts)
            case 2: piece = "{{\(space)\(pick(Self.names))\(space)}}"
            case 3: piece = chance(50) ? "{{{\(pick(Self.names))}}}" : "{{&\(space)\(pick(Self.names))}}"
            case 4,
                5 where depth < 3:
                let name = pick(Self.names.filter { $0 != "." })
                let sigil = chance(70) ? "#" : "^"
                let open = standalone ? "\(indent){{\(sigil)\(name)}}\n" : "{{\(sigil)\(space)\(name)\(space)}}"
                let close = standalone ? "\(indent){{/\(name)}}\n" : "{{/\(name)}}"
                piece = open + body(depth: depth + 1, partials: partials) + close
            case 6: piece = "{{! a comment \(chance(50) ? "\n with a line" : "") }}"
            case 7 where !partials.isEmpty: piece = "{{>\(space)\(pick(partials))\(space)}}"
            case 8: piece = "{{% CONTENT_TYPE: \(pick(["MARKDOWN", "HTML"])) }}"
            default: piece = pick(Self.texts)
            }
            if standalone && !piece.hasSuffix("\n") && piece.hasPrefix("{{") {
                piece = "\(indent)\(piece)\(chance(20) ? " " : "")\n"
            }
            text += piece
        }
        return text
    }

    mutating func context(depth: Int) -> [String: Any] {
        var context: [String: Any] = [:]
        for key in ["a", "b", "c", "list", "flag"] where chance(75) {
            context[key] = value(depth: depth)
        }
        return context
    }

    private mutating func value(depth: Int) -> Any {
        switch random.next() % 9 {
        case 0: return pick(["", "text", "a < b & 'c'", "*emph* # h", "line\nbreak", "é e\u{301} <\u{301}", "  lead"])
        case 1: return chance(50)
        case 2: return Int(random.next() % 100) - 50
        case 3 where depth < 3: return context(depth: depth + 1)
        case 4 where depth < 3: return (0..<Int(random.next() % 3)).map { _ in context(depth: depth + 1) }
        case 5: return (0..<Int(random.next() % 3)).map { _ in pick(["x", "<y>", "z\nz"]) }
        case 6: return [String]()
        case 7: return 2.5
        default: return pick(["v", "<b>bold</b>", "[link](javascript:x)"])
        }
    }
}
