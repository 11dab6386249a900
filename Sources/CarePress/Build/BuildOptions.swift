/// Where a build reads from and writes to.
public struct BuildOptions: Sendable {
    /// The content folder.
    public var contentPath: String
    /// The theme folder.
    public var templatesPath: String
    /// The output folder.
    public var outputPath: String

    /// Creates options; the defaults are the `Content/`, `Templates/` and `Output/` folders of the current directory.
    public init(contentPath: String = "Content", templatesPath: String = "Templates", outputPath: String = "Output") {
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.outputPath = outputPath
    }
}
