/// Where `carepress app-kit` reads from and writes to.
public struct AppKitOptions: Sendable {
    /// The content folder of the site project.
    public var contentPath: String
    /// The theme folder (`--templates`) that overrides the project's `Templates/` and the embedded theme, if any.
    public var templatesPath: String?
    /// The kit folder.
    public var outputPath: String
    /// The most bytes the kit may take: the app's budget (`AppKitBuilder.sizeLimit`), but in tests.
    var sizeLimit = AppKitBuilder.sizeLimit

    /// Creates options; the defaults are the `Content/` and `AppKit/` folders of the current directory and the
    /// project's theme (its `Templates/` over the embedded theme).
    public init(contentPath: String = "Content", templatesPath: String? = nil, outputPath: String = "AppKit") {
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.outputPath = outputPath
    }
}
