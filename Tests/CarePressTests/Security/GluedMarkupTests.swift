import CarePress
import Foundation
import Testing

/// Finding 1 of issue 14: a bracket glued into a larger `Character` by a prepended or combining mark must still be
/// escaped. swift-mustache's own HTML escaping walks `Character`s and missed these; every HTML template now escapes
/// by scalars.
@Suite("Markup glued into grapheme clusters")
struct GluedMarkupTests {
    /// U+0600 (Arabic number sign) prepends itself to the next character, U+0301 (combining acute) attaches to the
    /// previous one: both make `<`, `>` or `"` part of a larger Character.
    static let attacks = [
        "\u{600}<img src=x data-pwned=1 onerror=\"window.__pwned=1\">",
        "<b>\u{301}bold</b>\u{301}",
        "x\"\u{301} data-pwned=\"1",
        "\u{600}<script>window.__pwned=1</script>\u{301}",
        "a'\u{301} onmouseover='window.__pwned=1",
    ]

    @Test("HTMLEscaping leaves no bracket, quote or ampersand unescaped", arguments: attacks)
    func escapesByScalars(attack: String) {
        let escaped = HTMLEscaping.escaped(attack)
        for scalar in ["<", ">", "\"", "'"] {
            #expect(!escaped.unicodeScalars.contains(Unicode.Scalar(scalar)!), "raw \(scalar) in \(escaped)")
        }
        #expect(Self.decoded(escaped).elementsEqual(attack.utf8))
    }

    @Test("Text without markup comes back unchanged")
    func plainTextUnchanged() {
        let text = "Café e\u{301} مرحبا 👩‍👩‍👧"
        #expect(HTMLEscaping.escaped(text) == text)
        #expect(HTMLEscaping.escaped("a&b") == "a&amp;b")
    }

    @Test("An HTML template escapes glued markup in variables, sections and partials", arguments: attacks)
    func templatesEscapeByScalars(attack: String) throws {
        let project = try TemporaryProject()
        try project.write("Templates/page.html.mustache", "<p title=\"{{value}}\">{{value}}</p>{{> part.html}}")
        try project.write("Templates/part.html.mustache", "{{#items}}<i data-x=\"{{.}}\">{{.}}</i>{{/items}}")
        try project.write("Templates/assets/style.css", "")
        let templates = try TemplateSet.load(from: project.path("Templates")).get()
        let html = try templates.render("page.html", ["value": attack, "items": [attack]])
        // Every `<` and `"` left in the page is one the templates wrote.
        #expect(html.unicodeScalars.filter { $0 == "<" }.count == 4)
        #expect(html.unicodeScalars.filter { $0 == "\"" }.count == 4)
    }

    @Test("A built site escapes glued markup from site.yml, knowledge names and every record kind")
    func builtSiteEscapesGluedMarkup() throws {
        let project = try TemporaryProject.sample()
        let attack = Self.attacks[0] + Self.attacks[2]
        func replace(_ file: String, _ old: String, _ new: String) throws {
            let text = try #require(project.read(file))
            #expect(text.contains(old), "\(file) has no \(old)")
            try project.write(file, text.replacingOccurrences(of: old, with: new))
        }
        let json = String(decoding: try JSONEncoder().encode(attack), as: UTF8.self)
        // Quotes escaped by scalar: `replacingOccurrences` compares Characters and would miss `"` + U+0301.
        var quoted = String.UnicodeScalarView()
        for scalar in attack.unicodeScalars { quoted += scalar == "\"" ? ["\\", scalar] : [scalar] }
        let yaml = "\"" + String(quoted) + "\""
        try replace("Content/site.yml", "title: Recovery Guide", "title: \(yaml)")
        try replace("Content/site.yml", "  - My knee hurts when I go down stairs", "  - \(yaml)")
        try replace("Content/stacks/sw-2026-0001.json", "\"Riley\"", json)
        try replace("Content/knowledge/body-areas.yml", "name: Neck", "name: \(yaml)")
        let report = SiteBuilder.build(project.ownThemeOptions())
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        var pages = 0
        for file in project.files(under: "Output") where file.hasSuffix(".html") || file.hasSuffix(".svg") {
            let html = try #require(project.read("Output/" + file))
            pages += 1
            // Compared as bytes: `String.contains` compares Characters, and the glued marks are the point.
            #expect(!Self.bytes(html, contain: "<img src=x"), "an element injected into \(file)")
            #expect(!Self.bytes(html, contain: "data-pwned=\""), "an attribute injected into \(file)")
        }
        #expect(pages > 100)
        let stack = try #require(project.read("Output/reports/stacks/sw-2026-0001.html"))
        #expect(Self.bytes(stack, contain: "<title>Supplement plan for \u{600}&lt;img src=x"))
    }

    /// Whether the UTF-8 of a text contains the UTF-8 of another.
    static func bytes(_ text: String, contain part: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(part.utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    /// HTML escaped by `HTMLEscaping` decoded back, by bytes.
    static func decoded(_ html: String) -> [UInt8] {
        var text = Array(html.utf8)
        for (entity, byte) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            let pattern = Array(entity.utf8)
            var result: [UInt8] = []
            var index = 0
            while index < text.count {
                if text[index...].starts(with: pattern) {
                    result.append(UInt8(ascii: Unicode.Scalar(byte)!))
                    index += pattern.count
                } else {
                    result.append(text[index])
                    index += 1
                }
            }
            text = result
        }
        return text
    }
}
