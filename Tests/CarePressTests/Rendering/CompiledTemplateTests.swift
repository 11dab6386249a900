import CarePressTestSupport
import Foundation
import Testing

@testable import CarePress

/// The compiled renderer is held to swift-mustache: every page of the sample project, and the reports of thousands
/// of generated records full of hostile text, come out byte for byte as swift-mustache renders them.
@Suite("Compiled templates against swift-mustache")
struct CompiledTemplateTests {
    static let content = TemporaryProject.repository.appendingPathComponent("Content").path

    /// The default theme, rendered by the compiled templates and by swift-mustache alone.
    static func themes() throws -> (compiled: TemplateSet, reference: TemplateSet) {
        let compiled = try TemplateSet.load(from: TemporaryProject.defaultTemplates).get()
        var reference = try TemplateSet.load(from: TemporaryProject.defaultTemplates).get()
        reference.engine = .swiftMustache
        return (compiled, reference)
    }

    @Test func everyTemplateOfTheThemeCompiles() throws {
        let (compiled, _) = try Self.themes()
        #expect(compiled.names.count >= 19)
        #expect(
            compiled.compiledNames == compiled.names,
            "not compiled: \(compiled.names.subtracting(compiled.compiledNames))")
    }

    @Test func theSampleProjectRendersByteForByteAsSwiftMustache() throws {
        let project = SiteProject.load(from: Self.content)
        let site = try #require(project.site)
        let (compiled, reference) = try Self.themes()
        func pages(_ templates: TemplateSet) throws -> [OutputFile] {
            let pages = PageRenderer(templates: templates, site: site)
            let renderer = ReportRenderer(project: project, pages: pages)
            var files = try GuideSite(project: project, pages: pages).render()
            var summaries: [ReportSummary] = []
            for file in project.recordFiles {
                guard let record = RecordLoader(project: project).load(file).record else { continue }
                let (reportFiles, summary) = try renderer.render(record)
                files += reportFiles
                summaries.append(summary)
            }
            files += try ReportsIndex.render(summaries, with: pages, pageSize: 10, jobs: 1)
            files.append(try HomePage.render(reportCount: summaries.count, project: project, with: pages))
            return files
        }
        let fast = try pages(compiled)
        let slow = try pages(reference)
        #expect(fast.count == slow.count)
        #expect(fast.count > 60)
        for (a, b) in zip(fast, slow) {
            #expect(a.path == b.path)
            #expect(a.bytes == b.bytes, "\(a.path) differs from swift-mustache's rendering")
        }
        #expect(compiled.fallbacks.total == 0, "fallbacks: \(compiled.fallbacks.byTemplate)")
    }

    @Test(arguments: RecordKind.allCases)
    func generatedRecordsRenderByteForByteAsSwiftMustache(kind: RecordKind) throws {
        let project = SiteProject.load(from: Self.content)
        let site = try #require(project.site)
        let (compiled, reference) = try Self.themes()
        let fast = ReportRenderer(project: project, pages: PageRenderer(templates: compiled, site: site))
        let slow = ReportRenderer(project: project, pages: PageRenderer(templates: reference, site: site))
        var generator = GeneratedRecords(project: project, kind: kind, seed: 20_261_124 + UInt64(kind.folder.count))
        var compared = 0
        var glued = 0
        while compared < 1_000 {
            let next = generator.next()
            let record = try #require(next, "generated records keep loading")
            let a = Result { () throws(TemplateErrors) in try fast.render(record) }
            let b = Result { () throws(TemplateErrors) in try slow.render(record) }
            switch (a, b) {
            case (.success(let a), .success(let b)):
                #expect(a.files == b.files, "\(record.kind) \(record.id) differs from swift-mustache's rendering")
                if glued <= 50 && a.files.contains(where: { GeneratedRecords.hasGluedMarkup($0.bytes) }) { glued += 1 }
            case (.failure(let a), .failure(let b)):
                #expect(a.diagnostics == b.diagnostics)
            default:
                Issue.record("\(record.id): one renderer failed and the other did not")
            }
            compared += 1
        }
        #expect(glued > 50, "hostile text glued to markup reached the reports")
        #expect(compiled.fallbacks.total == 0, "fallbacks: \(compiled.fallbacks.byTemplate)")
    }

    /// Cases the theme and the specification do not cover, each rendered by both renderers.
    @Test func corners() throws {
        let project = try TemporaryProject()
        try project.write("Templates/assets/style.css", "body { margin: 0 }\n")
        let templates: [String: String] = [
            "flags.html": "{{yes}} {{no}} {{{yes}}} {{#yes}}[{{yes}}]{{/yes}}{{^no}}!{{/no}}",
            "empty.html":
                "{{#empty}}<{{.}}>{{/empty}}{{^empty}}none{{/empty}}|{{#list}}x{{/list}}{{^list}}[{{#.}}x{{/.}}]{{/list}}",
            "stack.html":
                "{{#outer}}{{#inner}}{{name}} {{title}} {{.name}} {{outer.title}} {{inner.name}}{{/inner}}{{/outer}}",
            "dots.html": "{{a.b.c}} {{a.b.missing}} {{#a}}{{b.c}} {{.b.c}}{{/a}} {{missing.b}}",
            "types.md":
                "{{% CONTENT_TYPE: MARKDOWN }}\n*{{text}}*\n{{#items}}\n- {{.}}\n{{/items}}\n  {{> indented.md}}\n",
            "indented.md": "{{% CONTENT_TYPE: MARKDOWN }}\nline {{text}}\r\nnext\n{{#items}}\n  item {{.}}\n{{/items}}",
            "switch.html": "{{text}}{{#items}}{{% CONTENT_TYPE: MARKDOWN }}{{.}}{{/items}}{{text}}",
        ]
        for (name, text) in templates { try project.write("Templates/\(name).mustache", text) }
        let compiled = try TemplateSet.load(from: project.path("Templates")).get()
        var reference = compiled
        reference.engine = .swiftMustache
        #expect(compiled.compiledNames == Set(templates.keys))
        let context: [String: Any] = [
            "yes": true, "no": false, "empty": "", "list": [String](), "text": "<*a* & \u{0600}<b> \"\u{301}>",
            "items": ["1. x", "<y>\u{301}", "  "],
            "outer": ["title": "T", "inner": [["name": "n1"], ["title": "own"]]],
            "a": ["b": ["c": "deep"]], "name": "root",
        ]
        for name in templates.keys.sorted() {
            let fast = try compiled.render(name, context)
            #expect(fast == (try reference.render(name, context)), "\(name)")
        }
        #expect(try compiled.render("flags.html", context) == "true false true [true]!")
        #expect(compiled.fallbacks.total == 0, "\(compiled.fallbacks.byTemplate)")
    }

    /// A name is compiled to its key when a view model of CarePress's has it, and is still found by its text when
    /// none has (a dictionary context's own keys).
    @Test func fieldNamesKeepTheirTextAndFindTheirKey() throws {
        for key in FieldName.Key.allCases where key != .other {
            #expect(FieldName(key.rawValue).key == key)
        }
        #expect(FieldName("other").key == .other && FieldName("").key == .other)
        let dictionary = try DictionaryViewModel(["notAField": "kept", "title": "T"])
        #expect(FieldName("notAField").key == .other)
        if case .text(let text)? = dictionary.field(FieldName("notAField")) {
            #expect(text == "kept")
        } else {
            Issue.record("not found")
        }
        if case .text(let text)? = dictionary.field("title") { #expect(text == "T") } else { Issue.record("not found") }
    }

    /// Text held as UTF-8 (`TemplateValue.utf8`: the HTML a report's layout and callouts are given) renders as the
    /// same text held as a `String`, escaped or not, as a section and inverted, by both renderers.
    @Test func textHeldAsUTF8RendersAsTheSameText() throws {
        struct Model: ViewModel {
            var text: String
            var asUTF8: Bool
            func field(_ name: FieldName) -> TemplateValue? {
                guard name.key == .value else { return nil }
                return asUTF8 ? .utf8(Array(text.utf8)) : .text(text)
            }
        }
        let project = try TemporaryProject()
        try project.write("Templates/assets/style.css", "body { margin: 0 }\n")
        let body = "{{value}}|{{{value}}}|{{#value}}[{{.}}]{{/value}}|{{^value}}none{{/value}}"
        try project.write("Templates/value.html.mustache", body)
        try project.write("Templates/value.md.mustache", "{{% CONTENT_TYPE: MARKDOWN }}\n" + body)
        let compiled = try TemplateSet.load(from: project.path("Templates")).get()
        var reference = compiled
        reference.engine = .swiftMustache
        for text in ["<p>Zoë & \u{0600}<b>\"\u{301}></p>\n", "", "*a* 1. #"] {
            for name in ["value.html", "value.md"] {
                let expected = try reference.render(name, Model(text: text, asUTF8: false))
                for templates in [compiled, reference] {
                    #expect(try templates.render(name, Model(text: text, asUTF8: true)) == expected, "\(name)")
                    #expect(try templates.renderUTF8(name, Model(text: text, asUTF8: true)) == Array(expected.utf8))
                }
                #expect(try compiled.render(name, Model(text: text, asUTF8: false)) == expected)
            }
        }
        #expect(try compiled.render("value.html", Model(text: "<i>", asUTF8: true)) == "&lt;i&gt;|<i>|[&lt;i&gt;]|")
        #expect(compiled.fallbacks.total == 0, "\(compiled.fallbacks.byTemplate)")
    }

    /// Without the compiled renderer's result, a render is swift-mustache's and is counted as a fallback.
    @Test func whatTheCompiledRendererCannotRenderFallsBackAndIsCounted() throws {
        let project = try TemporaryProject()
        try project.write("Templates/assets/style.css", "body { margin: 0 }\n")
        try project.write("Templates/plain.html.mustache", "<p>{{name}}</p>")
        try project.write("Templates/lambda-like.html.mustache", "<p>{{items}}</p>")
        try project.write("Templates/transform.html.mustache", "{{#items}}{{index()}}{{/items}}")
        try project.write("Templates/uses-transform.html.mustache", "[{{> transform.html}}]")
        let set = try TemplateSet.load(from: project.path("Templates")).get()
        #expect(set.compiledNames == ["plain.html", "lambda-like.html"])
        #expect(try set.render("plain.html", ["name": "<\u{301}b>"]) == "<p>&lt;\u{301}b&gt;</p>")
        #expect(set.fallbacks.total == 0)
        // A list printed as text: only swift-mustache prints it the way it does.
        #expect(try set.render("lambda-like.html", ["items": ["a"]]) == "<p>[&quot;a&quot;]</p>")
        #expect(try set.render("uses-transform.html", ["items": ["a", "b"]]) == "[01]")
        // A value with no template value of the same meaning.
        #expect(try set.render("plain.html", ["name": NSNull()]) == "<p></p>")
        #expect(set.fallbacks.byTemplate == ["lambda-like.html": 1, "uses-transform.html": 1, "plain.html": 1])
    }

    /// `build --json` reports the renders that fell back, so a theme that defeats the compiled renderer shows.
    @Test func theBuildCountsFallbacks() throws {
        let project = try TemporaryProject.minimal()
        let templates = try LinkCheckTests.copyOfDefaultTemplates(in: project)
        try LinkCheckTests.append("{{#steps}}{{index()}}{{/steps}}\n", to: "guide/exercise.md.mustache", in: templates)
        var options = project.buildOptions()
        options.templatesPath = templates
        let report = SiteBuilder.build(options)
        #expect(!report.hasErrors, "\(report.diagnostics)")
        #expect(report.templateFallbacks == 3, "one for each of the three exercise pages")
        #expect(report.json.contains("\"templateFallbacks\":3"))
        let plain = SiteBuilder.build(project.buildOptions(output: "Plain"))
        #expect(plain.templateFallbacks == 0)
    }
}

