import Foundation

/// The guide's search index: the matcher's index as a script, so the search works opened from disk.
///
/// A browser will not `fetch` a JSON file from `file://`, but it runs a script a `<script src>` tag names. The
/// build therefore writes `assets/search-index.js`, which sets `window.CAREPRESS_INDEX` to this value; the guide's
/// `search.js` scores concerns against it with the same algorithm as `ConditionMatcher`, so the two rank alike.
public struct GuideSearchIndex: Sendable, Encodable {
    /// A body area, for the search's area filter.
    public struct Area: Sendable, Encodable {
        /// The area's id, as `carepress match --area` takes it.
        public var id: String
        /// Its display name.
        public var name: String
    }

    /// Where the script goes in the output folder.
    public static let path = "assets/search-index.js"

    /// The matcher's index: terms, integer weights, vocabulary and stop words.
    public var matcher: MatcherIndex
    /// Each condition's page by condition name, relative to the guide's home page (`conditions/acl-tear.html`).
    public var pages: [String: String]
    /// The body areas, in the order the guide lists them.
    public var areas: [Area]
    /// The emergency screen's signs and rules, for `emergency.js`, which screens a concern before any result.
    public var emergency: EmergencyScreen

    /// The index of a knowledge store.
    public init(knowledge: KnowledgeStore) {
        self.init(knowledge: knowledge, matcher: MatcherIndex(knowledge: knowledge))
    }

    /// The index of a knowledge store, with its matcher's index made already.
    init(knowledge: KnowledgeStore, matcher: MatcherIndex) {
        self.matcher = matcher
        pages = Dictionary(
            knowledge.conditions.map {
                ($0.name, RelativeLink.to(GuidePaths.condition($0), from: GuidePaths.home))
            },
            uniquingKeysWith: { first, _ in first })
        areas = knowledge.areas.map { Area(id: $0.id, name: $0.name) }
        emergency = EmergencyScreen(knowledge: knowledge)
    }

    /// The script: one statement that assigns the index, as JSON with sorted keys so builds are byte-identical.
    public var script: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return """
            // The recovery guide's search index, written by `carepress build`; read by search.js. Do not edit.
            window.CAREPRESS_INDEX = \(json);

            """
    }

    /// The script as an output file.
    public var file: OutputFile { OutputFile(path: Self.path, text: script) }
}
