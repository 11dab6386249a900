/// Where `carepress app-kit` reads from and writes to.
public struct AppKitOptions: Sendable {
    /// The content folder of the site project.
    public var contentPath: String
    /// The theme folder the guide is rendered with.
    public var templatesPath: String
    /// The kit folder.
    public var outputPath: String

    /// Creates options; the defaults are the `Content/`, `Templates/` and `AppKit/` folders of the current directory.
    public init(contentPath: String = "Content", templatesPath: String = "Templates", outputPath: String = "AppKit") {
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.outputPath = outputPath
    }
}
