/// A free-form page of the guide, from `Content/pages/<slug>.md`.
public struct GuidePage: Sendable, Hashable {
    /// The file-name form of the page's file name.
    public var slug: String
    /// The title from the front matter.
    public var title: String
    /// Where the page sorts among the others (lower first); pages without one sort last, by title.
    public var order: Int?
    /// The CommonMark body. It is trusted content written by the site's authors.
    public var body: String
    /// The file it was loaded from.
    public var source: String
}
