/// Where a record's report goes in the output folder.
public enum ReportPaths {
    /// The report's path without extension, e.g. `reports/consults/hl-2026-0001`.
    public static func base(kind: RecordKind, id: String) -> String {
        .concatenating("reports/", kind.folder, "/", Slug.make(id))
    }

    /// `ContentDigest(base(kind:id:))`, without making the path: the key a record's claim on its report files is
    /// known by, for every record of every build.
    static func baseDigest(kind: RecordKind, id: String) -> ContentDigest {
        var hasher = ContentHasher()
        var count = 0
        for var part in ["reports/", kind.folder, "/", Slug.make(id)] {
            part.withUTF8 { hasher.combine(buffer: UnsafeRawBufferPointer($0)) }
            count += part.utf8.count
        }
        hasher.combine(length: count)
        return hasher.finalize()
    }

    /// The base with a suffix, made at once.
    private static func base(kind: RecordKind, id: String, _ suffix: String) -> String {
        .concatenating("reports/", kind.folder, "/", Slug.make(id), suffix)
    }

    /// The HTML report's path.
    public static func html(kind: RecordKind, id: String) -> String { base(kind: kind, id: id, ".html") }

    /// The Markdown report's path.
    public static func markdown(kind: RecordKind, id: String) -> String { base(kind: kind, id: id, ".md") }

    /// The PDF report's path (`build --pdf`), beside the HTML it is printed from.
    public static func pdf(kind: RecordKind, id: String) -> String { base(kind: kind, id: id) + ".pdf" }
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