/// Valid records made from the sample records with free text replaced by hostile strings, from a seed.
struct GeneratedRecords {
    let project: SiteProject
    let kind: RecordKind
    private var generator: SplitMix64
    private let samples: [ContentNode]
    private let loader: RecordLoader

    /// Text that glues markup characters into larger `Character`s: a prepended mark before `<`, combining marks
    /// after `>`, `"` and `'`.
    static let glued = [
        "\u{0600}<script>alert(1)</script>", "<b>\u{301}", "x\" onmouseover=\"alert(1)\"\u{301}",
        "\u{0600}<img src=x onerror=alert(1)>\u{301}", "'\u{301}><a href=javascript:alert(1)>", "&\u{301}amp;",
        "\u{0600}\"", "e\u{301}<\u{0600}",
    ]

    init(project: SiteProject, kind: RecordKind, seed: UInt64) {
        self.project = project
        self.kind = kind
        generator = SplitMix64(seed: seed)
        loader = RecordLoader(project: project)
        samples = project.recordFiles.filter { $0.kind == kind }.compactMap { file in
            FileManager.default.contents(atPath: file.path).flatMap { try? JSONParser.parse([UInt8]($0)) }
        }
    }

    /// Whether a rendered file still carries a glued mark next to an escaped markup character (so the hostile
    /// strings reached the output and were escaped there).
    static func hasGluedMarkup(_ bytes: [UInt8]) -> Bool {
        ["\u{0600}&lt;", "&gt;\u{301}", "&quot;\u{301}", "\u{0600}\\<", "\\>\u{301}"].contains { pattern in
            let pattern = Array(pattern.utf8)
            var start = 0
            while let found = bytes[start...].firstIndex(of: pattern[0]) {
                if found + pattern.count <= bytes.count && bytes[found..<found + pattern.count].elementsEqual(pattern) {
                    return true
                }
                start = found + 1
            }
            return false
        }
    }

