/// Where a record's report goes in the output folder.
public enum ReportPaths {
    /// The parts of a report's path without extension: `reports/`, the kind's folder, `/` and the id as a slug.
    private static func baseParts(kind: RecordKind, id: String) -> [String] {
        ["reports/", kind.folder, "/", Slug.make(id)]
    }

    /// The report's path without extension, e.g. `reports/consults/hl-2026-0001`.
    public static func base(kind: RecordKind, id: String) -> String {
        .concatenating(baseParts(kind: kind, id: id))
    }

    /// `ContentDigest(base(kind:id:))`, without making the path: the key a record's claim on its report files is
    /// known by, for every record of every build.
    static func baseDigest(kind: RecordKind, id: String) -> ContentDigest {
        var hasher = ContentHasher()
        hasher.combine(concatenationOf: baseParts(kind: kind, id: id))
        return hasher.finalize()
    }

    /// The HTML report's path.
    public static func html(kind: RecordKind, id: String) -> String {
        .concatenating(baseParts(kind: kind, id: id) + [".html"])
    }

    /// The Markdown report's path.
    public static func markdown(kind: RecordKind, id: String) -> String {
        .concatenating(baseParts(kind: kind, id: id) + [".md"])
    }

    /// The PDF report's path (`build --pdf`), beside the HTML it is printed from.
    public static func pdf(kind: RecordKind, id: String) -> String {
        .concatenating(baseParts(kind: kind, id: id) + [".pdf"])
    }
}

/// Where the guide's pages go in the output folder.
public enum GuidePaths {
    /// The guide's home page.
    public static let home = "guide/index.html"
    /// The phases overview.
    public static let phases = "guide/phases.html"
    /// A body area's page.
    public static func area(_ id: String) -> String { "guide/areas/\(Slug.make(id)).html" }
    /// A condition's page.
    public static func condition(_ condition: Condition) -> String { "guide/conditions/\(condition.slug).html" }
    /// An exercise's page.
    public static func exercise(_ exercise: Exercise) -> String { "guide/exercises/\(exercise.slug).html" }
    /// A free-form page.
    public static func page(_ page: GuidePage) -> String { "guide/pages/\(page.slug).html" }
}
