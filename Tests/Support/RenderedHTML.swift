/// HTML as libcmark writes it, split into its tags and the decoded text around them.
///
/// libcmark escapes text with exactly four entities (`&amp;`, `&lt;`, `&gt;`, `&quot;`) and writes every other
/// character as itself, so every `<` in its output starts a tag and any other entity means something unexpected.
/// Everything here works on Unicode scalars, not characters: a combining mark after `>` must not hide the `>`, and
/// two renderings are equal only if their scalars are (not merely canonically equivalent).
public struct RenderedHTML: Equatable, Sendable, CustomStringConvertible {
    /// The tags in order, exactly as written, e.g. `<p>`, `<a href="x">`, `<br />`.
    public var tags: [String]
    /// The decoded text before each tag, then the text after the last one (one more element than `tags`).
    public var texts: [String]

    public var description: String { "tags \(tags), texts \(texts.map { $0.debugDescription })" }

    /// Builds the expected shape of a rendering directly.
    public init(tags: [String], texts: [String]) {
        self.tags = tags
        self.texts = texts
    }

    /// Splits `html`; nil when a tag is not closed or the text holds an entity libcmark does not write in text.
    public init?(_ html: String) {
        var tags: [String] = []
        var texts: [String] = []
        var rest = html.unicodeScalars[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">"), let text = Self.decode(rest[..<open]) else {
                return nil
            }
            texts.append(text)
            tags.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        guard let text = Self.decode(rest) else {
            return nil
        }
        texts.append(text)
        self.init(tags: tags, texts: texts)
    }

    public static func == (lhs: RenderedHTML, rhs: RenderedHTML) -> Bool {
        lhs.tags.map { Array($0.unicodeScalars) } == rhs.tags.map { Array($0.unicodeScalars) }
            && lhs.texts.map { Array($0.unicodeScalars) } == rhs.texts.map { Array($0.unicodeScalars) }
    }

    /// The `href` of the first `<a>` tag, with the entities libcmark writes in attributes decoded.
    public var firstHref: String? {
        let prefix = "<a href=\"".unicodeScalars
        guard let tag = tags.first(where: { $0.unicodeScalars.starts(with: prefix) }) else {
            return nil
        }
        let value = tag.unicodeScalars.dropFirst(prefix.count).prefix { $0 != "\"" }
        return Self.decode(value, entities: Self.textEntities + [("&#x27;", "'")])
    }

    /// The entities libcmark writes in text.
    private static let textEntities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")]

    /// Replaces each of `entities`; nil if some other `&` is found.
    private static func decode(
        _ text: Substring.UnicodeScalarView, entities: [(String, String)] = textEntities
    ) -> String? {
        var decoded = String.UnicodeScalarView()
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            decoded.append(contentsOf: rest[..<ampersand])
            rest = rest[ampersand...]
            guard let (entity, scalar) = entities.first(where: { rest.starts(with: $0.0.unicodeScalars) }) else {
                return nil
            }
            decoded.append(contentsOf: scalar.unicodeScalars)
            rest = rest.dropFirst(entity.unicodeScalars.count)
        }
        decoded.append(contentsOf: rest)
        return String(decoded)
    }
}