    /// The next generated record that loads without errors (nil if a hundred in a row do not).
    mutating func next() -> Record? {
        for _ in 0..<100 {
            guard !samples.isEmpty else { return nil }
            let sample = samples[Int.random(in: 0..<samples.count, using: &generator)]
            var node = mutate(sample, key: nil, freeText: [])
            if case .object(var members) = node.value, let id = members.firstIndex(where: { $0.key == "id" }),
                Bool.random(using: &generator)
            {
                // The record's own id is untrusted too (supplement ids are references, so they stay).
                members[id].value.value = .string(hostileText())
                node.value = .object(members)
            }
            let log = DiagnosticLog(file: "generated.json")
            if let record = loader.load(node, kind: kind, log: log).record { return record }
        }
        return nil
    }

    /// The ids of a consult's free-text questions (their answers are untrusted text).
    private func freeTextAnswers(of node: ContentNode) -> Set<String> {
        guard kind == .consult, case .string(let id)? = node.child("schema")?.value, let schema = project.schemas[id]
        else { return [] }
        return Set(schema.questions.filter { $0.type == .freeText }.map(\.id))
    }

    /// The keys whose string values (or the strings of whose arrays) are untrusted text.
    private static let textKeys: Set<String> = [
        "displayName", "text", "concern", "reasoning", "encouragement", "conditionName", "suggestedExercises",
        "unavailableReason", "priority", "name", "purpose", "dose", "cautions", "title", "url", "note",
    ]

