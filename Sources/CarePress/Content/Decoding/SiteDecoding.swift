extension Site {
    /// Reads `site.yml`, reporting problems into the reader's log.
    static func read(_ node: ContentNode, _ reader: NodeReader) -> Site? {
        guard
            let object = reader.object(
                node, .root,
                keys: [
                    "title", "description", "language", "disclaimer", "baseURL", "starterPrompts", "paper",
                    "outputAccess",
                ])
        else { return nil }
        let title = object.requiredString("title", minLength: 1)
        let language = object.required("language") { reader, node, path in
            reader.string(
                node, path, matching: isLanguageTag, described: "a BCP 47 language tag such as 'en' or 'en-GB'")
        }
        let disclaimer = object.requiredString("disclaimer", minLength: 1)
        let baseURL = object.optional("baseURL") { reader, node, path in
            reader.string(
                node, path, matching: { MarkdownEscaping.safeWebURL($0) != nil },
                described: "an absolute http:// or https:// URL")
        }
        let paper = object.optional("paper") { reader, node, path in reader.choice(node, path, as: Paper.self) }
        let access = object.optional("outputAccess") { reader, node, path in
            reader.choice(node, path, as: OutputAccess.self)
        }
        guard let title, let language, let disclaimer else { return nil }
        return Site(
            title: title, description: object.optionalString("description"), language: language,
            disclaimer: disclaimer, baseURL: baseURL, starterPrompts: object.strings("starterPrompts"),
            paper: paper ?? .a4, outputAccess: access ?? .private)
    }

    private static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                (1...8).contains(part.count)
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
                    }
            }
    }
}
