import Foundation

/// `kit.json`: what an app kit holds, so the app's build (and a reviewer) can check it without reading the files.
public struct KitManifest: Sendable, Codable, Hashable {
    /// How many of each thing the kit holds.
    public struct Counts: Sendable, Codable, Hashable {
        /// Body areas (`BodyArea` cases).
        public var bodyAreas: Int
        /// Conditions (`KnowledgeStore.conditions`).
        public var conditions: Int
        /// Exercises (`ExerciseStore.shared.exercises`).
        public var exercises: Int
        /// Recovery phases (`RecoveryPhase.all`).
        public var phases: Int
        /// Swift source files under `Swift/`.
        public var swiftFiles: Int
        /// Files of the guide under `Guide/` (pages, search index and assets).
        public var guideFiles: Int
    }

    /// Sizes in bytes.
    public struct Sizes: Sendable, Codable, Hashable {
        /// Everything under `Swift/`.
        public var swift: Int
        /// Everything under `Guide/`.
        public var guide: Int
        /// Both together (`kit.json` itself is not counted).
        public var total: Int
    }

    /// One file of the kit.
    public struct File: Sendable, Codable, Hashable {
        /// Its path relative to the kit folder.
        public var path: String
        /// Its size in bytes.
        public var bytes: Int
    }

    /// The CarePress release that wrote the kit.
    public var carePressVersion: String
    /// A digest of every file's path and bytes (32 hex digits; it detects change, not tampering).
    public var contentHash: String
    /// How many of each thing the kit holds.
    public var counts: Counts
    /// Sizes in bytes.
    public var sizes: Sizes
    /// The longest context the app injects into its prompt.
    public var promptBudget: PromptBudget
    /// Every file, by path in byte order; the next `app-kit` removes the ones it no longer writes.
    public var files: [File]
    /// The `BodyArea` case name of each body area id, which the next kit keeps (see `SwiftIdentifier`); nil in a
    /// kit made before they were recorded.
    public var bodyAreaCases: [String: String]?
    /// The case names of areas an earlier kit had and this one has not, held so that no new area takes one (and an
    /// area that comes back gets its own); nil when there are none.
    public var retiredBodyAreaCases: [String: String]?

    /// The manifest file's name in the kit folder.
    public static let path = "kit.json"

    /// The manifest of a kit's files, whose area cases are named as `cases` says.
    init(knowledge: KnowledgeStore, files: [OutputFile], budget: PromptBudget, cases: SwiftIdentifier.Assignment) {
        let sorted = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var hasher = ContentHasher()
        for file in sorted {
            hasher.combine(file.path)
            hasher.combine(bytes: file.bytes)
            hasher.combine(length: file.bytes.count)
        }
        func size(under folder: String) -> Int {
            sorted.filter { $0.path.hasPrefix(folder + "/") }.reduce(0) { $0 + $1.bytes.count }
        }
        carePressVersion = CarePressVersion.current
        contentHash = hasher.finalize().description
        counts = Counts(
            bodyAreas: knowledge.areas.count, conditions: knowledge.conditions.count,
            exercises: knowledge.exercises.count, phases: knowledge.phases.count,
            swiftFiles: sorted.filter { $0.path.hasPrefix(AppKitSources.folder + "/") }.count,
            guideFiles: sorted.filter { $0.path.hasPrefix(AppKitBuilder.guideFolder + "/") }.count)
        let swift = size(under: AppKitSources.folder)
        let guide = size(under: AppKitBuilder.guideFolder)
        sizes = Sizes(swift: swift, guide: guide, total: swift + guide)
        promptBudget = budget
        self.files = sorted.map { File(path: $0.path, bytes: $0.bytes.count) }
        bodyAreaCases = cases.names
        retiredBodyAreaCases = cases.retired.isEmpty ? nil : cases.retired
    }

    /// The case names the kit recorded, for the next kit to keep: its areas', and those it held.
    var recordedCases: [String: String] {
        (retiredBodyAreaCases ?? [:]).merging(bodyAreaCases ?? [:]) { _, current in current }
    }

    /// Pretty JSON with sorted keys, ending in a newline.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
