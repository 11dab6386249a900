import Mustache

/// swift-mustache's own parse of a template, read back as tokens the compiled renderer can use.
///
/// swift-mustache keeps its token tree internal, so it is read by reflection (`Mirror`), which sees internal
/// properties and enum cases. Nothing here parses Mustache: the tokens are swift-mustache's, with its rules for
/// standalone lines, indentation, whitespace and content types already applied. If a later swift-mustache stores its
/// parse differently, `tokens(of:)` returns nil, the template falls back to swift-mustache (which `build --json`
/// counts), and `CompiledTemplateTests` fails on the theme's templates.
enum MustacheParse {
    /// One token of swift-mustache's parse (`MustacheTemplate.Token`).
    indirect enum Token {
        /// Text copied to the output as it is.
        case text(String)
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
        case variable(name: String, transforms: [String], escaped: Bool)
        /// `{{#name}}...{{/name}}`, or with `inverted`, `{{^name}}...{{/name}}`.
        case section(name: String, transforms: [String], inverted: Bool, body: [Token])
        /// `{{> name}}`; `indentation` is the whitespace before a standalone partial tag.
        case partial(name: String, indentation: String?, inherits: Bool)
        /// `{{% CONTENT_TYPE: ... }}`: how the variables after it are escaped.
        case contentType(any MustacheContentType)
        /// Anything else (inheritance blocks, dynamic partials), by swift-mustache's case name.
        case unsupported(String)
    }

    /// The tokens of a parsed template, or nil when swift-mustache's parse does not have the shape read here.
    static func tokens(of template: MustacheTemplate) -> [Token]? {
        guard let tokens = child("tokens", of: template) as? [Any] else { return nil }
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        for token in tokens {
            guard let read = self.token(token) else { return nil }
            result.append(read)
        }
        return result
    }

    private static func token(_ token: Any) -> Token? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else {
            return nil
        }
        let fields = Mirror(reflecting: payload.value).children.map(\.value)
        switch name {
        case "text":
            return (payload.value as? String).map(Token.text)
        case "variable", "unescapedVariable":
            guard fields.count == 2, let variable = fields[0] as? String, let transforms = fields[1] as? [String]
            else { return nil }
            return .variable(name: variable, transforms: transforms, escaped: name == "variable")
        case "section", "invertedSection":
            guard fields.count == 3, let variable = fields[0] as? String, let transforms = fields[1] as? [String],
                let template = fields[2] as? MustacheTemplate, let body = tokens(of: template)
            else { return nil }
            return .section(name: variable, transforms: transforms, inverted: name == "invertedSection", body: body)
        case "partial":
            guard fields.count == 3, let partial = fields[0] as? String,
                let indentation = fields[1] as? String?, let inherits = fields[2] as? [String: MustacheTemplate]?
            else { return nil }
            return .partial(name: partial, indentation: indentation, inherits: inherits != nil)
        case "contentType":
            return (payload.value as? any MustacheContentType).map(Token.contentType)
        default:
            return .unsupported(name)
        }
    }

    private static func child(_ label: String, of value: Any) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }
}
