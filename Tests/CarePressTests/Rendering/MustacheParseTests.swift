import Mustache
import PropertyBased
import Testing

@testable import CarePress

/// CarePress's own parse of Mustache is held to swift-mustache's: any template that swift-mustache accepts and the
/// compiled renderer takes renders byte for byte as swift-mustache renders it, over templates generated from the
/// pieces that make its whitespace rules hard (standalone lines, indented partials, `\r\n`, changed delimiters,
/// comments, pragmas, text glued to tags).
@Suite("CarePress's Mustache parse against swift-mustache")
struct MustacheParseTests {
    /// Pieces of template text, most of them tags or the whitespace around them.
    static let pieces: [String] = [
        "a", "é", "x y", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{85}", "{", "}", "{{", "}}", "<", "%>",
        "{{name}}", "{{{name}}}", "{{& name}}", "{{ name }}", "{{.}}", "{{a.b}}", "{{.a}}", "{{missing}}",
        "{{#list}}", "{{/list}}", "{{^list}}", "{{#flag}}", "{{/flag}}", "{{^flag}}", "{{#a}}", "{{/a}}",
        "{{! a comment }}", "{{!}}", "{{> part}}", "{{>part}}", "{{% CONTENT_TYPE: MARKDOWN }}",
        "{{% CONTENT_TYPE: HTML }}", "{{=<% %>=}}", "<%name%>", "<%#list%>", "<%/list%>", "<%={{ }}=%>",
        "<%! c %>", "<%> part%>",
    ]

    /// A template: CarePress's HTML or Markdown content type (most often on a line of its own), then up to 24
    /// pieces, each section closed in order, so that most are accepted and compiled.
    static let template = Gen<Int>.int(in: 0..<pieces.count).array(of: 0...24).map { picks -> String in
        var text = ["{{% CONTENT_TYPE: HTML }}\n", "{{% CONTENT_TYPE: MARKDOWN }}\n", "{{% CONTENT_TYPE: HTML }}"][
            (picks.first ?? 0) % 3]
        var open: [String] = []
        for pick in picks {
            let piece = pieces[pick]
            if piece.hasPrefix("{{#") || piece.hasPrefix("{{^") {
                open.append(String(piece.dropFirst(3).dropLast(2)))
            }
            if piece.hasPrefix("{{/") {
                guard let name = open.popLast() else { continue }
                text += "{{/\(name)}}"
                continue
            }
            text += piece
        }
        for name in open.reversed() { text += (text.hasSuffix("\n") ? "" : "\n") + "{{/\(name)}}\n" }
        return text
    }

    static let partials: [String: String] = [
        "part": "{{% CONTENT_TYPE: MARKDOWN }}\n[{{name}}]\n  {{#list}}\n  - {{.}}\r\n  {{/list}}\nend"
    ]

    static var context: [String: Any] {
        ["name": "<*n* & \u{301}>", "list": ["1. one", "<two>"], "flag": true, "a": ["b": "ab"]]
    }

    @Test("a template swift-mustache accepts renders the same through CarePress's parse")
    func generatedTemplatesRenderAsSwiftMustache() async throws {
        let markdown = MarkdownContentType.registered && HTMLContentType.registered
        #expect(markdown)
        let compared = Mutex(0)
        await propertyCheck(count: 3_000, input: Self.template) { text in
            guard let reference = try? MustacheTemplate(string: text) else { return }
            var templates = ["t": reference]
            for (name, partial) in Self.partials { templates[name] = try? MustacheTemplate(string: partial) }
            let compiled = CompiledLibrary(templates)
            guard let template = compiled.templates["t"],
                let model = try? DictionaryViewModel(Self.context),
                let fast = try? compiled.render(template, .object(model))
            else { return }
            compared.withLock { $0 += 1 }
            let expected = MustacheLibrary(templates: templates).render(Self.context, withTemplate: "t")
            #expect(fast == expected, "\(text.debugDescription)")
        }
        // Most generated templates are accepted and compiled, so the comparison is not vacuous.
        let count = compared.withLock { $0 }
        #expect(count > 1_000, "only \(count) templates compared")
    }

    @Test("what the compiled renderer does not run is left to swift-mustache")
    func unsupportedTemplatesAreNotParsed() {
        for text in [
            "{{index()}}", "{{#a(b)}}x{{/a(b)}}", "{{<parent}}{{$block}}x{{/block}}{{/parent}}",
            "{{$block}}x{{/block}}",
            "{{>*dynamic}}", "{{#open}}", "{{/close}}", "{{unclosed", "{{=<% %>}}",
        ] {
            #expect(MustacheParse.tokens(of: text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("standalone tags take their line with them; other tags keep the whitespace before them")
    func standaloneLines() {
        #expect(
            MustacheParse.tokens(of: "  {{#a}}\r\n  x {{b}}\n  {{/a}}\n  {{> p}}\n")
                == [
                    .section(
                        name: "a", inverted: false,
                        body: [.text("  x "), .variable(name: "b", escaped: true), .text("\n")]),
                    .text("  "), .partial(name: "p", indentation: "  "),
                ])
    }
}
