import CarePress

/// Renders the default theme's HTML templates with every value set to one string, to see what a value can add.
///
/// The context is made from the templates' own tags: each `{{name}}` (and each `{{name}}` under a dotted
/// `{{parent.name}}`) is the value; each `{{{name}}}` or `{{& name}}`, which takes trusted HTML, is a fixed fragment;
/// each section that is only a section is `true`.
public enum TemplateValues {
    /// The scalars that make markup in HTML.
    public static let markup: [Unicode.Scalar] = ["<", ">", "\"", "'"]

    /// The fixed HTML given to the variables that take HTML.
    static let trustedHTML = "<p class=\"trusted\">trusted</p>"

    /// The names of the default theme's HTML templates, sorted.
    public static let htmlTemplates: [String] = FuzzContent.templates.names.filter { !$0.hasSuffix(".md") }.sorted()

    /// The tags of every HTML template: escaped variable names, HTML variable names and section names.
    static let tags: (escaped: Set<String>, html: Set<String>, sections: Set<String>) = {
        var escaped = Set<String>()
        var html = Set<String>()
        var sections = Set<String>()
        for name in htmlTemplates {
            var rest = Substring(FuzzContent.templates.source(of: name) ?? "")
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                let triple = rest.hasPrefix("{")
                guard let close = rest.range(of: triple ? "}}}" : "}}") else { break }
                var tag = rest[..<close.lowerBound]
                rest = rest[close.upperBound...]
                if triple { tag = tag.dropFirst() }
                let sigil = tag.first
                let name = tag.drop { "#^/&>!%=<$ ".contains($0) }.trimmingCharacters(in: .whitespaces)
                switch sigil {
                case _ where triple: html.insert(name)
                case "&": html.insert(name)
                case "#", "^": sections.insert(name)
                case "/", ">", "<", "!", "%", "=", "$": break
                default: escaped.insert(name)
                }
            }
        }
        return (escaped, html, sections)
    }()

    /// Renders one template with every escaped value set to `value`.
    public static func render(_ name: String, value: String) -> String {
        var context: [String: Any] = [:]
        func set(_ path: String, _ item: Any) {
            let parts = path.split(separator: ".").map(String.init)
            guard let first = parts.first else { return }
            if parts.count == 1 {
                if context[first] == nil { context[first] = item }
            } else {
                var nested = context[first] as? [String: Any] ?? [:]
                nested[parts[1...].joined(separator: ".")] = item
                context[first] = nested
            }
        }
        for name in tags.html { set(name, trustedHTML) }
        for name in tags.escaped { set(name, value) }
        for name in tags.sections { set(name, true) }
        do {
            return try FuzzContent.templates.render(name, context)
        } catch {
            Invariant.fail("\(name) does not render: \(error.diagnostics)")
        }
    }
}