    /// The node with most of its untrusted strings replaced and some list items dropped; `freeText` is the set of
    /// keys that hold free text at this level (the free-text answers, directly under `answers`).
    private mutating func mutate(_ node: ContentNode, key: String?, freeText: Set<String>) -> ContentNode {
        var node = node
        let freeText = key == nil ? freeTextAnswers(of: node) : freeText
        switch node.value {
        case .string:
            if let key, Self.textKeys.contains(key) || freeText.contains(key),
                Int.random(in: 0..<10, using: &generator) < 7
            {
                node.value = .string(hostileText())
            }
        case .array(let items):
            var kept: [ContentNode] = []
            for item in items {
                // Drop some transcript messages, tracking days, citations and cautions.
                if ["transcript", "tracking", "citations", "cautions"].contains(key ?? ""),
                    Int.random(in: 0..<5, using: &generator) == 0
                {
                    continue
                }
                kept.append(mutate(item, key: key, freeText: []))
            }
            node.value = .array(kept)
        case .object(let members):
            let answers = key == "answers" || key == nil ? freeText : []
            node.value = .object(
                members.map { member in
                    var member = member
                    member.value = mutate(member.value, key: member.key, freeText: answers)
                    return member
                })
        default:
            break
        }
        return node
    }

    private mutating func hostileText() -> String {
        var text = DangerousText.random(using: &generator, maxPieces: 8)
        if Int.random(in: 0..<3, using: &generator) == 0 {
            let piece = Self.glued[Int.random(in: 0..<Self.glued.count, using: &generator)]
            text = Bool.random(using: &generator) ? piece + text : text + piece
        }
        return text
    }
}
