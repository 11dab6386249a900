import CarePress
import Foundation
import Testing

/// Attack strings in every free-text field of every kind of record come out of the reports as literal text.
///
/// Each field gets a distinct value, `⟦field⟧` + attack + `⟦end⟧`, so that finding the value in the report's text
/// proves that this field, and no other, came through whole. Text a report shows as one line must appear exactly
/// (NUL becomes U+FFFD, the one change CommonMark requires); free text shown as paragraphs must appear with its line
/// breaks as `<br />` and blank lines as paragraph breaks (runs of blank lines count as one), decoded back to `\n`
/// and `\n\n`.
@Suite("Attack strings in reports")
struct ReportAttackTests {
    static let attacks: [String] = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)> <iframe src=\"https://evil.example\"></iframe>",
        "<a href=\"javascript:alert(2)\">click</a>",
        "[click](javascript:alert(1)) ![img](http://evil.example/x.png) <https://evil.example> www.evil.example",
        "*em* **strong** _u_ __b__ `code` ~~del~~\n[ref]: /x",
        "# heading\n1. list\n- item\n+ plus\n> quote\n---\n===\n```\nfence\n```\n    indented code",
        "&amp; &lt;b&gt; &#x3C;script&#x3E; &copy &#0;",
        "back\\slash \\*not em\\* \\<b\\> trailing\\",
        "line one\nline two\r\nline three\rline four\n\n\n  second paragraph  \n \n\t\nthird",
        "\u{202E}reversed\u{202C} \u{200F}rtl mark \u{2067}isolate",
        "nul\u{0}byte",
        "{{site.title}} {{{raw}}} {{#section}}x{{/section}} {{> partial}}",
        "<!-- comment --> <?php echo 1; ?> <![CDATA[x]]> <div onclick=\"x\">",
        "   padded with spaces   ",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "javascript:alert(document.cookie)",
    ]

    /// The value for a field: the attack wrapped in the field's name.
    static func value(_ field: String, _ attack: String) -> String { "⟦\(field)⟧\(attack)⟦end⟧" }

    /// The attack as a record id may hold it: ids that could name a path (`/`, `\\`, `..`) are refused by the
    /// loader, so those characters are swapped for look-alikes.
    static func asID(_ attack: String) -> String {
        attack.replacingOccurrences(of: "/", with: "∕").replacingOccurrences(of: "\\", with: "＼")
            .replacingOccurrences(of: "..", with: "‥")
    }

    /// How a value shown on one line reads in the HTML.
    static func asLine(_ value: String) -> String {
        value.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
    }

    /// How a value shown as paragraphs reads in the HTML, decoded as `ReportHTML.text` decodes it.
    static func asParagraphs(_ value: String) -> String {
        let lines = asLine(value).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
            of: "\r", with: "\n"
        )
        .components(separatedBy: "\n")
        var paragraphs: [[String]] = [[]]
        for line in lines {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(line)
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// A transcript with an attack in every kind of message.
    static func transcript(_ prefix: String, _ attack: String) -> [[String: Any]] {
        [
            ["role": "user", "text": value("\(prefix).user", attack)],
            ["role": "assistant", "text": value("\(prefix).assistant", attack)],
            ["role": "assistant", "text": value("\(prefix).diagnosis", attack), "kind": "diagnosis"],
            ["role": "assistant", "text": value("\(prefix).leaflet", attack), "kind": "leaflet"],
            ["role": "system", "text": value("\(prefix).notice", attack), "kind": "notice"],
        ]
    }

    /// Which fields each report shows on one line and which as paragraphs.
    static let lineFields = [
        "consult": ["consult.id", "consult.name", "consult.t.leaflet"],
        "physio": ["physio.id", "physio.condition", "physio.exercise1", "physio.exercise2", "physio.exercise3"],
        "fallback": ["fallback.id", "fallback.reason", "fallback.t.leaflet"],
        "stack": [
            "stack.id", "stack.name", "stack.supplement", "stack.purpose", "stack.dose", "stack.caution",
            "stack.citation", "stack.url",
        ],
    ]
    static let paragraphFields = [
        "consult": [
            "consult.details", "consult.goals", "consult.t.user", "consult.t.assistant", "consult.t.diagnosis",
            "consult.t.notice",
        ],
        "physio": ["physio.concern", "physio.reasoning", "physio.encouragement"],
        "fallback": [
            "fallback.concern", "fallback.t.user", "fallback.t.assistant", "fallback.t.diagnosis", "fallback.t.notice",
        ],
        "stack": ["stack.priority", "stack.note"],
    ]

    /// Writes one record of each kind per attack string.
    static func writeRecords(_ fixture: ReportFixture) throws {
        for (index, attack) in attacks.enumerated() {
            try fixture.write(
                .consult, "c\(index)",
                [
                    "id": "c\(index) " + value("consult.id", asID(attack)), "schema": "hair-loss",
                    "status": "completed",
                    "completedAt": "2026-11-02T09:19:30Z",
                    "patient": ["displayName": value("consult.name", attack)],
                    "answers": [
                        "areas": ["crown"], "duration": "gt_1y", "scalp_symptoms": "pain",
                        "scalp_details": value("consult.details", attack), "age_started": 30,
                        "goals": value("consult.goals", attack),
                    ],
                    "transcript": transcript("consult.t", attack),
                ])
            try fixture.write(
                .physio, "p\(index)",
                [
                    "id": "p\(index) " + value("physio.id", asID(attack)), "concern": value("physio.concern", attack),
                    "response": [
                        "reasoning": value("physio.reasoning", attack),
                        "conditionName": value("physio.condition", attack),
                        "suggestedExercises": (1...3).map { value("physio.exercise\($0)", attack) },
                        "encouragement": value("physio.encouragement", attack),
                    ],
                ])
            try fixture.write(
                .physio, "f\(index)",
                [
                    "id": "f\(index) " + value("fallback.id", asID(attack)),
                    "concern": value("fallback.concern", attack),
                    "unavailableReason": value("fallback.reason", attack),
                    "transcript": transcript("fallback.t", attack),
                ])
            try fixture.write(
                .stack, "s\(index)",
                [
                    "id": "s\(index) " + value("stack.id", asID(attack)),
                    "user": ["displayName": value("stack.name", attack), "risks": ["anticoagulants"]],
                    "priority": value("stack.priority", attack),
                    "minimal": [
                        [
                            "id": "one", "name": value("stack.supplement", attack),
                            "purpose": value("stack.purpose", attack), "dose": value("stack.dose", attack),
                            "timing": ["AM"], "evidence": "A", "cautions": [value("stack.caution", attack)],
                            "citations": [
                                ["title": value("stack.citation", attack), "url": value("stack.url", attack)]
                            ],
                        ]
                    ],
                    "reminders": [["supplementId": "one", "time": "08:00"]],
                    "tracking": [["date": "2026-11-02", "taken": ["one"], "note": value("stack.note", attack)]],
                ])
        }
    }

    @Test func everyFreeTextFieldComesOutAsLiteralTextWithNoMarkupInjected() throws {
        let fixture = try ReportFixture.minimal()
        try Self.writeRecords(fixture)
        let build = fixture.build()
        #expect(!build.hasErrors, "\(build.diagnostics.filter { $0.severity == .error })")
        let reports = fixture.project.files(under: "Output/reports").filter {
            $0.hasSuffix(".html") && $0 != "index.html"
        }
        #expect(reports.count == Self.attacks.count * 4)
        for path in reports {
            let page = try fixture.report(path)
            let html = try ReportHTML(page: page)
            Self.expectOnlyReportMarkup(html, in: path)
            Self.expectNoActiveContent(page, in: path)
            let kind: String
            switch path.split(separator: "/").last?.first {
            case "c": kind = "consult"
            case "p": kind = "physio"
            case "f": kind = "fallback"
            default: kind = "stack"
            }
            let index = try #require(Int(path.split(separator: "/").last?.dropFirst().prefix { $0.isNumber } ?? ""))
            let attack = Self.attacks[index]
            let text = html.text
            for field in Self.lineFields[kind] ?? [] {
                let shown = field.hasSuffix(".id") ? Self.asID(attack) : attack
                #expect(
                    text.contains(Self.asLine(Self.value(field, shown))),
                    "\(path): \(field) shows \(attack.debugDescription) exactly on one line")
            }
            for field in Self.paragraphFields[kind] ?? [] {
                #expect(
                    text.contains(Self.asParagraphs(Self.value(field, attack))),
                    "\(path): \(field) shows \(attack.debugDescription) exactly as paragraphs")
            }
        }
        let index = try fixture.report("index.html")
        let html = try ReportHTML(page: index)
        // The entries are Markdown that libcmark rendered, one list per section; around them, the index's template
        // writes the filter's form, its two scripts and the sections, and nothing else may add a tag.
        let lists = html.main.components(separatedBy: "<ul>").dropFirst().compactMap {
            $0.components(separatedBy: "</ul>").first
        }
        #expect(lists.count >= 2)
        Self.expectOnlyReportMarkup(
            try ReportHTML(page: "<main id=\"main\">" + lists.map { "<ul>\($0)</ul>" }.joined() + "</main>"),
            in: "index.html")
        var outside = index
        for tag in [
            "<script src=\"index-data.js\" defer></script>",
            "<script src=\"../assets/reports-filter.js\" defer></script>",
            "<div class=\"search report-filter\" data-report-filter hidden>", "<div class=\"search-row\">",
            "<div class=\"report-list\" id=\"report-list\">", "</div>",
        ] {
            outside = outside.replacingOccurrences(of: tag, with: "")
        }
        Self.expectNoActiveContent(outside, in: "index.html")
        for attack in Self.attacks {
            #expect(html.text.contains(Self.asLine(Self.value("consult.name", attack))))
            #expect(html.text.contains(Self.asLine(Self.value("stack.id", Self.asID(attack)))))
        }
    }

    @Test func reportTemplatesSpliceRawOnlyTheKeysSwiftEscaped() throws {
        let folder = URL(fileURLWithPath: TemporaryProject.defaultTemplates).appendingPathComponent("reports")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        #expect(names.filter { $0.hasSuffix(".md.mustache") }.count == 9)
        #expect(names.filter { $0.hasSuffix(".html.mustache") }.count == 2, "the index's page and its page links")
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            // Markdown templates escape values for Markdown; the index's HTML template composes HTML fragments that
            // libcmark made (keys ending in HTML) and escapes everything else for HTML.
            let isHTML = name.hasSuffix(".html.mustache")
            if !isHTML {
                #expect(text.hasPrefix("{{% CONTENT_TYPE: MARKDOWN }}\n"), "\(name) escapes values for Markdown")
            }
            var rest = text[...]
            while let open = rest.range(of: "{{{") {
                let close = try #require(rest[open.upperBound...].range(of: "}}}"))
                let key = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                #expect(
                    isHTML ? key.hasSuffix("HTML") : key.hasSuffix("Markdown") || key.hasSuffix("Destination"),
                    "\(name): {{{\(key)}}} is not a pre-escaped key")
                rest = rest[close.upperBound...]
            }
            #expect(!text.contains("{{&"), "\(name): no unescaped ampersand tags")
        }
    }

    /// The tags libcmark writes for report Markdown, and no attributes but relative guide links, the vetted
    /// citation host, the appendix section and the callouts; and the adherence chart, inline, made of the SVG
    /// elements `AdherenceChart` draws (it shows figures and dates, never a record's text).
    static func expectOnlyReportMarkup(_ html: ReportHTML, in path: String) {
        let allowed: Set<String> = [
            "h1", "h2", "h3", "h4", "p", "ul", "ol", "li", "blockquote", "strong", "em", "a", "br", "section",
            "aside", "span",
        ]
        let chartOpening = #"<svg xmlns="http://www.w3.org/2000/svg" class="adherence-chart" "#
        let chartTags: Set<String> = ["svg", "title", "defs", "pattern", "rect", "line", "text"]
        var inChart = false
        for tag in html.tags {
            if tag.hasPrefix(chartOpening) {
                #expect(!inChart, "\(path): one chart at a time")
                inChart = true
                continue
            }
            if inChart {
                let name = String(tag.drop { $0 == "<" || $0 == "/" }.prefix { $0.isLetter })
                #expect(chartTags.contains(name), "\(path): unexpected tag in the chart \(tag)")
                #expect(!tag.lowercased().contains(" on") && !tag.contains("href"), "\(path): \(tag)")
                if tag == "</svg>" { inChart = false }
                continue
            }
            var body = tag.dropFirst().dropLast()
            if body.hasSuffix(" /") { body = body.dropLast(2) }
            if body.hasPrefix("/") { body = body.dropFirst() }
            let name = String(body.prefix { $0.isLetter || $0.isNumber })
            #expect(allowed.contains(name), "\(path): unexpected tag \(tag)")
            let attributes = body.dropFirst(name.count)
            guard !attributes.isEmpty else { continue }
            switch name {
            case "a":
                let href = attributes.hasPrefix(" href=\"") ? String(attributes.dropFirst(7).dropLast()) : ""
                #expect(
                    href.hasPrefix("../../guide/") || href.hasPrefix("../consults/") || href.hasPrefix("../physio/")
                        || href.hasPrefix("../stacks/") || href.hasPrefix("consults/") || href.hasPrefix("physio/")
                        || href.hasPrefix("stacks/"),
                    "\(path): link \(tag)")
                #expect(!href.contains("\""), "\(path): one attribute only in \(tag)")
            case "section":
                #expect(attributes == " class=\"appendix\"", "\(path): \(tag)")
            case "aside":
                // The callout template's: a tone the report template chose, labelled by its heading.
                let tone = attributes.split(separator: "\"").dropFirst().first ?? ""
                #expect(["callout urgent", "callout caution"].contains(tone), "\(path): \(tag)")
                #expect(attributes.hasSuffix(" aria-labelledby=\"callout-\(calloutNumber(attributes))\""), "\(tag)")
                #expect(!calloutNumber(attributes).isEmpty, "\(path): \(tag)")
            case "h2", "h3", "h4":
                #expect(attributes == " id=\"callout-\(calloutNumber(attributes))\"", "\(path): \(tag)")
                #expect(!calloutNumber(attributes).isEmpty, "\(path): \(tag)")
            case "span":
                #expect(
                    [
                        " class=\"callout-icon\" aria-hidden=\"true\"", " class=\"callout-label\"",
                        " class=\"visually-hidden\"",
                    ]
                    .contains(attributes), "\(path): \(tag)")
            default:
                Issue.record("\(path): attributes on \(tag)")
            }
        }
    }

    /// The number in a callout's `callout-N` id or label, or "" when there is none.
    static func calloutNumber(_ attributes: Substring) -> String {
        guard let start = attributes.range(of: "\"callout-") else { return "" }
        return String(attributes[start.upperBound...].prefix { $0.isNumber })
    }

    /// No script, frame, handler or `javascript:` link in any tag of the page, layout included.
    ///
    /// Text never holds a raw `<` (libcmark and the layout escape it), so every `<` starts a real tag.
    static func expectNoActiveContent(_ page: String, in path: String) {
        var rest = page[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let tag = rest[open...close].lowercased()
            rest = rest[rest.index(after: close)...]
            for needle in ["<script", "<iframe", "<object", "<embed", "<div", "<!--", "javascript:"] {
                #expect(!tag.contains(needle), "\(path): \(tag)")
            }
            let handler = tag.split(separator: " ").contains { $0.hasPrefix("on") && $0.contains("=") }
            #expect(!handler, "\(path): event handler in \(tag)")
        }
    }
}
